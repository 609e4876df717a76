import { ApiError } from '@community/api-client';
import type { ChatMessage, EditMessageInput, MessagePage, SendMessageInput } from '@community/domain';
import type { ServerEvent } from '@community/realtime-protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessagePageQuery } from '../api/messages-api.ts';
import { spaceChatEvent } from './chat-channel.ts';
import { ChatStore, type ChatStoreOptions, GAP_FILL_DELAY_MS, RESYNC_PAGE_SIZE } from './chat-store.ts';
import { testOutbox } from './test-outbox.ts';

// vi.waitFor gives up after 1 s by default; under `npm test` this file shares 2 busy cores.
const WAIT = { timeout: 15_000 };

const ME = { id: 'me', firstName: 'Marcus', lastName: 'Meyer', imageUrl: null };
const ADA = { id: 'ada', firstName: 'Ada', lastName: 'Lovelace', imageUrl: null };

const message = (seq: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${seq}`,
  spaceId: 's1',
  seq,
  content: `message ${seq}`,
  attachments: [],
  author: ADA,
  createdAt: new Date(2026, 0, 1, 12, 0, seq).toISOString(),
  deleted: false,
  clientKey: null,
  rev: 0,
  editedAt: null,
  replyTo: null,
  ...extra,
});

/** The API as the tests need it: a space's messages, answered like edge-api pages them. */
function fakeServer(count: number) {
  const messages: ChatMessage[] = Array.from({ length: count }, (_, i) => message(i + 1));
  const byKey = new Map<string, ChatMessage>();
  const calls: MessagePageQuery[] = [];
  const sendCalls: SendMessageInput[] = [];
  const editCalls: (EditMessageInput & { messageId: string })[] = [];
  let failEdits = 0;
  let failSends = 0;
  let failWith: ApiError = new ApiError(0, 'Unable to reach the server.');
  let lastSeq = count;
  let lastRev = 0;

  const page = (items: ChatMessage[], olderCursor: number | null): MessagePage => ({
    items: items.map((m) => ({ ...m })),
    olderCursor,
    lastSeq,
    lastRev,
  });

  const server = {
    messages,
    calls,
    sendCalls,
    editCalls,
    failNextEdits: (n: number) => (failEdits = n),
    add(extra: Partial<ChatMessage> = {}) {
      lastSeq++;
      const created = message(lastSeq, extra);
      messages.push(created);
      return created;
    },
    /** An edit or a deletion: the message takes the space's next rev (reviseSequenced). */
    revise(seq: number, patch: Partial<ChatMessage>) {
      const index = messages.findIndex((m) => m.seq === seq);
      messages[index] = { ...messages[index]!, ...patch, rev: ++lastRev };
      return { ...messages[index]! };
    },
    failNextSends(n: number, error = new ApiError(0, 'Unable to reach the server.')) {
      failSends = n;
      failWith = error;
    },
    api: {
      toChatEvent: spaceChatEvent,
      async fetchMessages(query: MessagePageQuery): Promise<MessagePage> {
        calls.push(query);
        const limit = query.limit ?? 50;
        if (query.changedAfter !== undefined) {
          const changed = messages.filter((m) => m.rev > query.changedAfter!).sort((a, b) => a.rev - b.rev);
          return page(changed.slice(0, limit), null);
        }
        if (query.after !== undefined) {
          return page(messages.filter((m) => m.seq > query.after!).slice(0, limit), null);
        }
        if (query.around !== undefined) {
          const half = Math.ceil(limit / 2);
          const older = messages.filter((m) => m.seq < query.around!);
          const shown = [
            ...older.slice(-half),
            ...messages.filter((m) => m.seq >= query.around!).slice(0, half),
          ];
          return page(shown, older.length > half ? shown[0]!.seq : null);
        }
        const older = messages.filter((m) => query.before === undefined || m.seq < query.before);
        const shown = older.slice(-limit);
        return page(shown, older.length > limit ? shown[0]!.seq : null);
      },
      editOutbox: () => ({ kind: 'chat-edit' as const, target: 's1' }),
      async editMessage(messageId: string, input: EditMessageInput) {
        editCalls.push({ messageId, ...input });
        const held = messages.find((m) => m.id === messageId)!;
        const stored =
          held.content === input.content
            ? held
            : server.revise(held.seq, { content: input.content, editedAt: 'now' });
        if (failEdits > 0) {
          failEdits--;
          throw new ApiError(0, 'Unable to reach the server.');
        }
        return { message: { ...stored } };
      },
      async postMessage(input: SendMessageInput) {
        sendCalls.push(input);
        // The server commits before the answer is lost: a retry must get the same message back.
        const existing = byKey.get(input.clientKey);
        const stored =
          existing ?? server.add({ author: ME, content: input.content, clientKey: input.clientKey });
        byKey.set(input.clientKey, stored);
        if (failSends > 0) {
          failSends--;
          throw failWith;
        }
        return { message: { ...stored } };
      },
    },
  };
  return server;
}

function storeFor(server: ReturnType<typeof fakeServer>, options: Partial<ChatStoreOptions> = {}) {
  let key = 0;
  return new ChatStore({
    api: server.api,
    me: ME,
    newClientKey: () => `client-key-${++key}`,
    outbox: testOutbox(ME.id),
    ...options,
  });
}

const created = (m: ChatMessage): ServerEvent => ({ type: 'message.created', message: m });
const seqs = (store: ChatStore) => store.state.messages.map((m) => m.seq);
const ids = (store: ChatStore) => store.state.messages.map((m) => m.id);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('chat store: loading and resync', () => {
  it('shows the newest page first and loads older pages when asked', async () => {
    const server = fakeServer(120);
    const store = storeFor(server);
    await store.start();
    expect(seqs(store)).toEqual(Array.from({ length: 50 }, (_, i) => 71 + i));
    expect(store.state.hasOlder).toBe(true);
    await store.loadOlder();
    await store.loadOlder();
    expect(seqs(store)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(store.state.hasOlder).toBe(false);
  });

  it('keeps one copy of each message, in order, whatever order and however often they arrive', async () => {
    const server = fakeServer(10);
    const store = storeFor(server);
    await store.start();

    // Live while connected, then the socket drops (a deploy) while more are written.
    store.socketOpened();
    const m11 = server.add();
    const m12 = server.add();
    store.handleEvent(created(m12));
    store.handleEvent(created(m11));
    store.handleEvent(created(m12));
    store.socketClosed();
    const missed = Array.from({ length: 230 }, () => server.add());

    // On reconnect: some frames arrive before the resync answers, late and twice.
    store.handleEvent(created(missed[200]!));
    store.handleEvent(created(missed[5]!));
    store.socketOpened();
    store.handleEvent(created(missed[200]!));
    store.handleEvent(created(m11));
    await store.resync();

    expect(seqs(store)).toEqual(Array.from({ length: 242 }, (_, i) => i + 1));
    expect(new Set(ids(store)).size).toBe(242);
    expect(store.lastSeq).toBe(242);
    // Pages of `after` went on until a short one.
    const afterCalls = server.calls.filter((call) => call.after !== undefined);
    expect(afterCalls.every((call) => call.limit === RESYNC_PAGE_SIZE)).toBe(true);
  });

  it('does not resync from zero when the socket opens before the first page is in', async () => {
    const server = fakeServer(300);
    const store = storeFor(server);
    store.socketOpened();
    await store.start();
    expect(server.calls.some((call) => call.after === 0)).toBe(false);
    expect(server.calls.filter((call) => call.after !== undefined).map((call) => call.after)).toEqual([300]);
    expect(seqs(store).at(0)).toBe(251);
  });

  it('fills a gap left between live messages', async () => {
    vi.useFakeTimers();
    const server = fakeServer(5);
    const store = storeFor(server);
    await store.start();
    store.socketOpened();
    await vi.waitFor(() => expect(server.calls.some((call) => call.after === 5)).toBe(true), WAIT);
    server.add();
    server.add();
    const m8 = server.add();
    store.handleEvent(created(m8)); // 6 and 7 never came over the socket
    expect(seqs(store)).toEqual([1, 2, 3, 4, 5, 8]);
    await vi.advanceTimersByTimeAsync(GAP_FILL_DELAY_MS);
    await vi.waitFor(() => expect(seqs(store)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]), WAIT);
  });

  it('jumps to an old message and fills everything up to the newest', async () => {
    const server = fakeServer(400);
    const store = storeFor(server);
    await store.start(40);
    expect(store.state.highlight).toEqual({ seq: 40, version: 1 });
    expect(seqs(store)).toEqual(Array.from({ length: 400 - 14 }, (_, i) => i + 15));
    await store.jumpTo(3);
    expect(seqs(store)[0]).toBe(1);
    expect(seqs(store)).toHaveLength(400);
    expect(store.state.highlight).toEqual({ seq: 3, version: 2 });
  });

  it('hides deleted messages at once, and a late copy does not bring one back', async () => {
    const server = fakeServer(3);
    const store = storeFor(server);
    await store.start();
    store.handleEvent({ type: 'message.deleted', id: 'm2', seq: 2 });
    expect(ids(store)).toEqual(['m1', 'm3']);
    store.handleEvent(created(message(2)));
    await store.resync();
    expect(ids(store)).toEqual(['m1', 'm3']);
  });

  it('applies an edit in place (same place, same seq); a late older copy does not undo it', async () => {
    const server = fakeServer(5);
    const store = storeFor(server);
    await store.start();
    const edited = server.revise(3, { content: 'message 3, edited' });
    store.handleEvent({ type: 'message.updated', message: edited });
    expect(seqs(store)).toEqual([1, 2, 3, 4, 5]);
    expect(store.state.messages[2]?.content).toBe('message 3, edited');
    // The room's `created` frame for it, late, and the same update again: nothing moves back or twice.
    store.handleEvent(created({ ...edited, content: 'message 3', rev: 0 }));
    store.handleEvent({ type: 'message.updated', message: edited });
    expect(store.state.messages.map((m) => m.content)).toEqual([
      'message 1',
      'message 2',
      'message 3, edited',
      'message 4',
      'message 5',
    ]);
    // An update to a message not held (older history) is left for its page.
    store.handleEvent({ type: 'message.updated', message: { ...edited, id: 'elsewhere', seq: 99 } });
    expect(seqs(store)).toEqual([1, 2, 3, 4, 5]);
  });

  it('brings the edits and deletions missed while disconnected on reconnect, by rev, each once', async () => {
    const server = fakeServer(120);
    const store = storeFor(server);
    server.revise(118, { content: 'edited before the page' });
    await store.start();
    store.socketOpened();
    await store.resync();
    store.socketClosed();
    // Away: an edit and a deletion of held messages, an edit of one not loaded, a new message.
    server.revise(110, { content: 'edited while away' });
    server.revise(111, { deleted: true, content: '' });
    server.revise(5, { content: 'old, not loaded' });
    server.add();
    server.calls.length = 0;
    store.socketOpened();
    await store.resync();
    expect(server.calls).toContainEqual({ changedAfter: 1, limit: RESYNC_PAGE_SIZE });
    const shown = store.state.messages;
    expect(shown.find((m) => m.seq === 110)?.content).toBe('edited while away');
    expect(shown.some((m) => m.seq === 111)).toBe(false);
    expect(shown.some((m) => m.seq === 5)).toBe(false);
    expect(seqs(store)).toEqual(Array.from({ length: 51 }, (_, i) => 71 + i).filter((seq) => seq !== 111));
    // The next resync starts after what it has: nothing comes twice.
    server.calls.length = 0;
    await store.resync();
    expect(server.calls).toContainEqual({ changedAfter: 4, limit: RESYNC_PAGE_SIZE });
  });

  it('stops and says so when the user is removed from the space', async () => {
    const server = fakeServer(3);
    const onRemoved = vi.fn();
    const store = storeFor(server, { onRemoved });
    await store.start();
    store.handleEvent({ type: 'member.changed', change: 'left', userId: 'someone-else', role: null });
    expect(store.state.status).toBe('ready');
    store.handleEvent({ type: 'member.changed', change: 'left', userId: ME.id, role: null });
    expect(store.state.status).toBe('removed');
    expect(onRemoved).toHaveBeenCalledOnce();
  });

  it('has the page reload the members after a reconnect, not on the first connect', async () => {
    const onMembersChanged = vi.fn();
    const store = storeFor(fakeServer(1), { onMembersChanged });
    await store.start();
    store.socketOpened();
    expect(onMembersChanged).not.toHaveBeenCalled();
    store.socketClosed();
    store.socketOpened();
    expect(onMembersChanged).toHaveBeenCalledOnce();
    store.handleEvent({ type: 'member.changed', change: 'role', userId: 'ada', role: 'MODERATOR' });
    expect(onMembersChanged).toHaveBeenCalledTimes(2);
  });

  it('treats a 403 on resync as removal', async () => {
    const server = fakeServer(3);
    const onRemoved = vi.fn();
    const store = storeFor(server, { onRemoved });
    await store.start();
    vi.spyOn(server.api, 'fetchMessages').mockRejectedValue(
      new ApiError(403, 'You are not a member of this space.'),
    );
    await store.resync();
    expect(store.state.status).toBe('removed');
    expect(onRemoved).toHaveBeenCalledOnce();
  });
});

describe('chat store: sending', () => {
  it('shows a message at once and replaces it with the committed one', async () => {
    const server = fakeServer(2);
    const store = storeFor(server);
    await store.start();
    expect(store.send('  hello there  ')).toEqual({ ok: true });
    expect(store.state.pending.map((p) => [p.content, p.status])).toEqual([['hello there', 'sending']]);
    await vi.waitFor(() => expect(store.state.pending).toEqual([]), WAIT);
    expect(store.state.messages.at(-1)).toMatchObject({ seq: 3, content: 'hello there', author: ME });
  });

  it('shows a send that failed for a passing reason as Not sent yet and retries it with the same key until accepted', async () => {
    const server = fakeServer(2);
    const outbox = testOutbox(ME.id);
    const store = storeFor(server, { outbox });
    await store.start();
    // The first five answers are lost on the way back (network down), the sixth arrives.
    server.failNextSends(5);
    store.send('are you there?');
    await vi.waitFor(() => expect(store.state.pending).toEqual([]), WAIT);
    expect(server.sendCalls.map((call) => call.clientKey)).toEqual(Array(6).fill('client-key-1'));
    expect(server.messages.filter((m) => m.content === 'are you there?')).toHaveLength(1);
    expect(store.state.messages.filter((m) => m.content === 'are you there?')).toHaveLength(1);
    expect(outbox.outbox.list('chat')).toEqual([]);
  });

  it('tells a waiting message when it goes next, and that the server said too many requests', async () => {
    const server = fakeServer(2);
    const outbox = testOutbox(ME.id);
    const store = storeFor(server, { outbox });
    await store.start();
    // (This test's outbox does not wait out its pauses: the server refuses until restored.)
    vi.spyOn(server.api, 'postMessage').mockRejectedValue(
      new ApiError(429, 'Too many requests. Please slow down and try again shortly.', [], 1000),
    );
    const sentAt = Date.now();
    store.send('too fast');
    await vi.waitFor(
      () => expect(store.state.pending[0]).toMatchObject({ status: 'waiting', rateLimited: true }),
      WAIT,
    );
    const retryAt = Date.parse(store.state.pending[0]?.retryAt ?? '');
    expect(retryAt - sentAt).toBeGreaterThanOrEqual(1000);
    vi.mocked(server.api.postMessage).mockRestore();
    await vi.waitFor(() => expect(store.state.pending).toEqual([]), WAIT);
    expect(store.state.messages.at(-1)).toMatchObject({ content: 'too fast' });
  });

  it('keeps an unsent message across a reload and delivers it once, with its first key', async () => {
    const server = fakeServer(2);
    const outbox = testOutbox(ME.id);
    const before = storeFor(server, { outbox });
    await before.start();
    vi.spyOn(server.api, 'postMessage').mockRejectedValue(new ApiError(0, 'Unable to reach the server.'));
    before.send('typed during the outage');
    await vi.waitFor(() => expect(before.state.pending[0]?.status).toBe('waiting'), WAIT);
    before.dispose();
    // The reload: a new page, a new outbox over the same storage, the server back.
    vi.mocked(server.api.postMessage).mockRestore();
    const after = storeFor(server, {
      outbox: testOutbox(ME.id, 'chat', 'space-1', outbox.values),
      newClientKey: () => 'another-key',
    });
    const starting = after.start();
    expect(after.state.pending.map((p) => [p.content, p.status])).toEqual([
      ['typed during the outage', 'waiting'],
    ]);
    await starting;
    await vi.waitFor(() => expect(after.state.pending).toEqual([]), WAIT);
    expect(server.messages.filter((m) => m.content === 'typed during the outage')).toHaveLength(1);
    expect(server.messages.at(-1)?.clientKey).toBe('client-key-1');
    expect(after.state.messages.filter((m) => m.content === 'typed during the outage')).toHaveLength(1);
  });

  it('forgets an unsent message once a page shows it committed (the answer was lost, then a reload)', async () => {
    const server = fakeServer(2);
    const outbox = testOutbox(ME.id);
    outbox.outbox.add({
      clientKey: 'client-key-9',
      kind: 'chat',
      target: 'space-1',
      payload: { content: 'already in', attachments: [], clientKey: 'client-key-9' },
    });
    // Committed before the answer was lost.
    await server.api.postMessage({ content: 'already in', attachments: [], clientKey: 'client-key-9' });
    const store = storeFor(server, { outbox });
    await store.start();
    await vi.waitFor(() => expect(store.state.pending).toEqual([]), WAIT);
    expect(outbox.outbox.list('chat')).toEqual([]);
    expect(store.state.messages.filter((m) => m.content === 'already in')).toHaveLength(1);
  });

  it('does not retry by itself when the server refused the message: Retry sends it again, Discard drops it', async () => {
    const server = fakeServer(0);
    const outbox = testOutbox(ME.id);
    const store = storeFor(server, { outbox });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await store.start();
    server.failNextSends(1, new ApiError(403, 'You are not a member of this space.'));
    store.send('let me in');
    await vi.waitFor(() => expect(store.state.pending[0]?.status).toBe('failed'), WAIT);
    expect(server.sendCalls).toHaveLength(1);
    expect(store.state.pending[0]?.error).toBe('You are not a member of this space.');
    outbox.apiBack();
    expect(server.sendCalls).toHaveLength(1);

    server.failNextSends(1, new ApiError(403, 'You are not a member of this space.'));
    store.retry('client-key-1');
    await vi.waitFor(() => expect(server.sendCalls).toHaveLength(2), WAIT);
    await vi.waitFor(() => expect(store.state.pending[0]?.status).toBe('failed'), WAIT);
    expect(server.sendCalls[1]?.clientKey).toBe('client-key-1');
    store.discard('client-key-1');
    expect(store.state.pending).toEqual([]);
    expect(outbox.outbox.list('chat')).toEqual([]);
  });

  it('shows an own message once when the socket echoes it before the send answers', async () => {
    const server = fakeServer(1);
    const store = storeFor(server);
    await store.start();
    let answer: (value: { message: ChatMessage }) => void = () => {};
    vi.spyOn(server.api, 'postMessage').mockImplementation(
      (input) =>
        new Promise((resolve) => {
          const stored = server.add({ author: ME, content: input.content, clientKey: input.clientKey });
          store.handleEvent(created(stored));
          answer = resolve;
          answer({ message: stored });
        }),
    );
    store.send('echo');
    await vi.waitFor(() => expect(store.state.pending).toEqual([]), WAIT);
    expect(store.state.messages.filter((m) => m.content === 'echo')).toHaveLength(1);
  });

  it('rejects an empty message with the spec’s text', () => {
    const store = storeFor(fakeServer(0));
    expect(store.send('   ')).toEqual({ ok: false, error: 'Please type something or attach a file' });
    expect(store.state.pending).toEqual([]);
    expect(
      store.send('', [{ name: 'a.png', url: 'https://x.test/api/files/spaces/a.png', type: 'img' }]),
    ).toEqual({ ok: true });
  });
});

describe('chat store: editing and replying', () => {
  it('shows an edit at once and sends it through the outbox, retrying with one key until accepted', async () => {
    const server = fakeServer(3);
    server.add({ author: ME, content: 'mine' });
    const store = storeFor(server);
    await store.start();
    // Up arrow in an empty composer: the user's last message.
    expect(store.editLast()).toBe(true);
    expect(store.state.editing).toBe('m4');
    server.failNextEdits(2);
    expect(store.edit('m4', 'mine, better')).toEqual({ ok: true });
    expect(store.state.editing).toBeNull();
    expect(store.state.messages.at(-1)).toMatchObject({
      seq: 4,
      content: 'mine, better',
      editedAt: expect.any(String),
    });
    await vi.waitFor(() => expect(server.editCalls).toHaveLength(3), WAIT);
    expect(new Set(server.editCalls.map((call) => call.clientKey)).size).toBe(1);
    await vi.waitFor(() => expect(store.state.messages.at(-1)?.rev).toBe(1), WAIT);
    expect(seqs(store)).toEqual([1, 2, 3, 4]);
  });

  it('refuses to edit someone else’s message or to empty one, and has nothing to edit without one of one’s own', async () => {
    const server = fakeServer(2);
    const store = storeFor(server);
    await store.start();
    expect(store.editLast()).toBe(false);
    expect(store.edit('m1', 'not mine')).toEqual({
      ok: false,
      error: 'You can only edit your own messages.',
    });
    server.add({ author: ME, content: 'mine' });
    await store.resync();
    expect(store.edit('m3', '  ')).toEqual({ ok: false, error: 'Please type something or attach a file' });
    expect(server.editCalls).toEqual([]);
  });

  it('sends a reply with the id of the message replied to, and the composer’s quote goes', async () => {
    const server = fakeServer(2);
    const id = '00000000-0000-4000-8000-000000000003';
    server.add({ id });
    const store = storeFor(server);
    await store.start();
    store.replyTo(store.state.messages[2]!);
    expect(store.state.replyingTo).toMatchObject({
      id,
      seq: 3,
      excerpt: 'message 3',
      author: { id: 'ada' },
    });
    store.send('my answer');
    expect(store.state.replyingTo).toBeNull();
    expect(store.state.pending[0]?.replyTo).toMatchObject({ id });
    await vi.waitFor(
      () => expect(server.sendCalls[0]).toMatchObject({ content: 'my answer', replyToId: id }),
      WAIT,
    );
  });
});

describe('chat store: typing and presence', () => {
  it('signals typing at most every 2 seconds and shows who else is typing', async () => {
    let now = 0;
    const server = fakeServer(0);
    const store = storeFor(server, { now: () => now });
    const frames: unknown[] = [];
    store.attachSocket((frame) => frames.push(frame));
    await store.start();
    store.socketOpened();
    store.notifyTyping();
    now = 1500;
    store.notifyTyping();
    now = 2000;
    store.notifyTyping();
    expect(frames).toEqual([{ type: 'typing' }, { type: 'typing' }]);

    store.handleEvent({ type: 'typing', userId: ADA.id, name: 'Ada Lovelace' });
    store.handleEvent({ type: 'typing', userId: ME.id, name: 'Marcus Meyer' });
    expect(store.state.typing).toEqual([{ userId: ADA.id, name: 'Ada Lovelace' }]);
    store.handleEvent(created(server.add()));
    expect(store.state.typing).toEqual([]);

    store.handleEvent({ type: 'presence', userIds: [ADA.id, ME.id] });
    expect(store.state.presence).toEqual([ADA.id, ME.id]);
  });
});
