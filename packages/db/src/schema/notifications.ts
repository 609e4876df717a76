// Per-user notifications (spec section 3, Notification); delivered live over the user's room and
// kept here so that a client that was offline can list what it missed.

import { sql } from 'drizzle-orm';
import { index, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

export const NOTIFICATION_TYPES = [
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
  (t) => [
    index('notifications_user_id_created_at_id_idx').on(t.userId, t.createdAt, t.id),
    // The unread badge counts these.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // Space messages are coalesced: one unread SPACE_MESSAGE per member and space at most, so a busy
    // space writes (and pushes) nothing more to a member who has not read the first one yet.
    uniqueIndex('notifications_unread_space_message_key')
      .on(t.userId, sql`(${t.payload}->>'spaceId')`)
      .where(sql`${t.type} = 'SPACE_MESSAGE' and ${t.readAt} is null`),
    // Event announcements and room calls are coalesced by author: one unread of each type per member
    // and author, which later ones update (services/announcements.ts), so a flood of events costs
    // each member one row. Rows without an authorId (from before) never conflict.
    uniqueIndex('notifications_unread_announcement_key')
      .on(t.userId, t.type, sql`(${t.payload}->>'authorId')`)
      .where(sql`${t.type} in ('EVENT_ANNOUNCEMENT', 'ROOM_CALL') and ${t.readAt} is null`),
    // A mention notifies a member once per message, post or comment (`mentionOf`, a key only MENTION
    // rows have: a predicate on the type could not sit in the migration that adds the enum value),
    // read or not, so a retried or edited message never notifies twice.
    uniqueIndex('notifications_mention_once_key')
      .on(t.userId, sql`(${t.payload}->>'mentionOf')`)
      .where(sql`(${t.payload}->>'mentionOf') is not null`),
    // `@here` / `@space` are coalesced like space messages: one unread broadcast mention per member
    // and space at most.
    uniqueIndex('notifications_unread_broadcast_mention_key')
      .on(t.userId, sql`(${t.payload}->>'spaceId')`)
      .where(sql`(${t.payload}->>'broadcast') is not null and ${t.readAt} is null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
