// Per-user notifications (spec section 3, Notification); delivered live over the user's room and
// kept here so that a client that was offline can list what it missed.

import { index, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

export const NOTIFICATION_TYPES = [
  'SPACE_MESSAGE',
  'ROOM_CALL',
  'POST_REACTION',
  'POST_COMMENT',
  'EVENT_ANNOUNCEMENT',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const notificationTypeEnum = pgEnum('notification_type', NOTIFICATION_TYPES);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationTypeEnum('type').notNull(),
    title: text('title').notNull(),
    /** Ids of what the notification is about (spaceId, postId, ...), for the client to link to. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamptz('read_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_id_created_at_id_idx').on(t.userId, t.createdAt, t.id)],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
