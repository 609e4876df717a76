import { emitUserRoomEvent, session } from '@community/api-client';
import type { Conversation, DirectMessage, User } from '@community/domain';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessagesSection } from './messages-section.tsx';

const me = {
  id: 'me',
  firstName: 'Marcus',
  lastName: 'Meyer',
  imageUrl: null,
  features: [{ feature: 'messages', enabled: true }],
} as unknown as User;

const partner = (id: string, firstName: string) => ({
  id,
  firstName,
  lastName: 'Doe',
  pseudo: firstName.toLowerCase(),
  imageUrl: null,
  lastOfflineAt: null,
});

const dm = (conversationId: string, seq: number, authorId: string, content: string): DirectMessage => ({
  id: `${conversationId}-${seq}`,
  conversationId,
  seq,
  content,
  attachments: [],
  author: { id: authorId, firstName: authorId, lastName: 'Doe', imageUrl: null },
  createdAt: `2026-11-23T12:00:${String(seq).padStart(2, '0')}.000Z`,
  deleted: false,
  clientKey: null,
  rev: 0,
  editedAt: null,
  replyTo: null,
});

const conversation = (
  id: string,
  other: string,
  lastSeq: number,
  unreadCount: number,
  at: string,
): Conversation => ({
  id,
  other: partner(`u-${other.toLowerCase()}`, other),
  lastMessage: dm(id, lastSeq, `u-${other.toLowerCase()}`, `last from ${other}`),
  lastSeq,
  myLastReadSeq: lastSeq - unreadCount,
  otherLastReadSeq: lastSeq,
  unreadCount,
  lastMessageAt: at,
});

const listed = [
  conversation('c-ada', 'Ada', 4, 2, '2026-11-23T12:00:00.000Z'),
  conversation('c-bob', 'Bob', 3, 0, '2026-11-23T11:00:00.000Z'),
];
const newcomer = conversation('c-cy', 'Cy', 1, 1, '2026-11-23T13:00:00.000Z');

function serve() {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input instanceof Request ? input.url : input), location.origin).pathname;
      paths.push(path);
      const body =
        path === '/api/conversations' ? { items: listed, nextCursor: null } : { conversation: newcomer };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return paths;
}

const names = () =>
  within(screen.getByRole('list', { name: 'Conversations' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
const row = (name: string) =>
  within(screen.getByRole('list', { name: 'Conversations' }))
    .getAllByRole('link')
    .find((link) => link.textContent?.includes(name))!;

beforeEach(() => {
  session.user = me;
  session.status = 'signed-in';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Messages section', () => {
  it('lists conversations, most recent first, with preview and unread count', async () => {
    serve();
    render(<MessagesSection />);
    await screen.findByRole('list', { name: 'Conversations' });
    expect(names()[0]).toContain('Ada Doe');
    expect(row('Ada').textContent).toContain('last from Ada');
    expect(within(row('Ada')).getByLabelText('2 unread messages')).toBeTruthy();
    expect(within(row('Bob')).queryByTestId('unread-count')).toBeNull();
    expect(within(row('Ada')).getByRole('img', { name: 'Online' })).toBeTruthy();
    expect(row('Bob').getAttribute('href')).toBe('/community/conversations/u-bob');
  });

  it('follows the user room: a new message moves its conversation up, read clears, unknown ones are fetched', async () => {
    const paths = serve();
    render(<MessagesSection />);
    await screen.findByRole('list', { name: 'Conversations' });

    await act(async () =>
      emitUserRoomEvent({ type: 'dm.created', message: dm('c-bob', 4, 'u-bob', 'Bob again') }),
    );
    expect(names()[0]).toContain('Bob Doe');
    expect(row('Bob').textContent).toContain('Bob again');
    expect(within(row('Bob')).getByLabelText('1 unread message')).toBeTruthy();

    await act(async () =>
      emitUserRoomEvent({ type: 'dm.read', conversationId: 'c-bob', userId: 'me', seq: 4 }),
    );
    expect(within(row('Bob')).queryByTestId('unread-count')).toBeNull();

    await act(async () =>
      emitUserRoomEvent({ type: 'dm.created', message: dm('c-cy', 1, 'u-cy', 'hi, new here') }),
    );
    await screen.findByText('last from Cy');
    expect(paths).toContain('/api/conversations/c-cy');
    expect(names()[0]).toContain('Cy Doe');
  });

  it('is not there without the messages feature', () => {
    serve();
    session.user = { ...me, features: [] } as User;
    const { container } = render(<MessagesSection />);
    expect(container.textContent).toBe('');
  });
});
