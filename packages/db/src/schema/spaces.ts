// Spaces (group chat rooms), their members and messages. Each message gets the next `seq` of its
// space (spaces.last_seq, bumped in the same transaction), so a client that reconnects asks for
// `?after=<seq>`; `client_key` makes a retried send insert one row only.

import { SPACE_MEMBER_ROLES, SPACE_TYPES } from '@community/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';
import { users } from './users.ts';

export const spaceTypeEnum = pgEnum('space_type', SPACE_TYPES);
export const spaceMemberRoleEnum = pgEnum('space_member_role', SPACE_MEMBER_ROLES);

export const spaces = pgTable('spaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  type: spaceTypeEnum('type').notNull().default('PRIVATE'),
  color: text('color').notNull().default('#3B82F6'),
  inviteCode: text('invite_code').unique(),
  /** Restrict: deleting the admin must not silently delete everyone's chat; hand it over first. */
  adminId: uuid('admin_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  /** The space's change counter: every edit or deletion of a message takes the next one (its `rev`). */
  lastRev: bigint('last_rev', { mode: 'number' }).notNull().default(0),
  ...timestamps(),
});

export const spaceMembers = pgTable(
  'space_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: spaceMemberRoleEnum('role').notNull().default('GUEST'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('space_members_space_id_user_id_key').on(t.spaceId, t.userId),
    index('space_members_user_id_idx').on(t.userId),
  ],
);

export const JOIN_REQUEST_STATUSES = ['PENDING', 'DECLINED'] as const;
export const joinRequestStatusEnum = pgEnum('space_join_request_status', JOIN_REQUEST_STATUSES);

/**
 * Requests to join a private space (issue 30): one row per member and space. PENDING until its
 * admin or a moderator decides: approving deletes the row (the membership is the record), declining
 * keeps it DECLINED with `decided_at`, from which the cool-down runs; asking again turns it PENDING.
 * Withdrawing deletes it.
 */
export const spaceJoinRequests = pgTable(
  'space_join_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: joinRequestStatusEnum('status').notNull().default('PENDING'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    unique('space_join_requests_space_id_user_id_key').on(t.spaceId, t.userId),
    index('space_join_requests_space_id_status_idx').on(t.spaceId, t.status, t.createdAt),
    index('space_join_requests_user_id_idx').on(t.userId),
  ],
);

/** A file attached to a chat message. */
export type MessageAttachment = { name: string; url: string; type: 'audio' | 'video' | 'img' | 'file' | 'a' };

export const spaceMessages = pgTable(
  'space_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** Lexical JSON. */
    content: jsonb('content').$type<unknown>().notNull(),
    /** Plain text of `content`, for full-text search. */
    bodyText: text('body_text').notNull().default(''),
    /** Client-generated idempotency key of the send. */
    clientKey: text('client_key'),
    attachments: jsonb('attachments').$type<MessageAttachment[]>().notNull().default([]),
    deletedAt: timestamptz('deleted_at'),
    /** The space's `last_rev` at the message's latest change (0: never changed); `?changedAfter=` reads it. */
    rev: bigint('rev', { mode: 'number' }).notNull().default(0),
    /** When its author last edited it (null: never); `edit_key` is that edit's client key (a retry changes nothing). */
    editedAt: timestamptz('edited_at'),
    editKey: text('edit_key'),
    /** The message this one replies to, in the same space (checked on send). */
    replyToId: uuid('reply_to_id').references((): AnyPgColumn => spaceMessages.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    unique('space_messages_space_id_seq_key').on(t.spaceId, t.seq),
    unique('space_messages_space_id_author_id_client_key_key').on(t.spaceId, t.authorId, t.clientKey),
    index('space_messages_author_id_idx').on(t.authorId),
    index('space_messages_space_id_rev_idx').on(t.spaceId, t.rev),
    index('space_messages_reply_to_id_idx').on(t.replyToId),
    index('space_messages_body_text_search_idx').using('gin', sql`to_tsvector('simple', ${t.bodyText})`),
  ],
);

/**
 * One member's reaction (one emoji) to a space message: one row per message, member and emoji, so
 * adding twice is one reaction. A kicked member's rows stay (their reactions still show).
 */
export const spaceMessageReactions = pgTable(
  'space_message_reactions',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => spaceMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId, t.emoji] }),
    index('space_message_reactions_user_id_idx').on(t.userId),
  ],
);

export type SpaceRow = typeof spaces.$inferSelect;
export type NewSpaceRow = typeof spaces.$inferInsert;
export type SpaceMemberRow = typeof spaceMembers.$inferSelect;
export type NewSpaceMemberRow = typeof spaceMembers.$inferInsert;
export type SpaceMessageRow = typeof spaceMessages.$inferSelect;
export type NewSpaceMessageRow = typeof spaceMessages.$inferInsert;
