import { ApiError } from '@community/api-client';
import type { ChatMessage, MessagePage, ReactionSummary, Reactor } from '@community/domain';
import { describe, expect, it } from 'vitest';
import { spaceChatEvent } from './chat-channel.ts';
import { ChatStore } from './chat-store.ts';
import { reactorNames, resolveMine, toggleLocally } from './reactions.ts';
import { testOutbox } from './test-outbox.ts';

const ME: Reactor = { id: 'me', firstName: 'Marcus', lastName: 'Meyer' };
const person = (n: number): Reactor => ({ id: `p${n}`, firstName: `P${n}`, lastName: 'Lee' });
const people = (count: number) => Array.from({ length: count }, (_, i) => person(i + 1));

describe('resolveMine', () => {
  it('finds the member among the reactors named', () => {
    const [summary] = resolveMine([{ emoji: '👍', count: 2, reactors: [person(1), ME] }], undefined, ME.id);
    expect(summary?.mine).toBe(true);
  });

  it('is not mine when every reactor is named and the member is not among them', () => {
    const held: ReactionSummary[] = [{ emoji: '👍', count: 1, reactors: [ME], mine: true }];
    const [summary] = resolveMine([{ emoji: '👍', count: 1, reactors: [person(1)] }], held, ME.id);
    expect(summary?.mine).toBe(false);
  });

  it('keeps what was held when the list is cut (someone else reacted; mine did not change)', () => {
    const held: ReactionSummary[] = [{ emoji: '🎉', count: 11, reactors: [ME, ...people(9)], mine: true }];
    const incoming = [{ emoji: '🎉', count: 12, reactors: people(10) }];
    expect(resolveMine(incoming, held, ME.id)[0]?.mine).toBe(true);
    expect(resolveMine(incoming, undefined, ME.id)[0]?.mine).toBe(false);
  });

  it('takes a read’s own answer as it is', () => {
    const [summary] = resolveMine([{ emoji: '👍', count: 20, reactors: people(10), mine: true }], [], ME.id);
    expect(summary?.mine).toBe(true);
  });
});

describe('toggleLocally', () => {
  it('adds a new emoji, adds to one there, and never counts the member twice', () => {
    const one = toggleLocally([], '👍', ME, true);
    expect(one).toEqual([{ emoji: '👍', count: 1, reactors: [ME], mine: true }]);
    expect(toggleLocally(one, '👍', ME, true)).toEqual(one);
    const withOthers = toggleLocally(
      [{ emoji: '😂', count: 3, reactors: people(3), mine: false }],
      '😂',
      ME,
      true,
    );
    expect(withOthers[0]).toMatchObject({ count: 4, mine: true, reactors: [ME, ...people(3)] });
  });

  it('removes the member’s own, and the emoji with its last reactor', () => {
    const list: ReactionSummary[] = [
      { emoji: '👍', count: 1, reactors: [ME], mine: true },
      { emoji: '😂', count: 2, reactors: [ME, person(1)], mine: true },
    ];
    expect(toggleLocally(list, '👍', ME, false)).toEqual([list[1]]);
    expect(toggleLocally(list, '😂', ME, false)[1]).toMatchObject({
      count: 1,
      mine: false,
      reactors: [person(1)],
    });
    // Not the member's: nothing to remove.
    expect(
      toggleLocally([{ emoji: '🎉', count: 1, reactors: [person(1)], mine: false }], '🎉', ME, false),
    ).toEqual([{ emoji: '🎉', count: 1, reactors: [person(1)], mine: false }]);
  });
});

describe('reactorNames', () => {
  it('says "You" first and counts those not named', () => {
    expect(reactorNames({ emoji: '👍', count: 1, reactors: [ME] }, ME.id)).toBe('You');
    expect(reactorNames({ emoji: '👍', count: 2, reactors: [person(1), ME] }, ME.id)).toBe('You and P1 Lee');
    expect(reactorNames({ emoji: '👍', count: 13, reactors: people(10) }, ME.id)).toMatch(
      /^P1 Lee, .* and 3 others$/,
    );
  });
});

describe('chat store: reactions', () => {
  const base = (reactions: ReactionSummary[], rev = 1): ChatMessage => ({
    id: 'm1',
    spaceId: 's1',
    seq: 1,
    content: 'hello',
    attachments: [],
    author: { ...person(1), imageUrl: null },
    createdAt: '2026-11-27T10:00:00.000Z',
    deleted: false,
    clientKey: null,
    rev,
    editedAt: null,
    replyTo: null,
    reactions,
  });

  function setUp(react: (emoji: string, add: boolean) => Promise<{ message: ChatMessage }>) {
    const first = base([{ emoji: '👍', count: 1, reactors: [person(1)], mine: false }]);
    const page: MessagePage = { items: [first], olderCursor: null, lastSeq: 1, lastRev: 1 };
    const store = new ChatStore<ChatMessage>({
      me: ME,
      outbox: testOutbox(ME.id),
      api: {
        toChatEvent: spaceChatEvent,
        fetchMessages: async () => page,
        postMessage: async () => ({ message: first }),
        editMessage: async () => ({ message: first }),
        editOutbox: () => ({ kind: 'chat-edit' as const, target: 's1' }),
        react: (_id, emoji, add) => react(emoji, add),
      },
    });
    return store;
  }
  const shown = (store: ChatStore<ChatMessage>) => store.state.messages[0]?.reactions;

  it('shows a toggle at once, then takes the server’s answer', async () => {
    let answer: (value: { message: ChatMessage }) => void = () => {};
    const store = setUp(() => new Promise((resolve) => (answer = resolve)));
    await store.start();
    const done = store.react('m1', '👍', true);
    expect(shown(store)).toEqual([{ emoji: '👍', count: 2, reactors: [ME, person(1)], mine: true }]);
    answer({ message: base([{ emoji: '👍', count: 2, reactors: [ME, person(1)], mine: true }], 2) });
    expect(await done).toEqual({ ok: true });
    expect(store.state.messages[0]?.rev).toBe(2);
    expect(shown(store)?.[0]).toMatchObject({ count: 2, mine: true });
  });

  it('puts the message back when the server refuses, and says why', async () => {
    const store = setUp(async () => {
      throw new ApiError(409, 'A message can have at most 20 different reactions.', [], null, 'req-9');
    });
    await store.start();
    const result = await store.react('m1', '🦄', true);
    expect(result).toEqual({
      ok: false,
      error: 'A message can have at most 20 different reactions.',
      reference: 'req-9',
    });
    expect(shown(store)).toEqual([{ emoji: '👍', count: 1, reactors: [person(1)], mine: false }]);
  });

  it('applies another member’s reaction live, working out "mine" from the event', async () => {
    const store = setUp(async () => ({ message: base([], 9) }));
    await store.start();
    // The event goes to everyone alike: no "mine" in it.
    store.handleEvent({
      type: 'message.updated',
      message: base([{ emoji: '👍', count: 2, reactors: [person(1), ME] }], 3),
    });
    expect(shown(store)).toEqual([{ emoji: '👍', count: 2, reactors: [person(1), ME], mine: true }]);
    // An older copy arriving late changes nothing.
    store.handleEvent({ type: 'message.updated', message: base([], 2) });
    expect(shown(store)?.[0]).toMatchObject({ count: 2, mine: true });
  });
});
