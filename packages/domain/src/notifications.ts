// Notifications (spec section 3): stored per user, pushed live to the user's room, listed in the top
// bar's menu with an unread badge.

export const NOTIFICATION_KINDS = [
  'SPACE_MESSAGE',
  'ROOM_CALL',
  'POST_REACTION',
  'POST_COMMENT',
  'EVENT_ANNOUNCEMENT',
  'MENTION',
  'EVENT_CANCELLED',
  'WAITLIST_PROMOTED',
  'EVENT_REMINDER',
  'JOIN_REQUEST',
  'JOIN_APPROVED',
  'JOIN_DECLINED',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type AppNotification = {
  id: string;
  type: NotificationKind;
  /** `content.title` in the spec: what the toast and the menu show. */
  title: string;
  /** Ids of what it is about (spaceId, postId, eventId…), for the link. */
  payload: Record<string, string>;
  readAt: string | null;
  createdAt: string;
};

/** `GET /api/notifications`: newest first, keyset-paged, with the unread count for the badge. */
export type NotificationPage = { items: AppNotification[]; nextCursor: string | null; unreadCount: number };

/** How long a notification toast stays (spec section 9). */
export const NOTIFICATION_TOAST_MS = 3000;
