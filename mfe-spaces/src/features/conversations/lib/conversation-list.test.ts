import type { Conversation, DirectMessage } from '@community/domain';
import { describe, expect, it } from 'vitest';
import { applyCreated, applyRead, conversationTime, normalise, previewOf } from './conversation-list.ts';

const ME = { id: 'me', firstName: 'Marcus', lastName: 'Meyer', imageUrl: null };
const other = (id: string) => ({
  id,
  firstName: id,
  lastName: 'X',
  pseudo: id,
  imageUrl: null,
  lastOfflineAt: null,
});

const conversation = (
  id: string,
  lastSeq: number,
  at: string,
  extra: Partial<Conversation> = {},
): Conversation => ({
  id,
  other: other(`u-${id}`),
  lastMessage: null,
  lastSeq,
  myLastReadSeq: lastSeq,
  otherLastReadSeq: 0,
  unreadCount: 0,
  lastMessageAt: at,
  ...extra,
});

const dm = (
  conversationId: string,
  seq: number,
  authorId: string,
  extra: Partial<DirectMessage> = {},
): DirectMessage => ({
  id: `${conversationId}-${seq}`,
  conversationId,
  seq,
  content: `hello ${seq}`,
  attachments: [],
  author: authorId === ME.id ? ME : { ...ME, id: authorId, firstName: 'Other' },
  createdAt: `2026-11-23T12:00:${String(seq).padStart(2, '0')}.000Z`,
  deleted: false,
  clientKey: null,
  rev: 0,
  editedAt: null,
  replyTo: null,
  ...extra,
});

describe('messages section list', () => {
  const list = normalise([
    conversation('a', 3, '2026-11-23T10:00:00.000Z'),
    conversation('b', 5, '2026-11-23T11:00:00.000Z'),
  ]);

  it('keeps the most recent first', () => {
    expect(list.map((c) => c.id)).toEqual(['b', 'a']);
  });

  it("moves a conversation to the top with its preview; the other's message counts as unread, once", () => {
    const message = dm('a', 4, 'u-a');
    const next = applyCreated(list, message, ME.id)!;
    expect(next.map((c) => c.id)).toEqual(['a', 'b']);
    expect(next[0]).toMatchObject({ lastSeq: 4, unreadCount: 1 });
    expect(previewOf(next[0]!, ME.id)).toBe('hello 4');
    // The same event again (two tabs, a replay) is not counted twice.
    expect(applyCreated(next, message, ME.id)![0]!.unreadCount).toBe(1);
  });

  it("does not count the user's own messages, and says they are theirs", () => {
    const next = applyCreated(list, dm('a', 4, ME.id), ME.id)!;
    expect(next[0]).toMatchObject({ unreadCount: 0, myLastReadSeq: 4 });
    expect(previewOf(next[0]!, ME.id)).toBe('You: hello 4');
  });

  it('asks for a conversation it does not list', () => {
    expect(applyCreated(list, dm('new', 1, 'u-new'), ME.id)).toBeNull();
  });

  it('clears the count when the user has read everything, asks the server when only part', () => {
    const unread = applyCreated(applyCreated(list, dm('a', 4, 'u-a'), ME.id)!, dm('a', 5, 'u-a'), ME.id)!;
    expect(unread[0]!.unreadCount).toBe(2);
    const partly = applyRead(unread, { conversationId: 'a', userId: ME.id, seq: 4 }, ME.id);
    expect(partly.refetch).toBe(true);
    const all = applyRead(unread, { conversationId: 'a', userId: ME.id, seq: 5 }, ME.id);
    expect(all).toMatchObject({ refetch: false });
    expect(all.list[0]!.unreadCount).toBe(0);
    // The other's read moves only their position.
    const seen = applyRead(unread, { conversationId: 'a', userId: 'u-a', seq: 5 }, ME.id);
    expect(seen.list[0]).toMatchObject({ otherLastReadSeq: 5, unreadCount: 2 });
  });

  it('previews attachments and deleted messages', () => {
    const withFile = conversation('c', 1, 'x', {
      lastMessage: dm('c', 1, 'u-c', {
        content: '',
        attachments: [{ name: 'plan.pdf', url: '/f', type: 'file' }],
      }),
    });
    expect(previewOf(withFile, ME.id)).toBe('plan.pdf');
    const deleted = conversation('d', 1, 'x', {
      lastMessage: dm('d', 1, ME.id, { deleted: true, content: '' }),
    });
    expect(previewOf(deleted, ME.id)).toBe('You: Message deleted');
  });
});

describe('the time of a conversation on the Messages page', () => {
  // Local times, as the page shows them.
  const now = new Date(2026, 10, 23, 15, 30);
  const at = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

  it('says the time today, the weekday this past week, the date this year, and the year before', () => {
    expect(conversationTime(at(2026, 10, 23, 9, 5), now)).toBe(
      new Date(2026, 10, 23, 9, 5).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }),
    );
    expect(conversationTime(at(2026, 10, 17, 9, 5), now)).toBe(
      new Date(2026, 10, 17).toLocaleDateString(undefined, { weekday: 'short' }),
    );
    expect(conversationTime(at(2026, 10, 16, 23, 59), now)).toBe(
      new Date(2026, 10, 16).toLocaleDateString(undefined, { month: 'short', day: 'numeric' }),
    );
    expect(conversationTime(at(2025, 11, 31, 12, 0), now)).toBe(
      new Date(2025, 11, 31).toLocaleDateString(undefined, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      }),
    );
  });
});
