// The signed-in member's notifications (spec section 3), as one valtio store the top bar's menu reads:
// the newest pages from `GET /api/notifications`, the unread count for the badge, and what arrives live
// on the user room (prepended, +1 unread). Marking read is optimistic; a failed write reloads the
// first page so the badge never stays wrong.
import { type ApiClient, api, withQuery } from '@community/api-client';
import type { AppNotification, NotificationPage } from '@community/domain';
import type { ServerEvent } from '@community/realtime-protocol';
import { proxy } from 'valtio/vanilla';

/**
 * A notification about a space's chat (a message there, or a mention in it): the space page shows
 * it, so it is read once the page is open. A mention in one of the space's posts is not.
 */
export function isAboutSpaceChat({ type, payload }: Pick<AppNotification, 'type' | 'payload'>): boolean {
  if (payload.spaceId === undefined) return false;
  return type === 'SPACE_MESSAGE' || (type === 'MENTION' && payload.messageId !== undefined);
}

type NotificationEvent = Extract<ServerEvent, { type: 'notification' }>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export type NotificationsState = {
  items: AppNotification[];
  nextCursor: string | null;
  unreadCount: number;
  status: 'idle' | 'loading' | 'ready' | 'error';
  loadingMore: boolean;
};

export type NotificationsStore = ReturnType<typeof createNotificationsStore>;

export function createNotificationsStore(client: ApiClient = api) {
  const state = proxy<NotificationsState>({
    items: [],
    nextCursor: null,
    unreadCount: 0,
    status: 'idle',
    loadingMore: false,
  });
  // Bumped by reset and reload, so an answer to an older request is dropped.
  let generation = 0;
  let firstPage: Promise<void> | null = null;
  // Live notifications that arrived while the first page was loading: the page may predate them.
  let arrivedDuringLoad: AppNotification[] | null = null;

  const fetchPage = (cursor: string | null) =>
    client.get<NotificationPage>(
      withQuery('/api/notifications', { cursor: cursor ?? undefined, limit: NOTIFICATIONS_PAGE_SIZE }),
    );

  /** Loads (or reloads) the newest page; keeps live notifications that arrived meanwhile. */
  function load(): Promise<void> {
    const mine = ++generation;
    if (state.status !== 'ready') state.status = 'loading';
    const arrived: AppNotification[] = [];
    arrivedDuringLoad = arrived;
    firstPage = fetchPage(null).then(
      (page) => {
        if (mine !== generation) return;
        arrivedDuringLoad = null;
        const known = new Set(page.items.map((item) => item.id));
        const missed = arrived.filter((item) => !known.has(item.id));
        state.items = [...missed, ...page.items];
        state.nextCursor = page.nextCursor;
        state.unreadCount = page.unreadCount + missed.filter((item) => item.readAt === null).length;
        state.status = 'ready';
      },
      (error: unknown) => {
        if (mine !== generation) return;
        arrivedDuringLoad = null;
        console.debug('[notifications] load', error);
        if (state.status !== 'ready') state.status = 'error';
      },
    );
    return firstPage;
  }

  async function loadMore(): Promise<void> {
    if (state.loadingMore || !state.nextCursor || state.status !== 'ready') return;
    const mine = generation;
    state.loadingMore = true;
    try {
      const page = await fetchPage(state.nextCursor);
      if (mine !== generation) return;
      const known = new Set(state.items.map((item) => item.id));
      state.items.push(...page.items.filter((item) => !known.has(item.id)));
      state.nextCursor = page.nextCursor;
    } catch (error) {
      console.debug('[notifications] load more', error);
    } finally {
      if (mine === generation) state.loadingMore = false;
    }
  }

  /** A notification pushed on the user room; `seen` ones arrive already read. */
  function received(event: NotificationEvent, seen: boolean): void {
    if (state.items.some((item) => item.id === event.id)) return;
    const now = new Date().toISOString();
    const item: AppNotification = {
      id: event.id,
      type: event.notification.type,
      title: event.notification.title,
      payload: event.notification.payload,
      readAt: seen ? now : null,
      createdAt: now,
    };
    arrivedDuringLoad?.push(item);
    state.items.unshift(item);
    if (!seen) state.unreadCount += 1;
  }

  function markLocally(match: (item: AppNotification) => boolean): void {
    const now = new Date().toISOString();
    for (const item of state.items) {
      if (item.readAt === null && match(item)) {
        item.readAt = now;
        state.unreadCount = Math.max(0, state.unreadCount - 1);
      }
    }
  }

  async function markRead(id: string): Promise<void> {
    const item = state.items.find((candidate) => candidate.id === id);
    if (!item || item.readAt !== null) return;
    const stale = arrivedDuringLoad !== null;
    markLocally((candidate) => candidate.id === id);
    try {
      await client.patch<void>(`/api/notifications/${encodeURIComponent(id)}/read`);
      if (stale) await load();
    } catch (error) {
      console.debug('[notifications] mark read', error);
      await load();
    }
  }

  async function markAllRead(): Promise<void> {
    // A page still loading was read before this write: load it again once the write is done.
    const stale = arrivedDuringLoad !== null;
    markLocally(() => true);
    state.unreadCount = 0;
    try {
      await client.post<void>('/api/notifications/read-all', {});
      if (stale) await load();
    } catch (error) {
      console.debug('[notifications] mark all read', error);
      await load();
    }
  }

  /**
   * The member opened a space (or a message arrived while they look at it): its space-message
   * notification is read. Asked of the server only while something is unread (the one unread
   * SPACE_MESSAGE per space may sit beyond the loaded pages) or when `unread` says one just arrived;
   * the count is then reloaded.
   */
  async function markSpaceRead(spaceId: string, unread = false): Promise<void> {
    if (firstPage) await firstPage;
    if (!unread && state.unreadCount === 0) return;
    markLocally((item) => isAboutSpaceChat(item) && item.payload.spaceId === spaceId);
    try {
      await client.post<void>('/api/notifications/read-all', { spaceId });
    } catch (error) {
      console.debug('[notifications] mark space read', error);
    }
    await load();
  }

  function reset(): void {
    generation++;
    firstPage = null;
    arrivedDuringLoad = null;
    Object.assign(state, { items: [], nextCursor: null, unreadCount: 0, status: 'idle', loadingMore: false });
  }

  return { state, load, loadMore, received, markRead, markAllRead, markSpaceRead, reset };
}

/** The page's notifications: the user room writes, the top bar's menu reads. */
export const notifications = createNotificationsStore();

/** Where a notification leads (spec section 2's paths). */
export function notificationHref(notification: Pick<AppNotification, 'type' | 'payload'>): string | null {
  const { spaceId, eventId, postId, conversationId, authorId } = notification.payload;
  switch (notification.type) {
    case 'SPACE_MESSAGE':
    // A request leads its deciders to the space (the members dialog lists it), an answer the asker.
    case 'JOIN_REQUEST':
    case 'JOIN_APPROVED':
    case 'JOIN_DECLINED':
      return spaceId ? `/spaces/${encodeURIComponent(spaceId)}` : null;
    case 'EVENT_ANNOUNCEMENT':
    case 'EVENT_CANCELLED':
    case 'WAITLIST_PROMOTED':
    case 'EVENT_REMINDER':
    case 'ROOM_CALL':
      return eventId ? `/events/${encodeURIComponent(eventId)}` : null;
    case 'POST_COMMENT':
    case 'POST_REACTION': {
      if (!postId) return null;
      const query = `?postId=${encodeURIComponent(postId)}`;
      return spaceId ? `/spaces/${encodeURIComponent(spaceId)}${query}` : `/${query}`;
    }
    case 'MENTION':
      // A direct message's leads to the conversation with its author, a post's or comment's to the
      // post, a space message's to the space.
      if (conversationId && authorId) return `/community/conversations/${encodeURIComponent(authorId)}`;
      if (postId) return notificationHref({ type: 'POST_COMMENT', payload: notification.payload });
      return spaceId ? `/spaces/${encodeURIComponent(spaceId)}` : null;
  }
}
