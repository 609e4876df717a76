import { createApiClient } from '@community/api-client';
import type { AppNotification } from '@community/domain';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createTestFetch, json } from '../../../../packages/api-client/src/test-fetch.ts';
import { NotificationsMenu } from './notifications-menu.tsx';
import { createNotificationsStore, notificationHref } from './notifications-store.ts';

afterEach(cleanup);

const note = (id: string, overrides: Partial<AppNotification> = {}): AppNotification => ({
  id,
  type: 'SPACE_MESSAGE',
  title: `Notification ${id}`,
  payload: { spaceId: `space-${id}` },
  readAt: null,
  createdAt: new Date().toISOString(),
  ...overrides,
});

async function setUp(routes: Parameters<typeof createTestFetch>[0]) {
  const http = createTestFetch(routes);
  const store = createNotificationsStore(createApiClient({ fetch: http.fetch, locks: null }));
  const location = memoryLocation({ path: '/events', record: true });
  render(
    <Router hook={location.hook}>
      <NotificationsMenu store={store} />
    </Router>,
  );
  await act(() => store.load());
  return { http, store, location };
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

describe('notifications menu', () => {
  it('shows the unread count on the bell and adds live ones', async () => {
    const { store } = await setUp({
      'GET /api/notifications': [
        json(200, { items: [note('1'), note('2')], nextCursor: null, unreadCount: 2 }),
      ],
    });
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread');
    expect(screen.getByTestId('notifications-badge').textContent).toBe('2');
    await act(async () =>
      store.received(
        {
          type: 'notification',
          id: '3',
          cursor: 'c3',
          notification: { type: 'ROOM_CALL', payload: { eventId: 'e1' }, title: 'Live now' },
        },
        false,
      ),
    );
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread');
    // One the member is already looking at arrives read.
    await act(async () =>
      store.received(
        {
          type: 'notification',
          id: '4',
          cursor: 'c4',
          notification: { type: 'SPACE_MESSAGE', payload: { spaceId: 's' }, title: 'Seen' },
        },
        true,
      ),
    );
    expect(screen.getByTestId('notifications-badge').textContent).toBe('3');
  });

  it('marks one read and goes to what it is about', async () => {
    const { http, location } = await setUp({
      'GET /api/notifications': [
        json(200, { items: [note('1'), note('2')], nextCursor: null, unreadCount: 2 }),
      ],
      'PATCH /api/notifications/1/read': [json(204)],
    });
    const user = userEvent.setup();
    await user.click(bell());
    const item = await screen.findByRole('menuitem', { name: /Notification 1/ });
    expect(item.textContent).toContain('Unread');
    await user.click(item);
    await waitFor(() =>
      expect(http.calls.map((call) => `${call.method} ${call.path}`)).toContain(
        'PATCH /api/notifications/1/read',
      ),
    );
    expect(location.history.at(-1)).toBe('/spaces/space-1');
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
  });

  it('marks all read from the keyboard', async () => {
    const { http } = await setUp({
      'GET /api/notifications': [
        json(200, { items: [note('1'), note('2')], nextCursor: null, unreadCount: 5 }),
      ],
      'POST /api/notifications/read-all': [json(204)],
    });
    const user = userEvent.setup();
    bell().focus();
    await user.keyboard('{Enter}');
    const markAll = await screen.findByRole('menuitem', { name: 'Mark all as read' });
    await waitFor(() => expect(markAll.getAttribute('data-highlighted')).not.toBeNull());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(screen.queryByTestId('notifications-badge')).toBeNull();
    expect(http.calls.find((call) => call.path === '/api/notifications/read-all')?.body).toEqual({});
  });

  it('says so when there is nothing yet', async () => {
    await setUp({ 'GET /api/notifications': [json(200, { items: [], nextCursor: null, unreadCount: 0 })] });
    const user = userEvent.setup();
    await user.click(bell());
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Mark all as read' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  it('loads older ones after the last', async () => {
    const { store, http } = await setUp({
      'GET /api/notifications': [
        json(200, { items: [note('1')], nextCursor: 'k1', unreadCount: 1 }),
        json(200, {
          items: [note('2', { readAt: '2026-11-01T00:00:00.000Z' })],
          nextCursor: null,
          unreadCount: 1,
        }),
      ],
    });
    await act(() => store.loadMore());
    expect(store.state.items.map((item) => item.id)).toEqual(['1', '2']);
    expect(http.calls[1]?.path).toBe('/api/notifications?cursor=k1&limit=20');
  });
});

describe('notification links', () => {
  it('leads to the space, the event or the post', () => {
    expect(notificationHref({ type: 'SPACE_MESSAGE', payload: { spaceId: 's1' } })).toBe('/spaces/s1');
    expect(notificationHref({ type: 'ROOM_CALL', payload: { eventId: 'e1' } })).toBe('/events/e1');
    expect(notificationHref({ type: 'EVENT_ANNOUNCEMENT', payload: { eventId: 'e1', spaceId: 's1' } })).toBe(
      '/events/e1',
    );
    expect(notificationHref({ type: 'POST_COMMENT', payload: { postId: 'p1', spaceId: 's1' } })).toBe(
      '/spaces/s1?postId=p1',
    );
    expect(notificationHref({ type: 'POST_REACTION', payload: { postId: 'p1' } })).toBe('/?postId=p1');
  });

  it('leads a mention to the space, the conversation with its author or the post', () => {
    expect(notificationHref({ type: 'MENTION', payload: { spaceId: 's1', messageId: 'm1' } })).toBe(
      '/spaces/s1',
    );
    expect(
      notificationHref({
        type: 'MENTION',
        payload: { conversationId: 'c1', messageId: 'm1', authorId: 'u1' },
      }),
    ).toBe('/community/conversations/u1');
    expect(notificationHref({ type: 'MENTION', payload: { postId: 'p1', spaceId: 's1' } })).toBe(
      '/spaces/s1?postId=p1',
    );
  });
});

describe('notifications store', () => {
  it('keeps a live notification that arrived while the first page was loading', async () => {
    let answer: (page: unknown) => void = () => {};
    const http = createTestFetch({
      'GET /api/notifications': () => new Promise((resolve) => (answer = (page) => resolve(json(200, page)))),
    });
    const store = createNotificationsStore(createApiClient({ fetch: http.fetch, locks: null }));
    const loading = store.load();
    await waitFor(() => expect(http.calls).toHaveLength(1));
    store.received(
      {
        type: 'notification',
        id: 'live',
        cursor: 'c',
        notification: { type: 'ROOM_CALL', payload: {}, title: 'Live' },
      },
      false,
    );
    answer({ items: [note('old')], nextCursor: null, unreadCount: 1 });
    await loading;
    expect(store.state.items.map((item) => item.id)).toEqual(['live', 'old']);
    expect(store.state.unreadCount).toBe(2);
  });
});

describe('notifications store, marking all while loading', () => {
  it('does not let a page read before "Mark all as read" bring the badge back', async () => {
    let answer: (page: unknown) => void = () => {};
    let gets = 0;
    const http = createTestFetch({
      'GET /api/notifications': () =>
        gets++ === 0
          ? new Promise((resolve) => (answer = (page) => resolve(json(200, page))))
          : json(200, {
              items: [note('1', { readAt: '2026-11-23T12:00:00.000Z' })],
              nextCursor: null,
              unreadCount: 0,
            }),
      'POST /api/notifications/read-all': [json(204)],
    });
    const store = createNotificationsStore(createApiClient({ fetch: http.fetch, locks: null }));
    const loading = store.load();
    await waitFor(() => expect(http.calls).toHaveLength(1));
    const marking = store.markAllRead();
    answer({ items: [note('1')], nextCursor: null, unreadCount: 1 });
    await Promise.all([loading, marking]);
    expect(store.state.unreadCount).toBe(0);
  });
});
