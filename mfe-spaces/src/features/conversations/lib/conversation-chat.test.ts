// The ChatStore over the conversation channel: the same guarantees as a space's chat (resync after
// every reconnect, one message per clientKey however often it is retried), plus read positions and
// only this conversation's dm.* events.
import { ApiError } from '@community/api-client';
import type { DirectMessage, DirectMessagePage, SendMessageInput } from '@community/domain';
import type { ServerEvent } from '@community/realtime-protocol';
import { describe, expect, it, vi } from 'vitest';
import type { MessagePageQuery } from '../../chat/api/messages-api.ts';
import { ChatStore } from '../../chat/lib/chat-store.ts';
import { testOutbox } from '../../chat/lib/test-outbox.ts';
import { conversationChatEvent } from './conversation-channel.ts';

// vi.waitFor gives up after 1 s by default; under `npm test` this file shares 2 busy cores.
const WAIT = { timeout: 15_000 };

const ME = { id: 'me', firstName: 'Marcus', lastName: 'Meyer', imageUrl: null };
const ADA = { id: 'ada', firstName: 'Ada', lastName: 'Lovelace', imageUrl: null };
const CONVERSATION = 'c1';

const dm = (seq: number, extra: Partial<DirectMessage> = {}): DirectMessage => ({
  id: `d${seq}`,
  conversationId: CONVERSATION,
  seq,
  content: `dm ${seq}`,
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

/** A conversation's messages, paged as edge-api pages them; sends are idempotent by clientKey. */
function fakeConversation(count: number) {
  const messages = Array.from({ length: count }, (_, i) => dm(i + 1));
  const byKey = new Map<string, DirectMessage>();
  const sends: SendMessageInput[] = [];
  let lostAnswers = 0;
  const add = (extra: Partial<DirectMessage> = {}) => {
    const created = dm(messages.length + 1, extra);
    messages.push(created);
    return created;
  };
  const page = (items: DirectMessage[], olderCursor: number | null): DirectMessagePage => ({
    items: items.map((m) => ({ ...m })),
    olderCursor,
    lastSeq: messages.length,
    lastRev: Math.max(0, ...messages.map((m) => m.rev)),
  });
  const api = {
    toChatEvent: (event: ServerEvent) => conversationChatEvent(CONVERSATION, event),
    fetchMessages: vi.fn(async (query: MessagePageQuery) => {
      const limit = query.limit ?? 50;
      if (query.changedAfter !== undefined)
        return page(messages.filter((m) => m.rev > query.changedAfter!).slice(0, limit), null);
      if (query.after !== undefined)
        return page(messages.filter((m) => m.seq > query.after!).slice(0, limit), null);
      const older = messages.filter((m) => query.before === undefined || m.seq < query.before);
      const shown = older.slice(-limit);
      return page(shown, older.length > limit ? shown[0]!.seq : null);
    }),
    editMessage: vi.fn(),
    editOutbox: () => ({ kind: 'dm-edit' as const, target: CONVERSATION }),
    postMessage: vi.fn(async (input: SendMessageInput) => {
      sends.push(input);
      const stored =
        byKey.get(input.clientKey) ?? add({ author: ME, content: input.content, clientKey: input.clientKey });
      byKey.set(input.clientKey, stored);
      // Committed, but the answer never arrives.
      if (lostAnswers > 0) {
        lostAnswers--;
        throw new ApiError(0, 'Unable to reach the server.');
      }
      return { message: { ...stored } };
    }),
  };
  return { messages, sends, api, add, loseNextAnswers: (n: number) => (lostAnswers = n) };
}

function storeFor(server: ReturnType<typeof fakeConversation>) {
  let key = 0;
  return new ChatStore<DirectMessage>({
    api: server.api,
    me: ME,
    newClientKey: () => `00000000-0000-4000-8000-${String(++key).padStart(12, '0')}`,
    outbox: testOutbox(ME.id, 'dm', ADA.id),
  });
}

const created = (message: DirectMessage): ServerEvent => ({ type: 'dm.created', message });
const seqs = (store: ChatStore<DirectMessage>) => store.state.messages.map((m) => m.seq);

describe('conversation chat (ChatStore over the conversation channel)', () => {
  it('fetches what came after the last message on every reconnect, each message once', async () => {
    const server = fakeConversation(5);
    const store = storeFor(server);
    await store.start();
    store.socketOpened();
    expect(seqs(store)).toEqual([1, 2, 3, 4, 5]);

    store.socketClosed();
    // 200 messages while the socket was down; one of them also arrives late over the socket.
    for (let i = 0; i < 200; i++) server.add();
    store.handleEvent(created(server.messages[99]!));
    store.socketOpened();
    await store.resync();
    expect(seqs(store)).toEqual(Array.from({ length: 205 }, (_, i) => i + 1));
    const afterCalls = server.api.fetchMessages.mock.calls
      .map(([query]) => query.after)
      .filter((a) => a !== undefined);
    expect(afterCalls[0]).toBe(5);
  });

  it('sends once however often the answer is lost: retries keep the same clientKey', async () => {
    const server = fakeConversation(1);
    const store = storeFor(server);
    await store.start();
    server.loseNextAnswers(2);
    expect(store.send('hello', [])).toEqual({ ok: true });
    await vi.waitFor(() => expect(store.state.pending).toHaveLength(0), WAIT);
    expect(server.sends.map((send) => send.clientKey)).toEqual(
      Array(3).fill('00000000-0000-4000-8000-000000000001'),
    );
    expect(server.messages.filter((m) => m.content === 'hello')).toHaveLength(1);
    // The room's echo of the same message changes nothing.
    store.handleEvent(created(server.messages.at(-1)!));
    expect(store.state.messages.filter((m) => m.content === 'hello')).toHaveLength(1);
  });

  it('follows read positions from dm.read, only forwards', async () => {
    const server = fakeConversation(3);
    const store = storeFor(server);
    await store.start();
    store.handleEvent({ type: 'dm.read', conversationId: CONVERSATION, userId: ADA.id, seq: 2 });
    expect(store.state.readSeqs[ADA.id]).toBe(2);
    // A late, older read event does not move it back.
    store.handleEvent({ type: 'dm.read', conversationId: CONVERSATION, userId: ADA.id, seq: 1 });
    expect(store.state.readSeqs[ADA.id]).toBe(2);
    store.handleEvent({ type: 'dm.read', conversationId: CONVERSATION, userId: ADA.id, seq: 3 });
    expect(store.state.readSeqs[ADA.id]).toBe(3);
  });

  it("ignores another conversation's events and applies this one's deletions", async () => {
    const server = fakeConversation(3);
    const store = storeFor(server);
    await store.start();
    store.handleEvent(created(dm(4, { id: 'elsewhere', conversationId: 'c2' })));
    store.handleEvent({ type: 'dm.read', conversationId: 'c2', userId: ADA.id, seq: 9 });
    store.handleEvent({ type: 'dm.deleted', conversationId: 'c2', id: 'd1', seq: 1 });
    expect(seqs(store)).toEqual([1, 2, 3]);
    expect(store.state.readSeqs[ADA.id]).toBeUndefined();
    store.handleEvent({ type: 'dm.deleted', conversationId: CONVERSATION, id: 'd2', seq: 2 });
    expect(seqs(store)).toEqual([1, 3]);
    // Space events are not this channel's.
    store.handleEvent({ type: 'message.created', message: { ...dm(5), spaceId: 's1' } } as ServerEvent);
    expect(seqs(store)).toEqual([1, 3]);
  });
});
