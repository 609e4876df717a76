// Direct conversations between members. Like space messages, each message gets the next `seq` of
// its conversation, and `client_key` makes a retried send insert one row only.

import {
  type AnyPgColumn,
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import type { MessageAttachment } from './spaces.ts';
import { users } from './users.ts';

export const conversations = pgTable('conversations', {
  id: uuid('id').primaryKey().defaultRandom(),
  /**
   * For a one-to-one conversation: the two user ids, sorted and joined with ':'. Unique, so opening
   * a conversation with someone twice finds the first one instead of making a second.
   */
  directKey: text('direct_key').unique(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  /** The conversation's change counter: every edit or deletion of a message takes the next one. */
  lastRev: bigint('last_rev', { mode: 'number' }).notNull().default(0),
  /** When its latest message was sent: the Messages list shows the most recent conversation first. */
  lastMessageAt: timestamptz('last_message_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The last `seq` this participant has read: unread counts and "Seen" come from it. */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_participants_user_id_idx').on(t.userId),
  ],
);

export const directMessages = pgTable(
  'direct_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    body: text('body').notNull(),
    clientKey: text('client_key'),
    attachments: jsonb('attachments').$type<MessageAttachment[]>().notNull().default([]),
    /** Deleted by its author: the row stays, emptied, so the sequence has no hole. */
    deletedAt: timestamptz('deleted_at'),
    /** The conversation's `last_rev` at the message's latest change (0: never changed). */
    rev: bigint('rev', { mode: 'number' }).notNull().default(0),
    /** When its author last edited it (null: never); `edit_key` is that edit's client key. */
    editedAt: timestamptz('edited_at'),
    editKey: text('edit_key'),
    /** The message this one replies to, in the same conversation (checked on send). */
    replyToId: uuid('reply_to_id').references((): AnyPgColumn => directMessages.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('direct_messages_author_id_idx').on(t.authorId),
    index('direct_messages_conversation_id_rev_idx').on(t.conversationId, t.rev),
    index('direct_messages_reply_to_id_idx').on(t.replyToId),
    unique('direct_messages_conversation_id_seq_key').on(t.conversationId, t.seq),
    unique('direct_messages_conversation_id_author_id_client_key_key').on(
      t.conversationId,
      t.authorId,
      t.clientKey,
    ),
  ],
);

/** The `direct_key` of the one-to-one conversation between two users. */
export function directConversationKey(userA: string, userB: string): string {
  return [userA, userB].sort().join(':');
}

export type ConversationRow = typeof conversations.$inferSelect;
export type NewConversationRow = typeof conversations.$inferInsert;
export type ConversationParticipantRow = typeof conversationParticipants.$inferSelect;
export type NewConversationParticipantRow = typeof conversationParticipants.$inferInsert;
export type DirectMessageRow = typeof directMessages.$inferSelect;
export type NewDirectMessageRow = typeof directMessages.$inferInsert;

/** One participant's reaction (one emoji) to a direct message: one row per message, member and emoji. */
export const directMessageReactions = pgTable(
  'direct_message_reactions',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => directMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId, t.emoji] }),
    index('direct_message_reactions_user_id_idx').on(t.userId),
  ],
);
