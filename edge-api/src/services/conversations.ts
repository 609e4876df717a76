// Direct conversations between two members (the `messages` feature). A conversation is a sequenced
// channel like a space (sequenced-channel.ts: sequence, client keys, paging, emptied deletions);
// what is its own: exactly two participants found by their sorted pair (`direct_key`), each one's
// read position, and the rule that both must still be allowed to message.
import {
  conversationParticipants,
  conversations,
  directConversationKey,
  directMessageReactions,
  directMessages,
  uploads,
  userFeatures,
  users,
} from '@community/db/schema';
import {
  CANNOT_MESSAGE_MEMBER,
  CANNOT_MESSAGE_YOURSELF,
  CONVERSATION_NOT_FOUND,
  type Conversation,
  type ConversationPartner,
  type DirectMessage,
  type EditMessageInput,
  type MessageListQuery,
  QUOTE_LENGTH,
  type SendMessageInput,
  type UserSummary,
} from '@community/domain';
import { PARTIES } from '@community/realtime-protocol';
import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database } from '../db.ts';
import { decodeCursor, pageOf } from '../lib/cursor.ts';
import { ApiError, badRequest, forbidden, notFound } from '../lib/errors.ts';
import { rowsOf } from './posts-rows.ts';
import { markMine, type ReactionTable, reactionsOf, toggleReaction } from './reactions.ts';
import type { RoomAddress } from './realtime.ts';
import {
  assertOwnMessage,
  type ChannelSpec,
  deleteSequenced,
  editSequenced,
  listSequenced,
  quoteOf,
  type SequencePage,
  sendSequenced,
} from './sequenced-channel.ts';
import { searchCommunityMembers } from './users.ts';

export const USER_NOT_FOUND = 'User not found';

const original = alias(directMessages, 'original');
const originalAuthor = alias(users, 'original_author');

const conversationReactions: ReactionTable = {
  table: directMessageReactions,
  messageId: directMessageReactions.messageId,
  userId: directMessageReactions.userId,
  emoji: directMessageReactions.emoji,
  createdAt: directMessageReactions.createdAt,
};

/** Messages with their authors and, for a reply, what its quote shows of the original now. */
function selectDirectMessages(db: Database) {
  return db
    .select({
      message: directMessages,
      author: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        imageUrl: users.imageUrl,
      },
      original: {
        id: original.id,
        seq: original.seq,
        text: sql<string>`left(${original.body}, ${QUOTE_LENGTH + 1})`,
        deletedAt: original.deletedAt,
        authorId: originalAuthor.id,
        firstName: originalAuthor.firstName,
        lastName: originalAuthor.lastName,
      },
      // Every read of messages (pages, resyncs, the copy an event sends) carries their reactions.
      reactions: reactionsOf(conversationReactions, directMessages.id),
    })
    .from(directMessages)
    .innerJoin(users, eq(users.id, directMessages.authorId))
    .leftJoin(original, eq(original.id, directMessages.replyToId))
    .leftJoin(originalAuthor, eq(originalAuthor.id, original.authorId));
}

type DirectMessageRow = Awaited<ReturnType<ReturnType<typeof selectDirectMessages>['execute']>>[number];

const iso = (value: Date | string) => new Date(value).toISOString();

export function toDirectMessage({
  message,
  author,
  original: quoted,
  reactions,
}: DirectMessageRow): DirectMessage {
  const deleted = message.deletedAt !== null;
  return {
    id: message.id,
    conversationId: message.conversationId,
    seq: Number(message.seq),
    content: deleted ? '' : message.body,
    attachments: deleted ? [] : message.attachments,
    author,
    createdAt: iso(message.createdAt),
    deleted,
    clientKey: message.clientKey,
    rev: Number(message.rev),
    editedAt: message.editedAt ? iso(message.editedAt) : null,
    replyTo: quoteOf(quoted),
    reactions: deleted ? [] : (reactions ?? []),
  };
}

const conversationChannel: ChannelSpec<DirectMessageRow, DirectMessage> = {
  parent: conversations,
  channelNotFound: CONVERSATION_NOT_FOUND,
  messages: directMessages,
  columns: {
    id: directMessages.id,
    channelId: directMessages.conversationId,
    seq: directMessages.seq,
    authorId: directMessages.authorId,
    clientKey: directMessages.clientKey,
    attachments: directMessages.attachments,
    deletedAt: directMessages.deletedAt,
    rev: directMessages.rev,
    text: directMessages.body,
    editedAt: directMessages.editedAt,
    editKey: directMessages.editKey,
    replyToId: directMessages.replyToId,
  },
  uploadLink: uploads.conversationId,
  select: (db, where, orderBy, limit) => selectDirectMessages(db).where(where).orderBy(orderBy).limit(limit),
  seqOf: (row) => Number(row.message.seq),
  revOf: (row) => Number(row.message.rev),
  toMessage: toDirectMessage,
};

/** SQL: true when the user may take part in direct messages (exists, not blocked, `messages` on). */
const mayMessage = (userId: SQL | string) => sql`exists (
  select 1 from ${users} join ${userFeatures} on ${userFeatures.userId} = ${users.id}
  where ${users.id} = ${userId} and not ${users.isBlocked}
    and ${userFeatures.feature} = 'messages' and ${userFeatures.enabled})`;

/** The caller's place in a conversation, as the guard of every `/api/conversations/:id…` route reads it. */
export type Participation = {
  id: string;
  lastSeq: number;
  lastRev: number;
  /** Null when the other participant's account was deleted. */
  otherUserId: string | null;
  /** The other participant exists, is not blocked and has the `messages` feature. */
  otherMayMessage: boolean;
};

/** 404 for a conversation the caller is not in, exactly as for one that does not exist. */
export async function loadParticipation(
  db: Database,
  conversationId: string,
  userId: string,
): Promise<Participation> {
  const [row] = rowsOf<{
    id: string;
    last_seq: string | number;
    last_rev: string | number;
    other_id: string | null;
    other_ok: boolean;
  }>(
    await db.execute(sql`
      select c.id, c.last_seq, c.last_rev, them.user_id as other_id,
             coalesce(${mayMessage(sql`them.user_id`)}, false) as other_ok
      from ${conversations} c
      join ${conversationParticipants} me on me.conversation_id = c.id and me.user_id = ${userId}
      left join ${conversationParticipants} them on them.conversation_id = c.id and them.user_id <> ${userId}
      where c.id = ${conversationId}`),
  );
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return {
    id: row.id,
    lastSeq: Number(row.last_seq),
    lastRev: Number(row.last_rev),
    otherUserId: row.other_id,
    otherMayMessage: row.other_id !== null && row.other_ok === true,
  };
}

/** Sending (and a conversation room's ticket) needs the other participant to be reachable. */
export function assertMayMessage(participation: Participation): void {
  if (!participation.otherMayMessage) throw forbidden(CANNOT_MESSAGE_MEMBER);
}

/** A conversation room admits its participants while the other one may still be messaged. */
export async function mayEnterConversationRoom(db: Database, conversationId: string, userId: string) {
  try {
    return (await loadParticipation(db, conversationId, userId)).otherMayMessage;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

type ConversationRow = {
  id: string;
  last_seq: string | number;
  last_message_at: string | null;
  cursor_at: string | null;
  my_last_read_seq: string | number;
  other_last_read_seq: string | number;
  other: ConversationPartner;
  unread_count: number;
  last_message: {
    id: string;
    seq: number;
    body: string;
    attachments: DirectMessage['attachments'];
    client_key: string | null;
    rev: string | number;
    edited_at: string | null;
    created_at: string;
    deleted_at: string | null;
    author: DirectMessage['author'];
  } | null;
};

/**
 * Conversations of `userId` as they see them, in one statement: the other participant (with
 * presence), the last message, both read positions and the unread count (the other's live
 * messages after my read position, a range on the (conversation, seq) key).
 */
async function selectConversations(db: Database, userId: string, where: SQL, limit: number) {
  return rowsOf<ConversationRow>(
    await db.execute(sql`
      select c.id, c.last_seq, to_json(c.last_message_at) as last_message_at, c.last_message_at::text as cursor_at,
             me.last_read_seq as my_last_read_seq, them.last_read_seq as other_last_read_seq,
             json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
               'pseudo', u.pseudo, 'imageUrl', u.image_url, 'lastOfflineAt', u.last_offline_at) as other,
             (select count(*) from ${directMessages} d
               where d.conversation_id = c.id and d.author_id = them.user_id
                 and d.seq > me.last_read_seq and d.deleted_at is null)::int as unread_count,
             (select json_build_object('id', d.id, 'seq', d.seq, 'body', d.body, 'attachments', d.attachments,
                 'client_key', d.client_key, 'rev', d.rev, 'edited_at', d.edited_at, 'created_at', d.created_at, 'deleted_at', d.deleted_at,
                 'author', json_build_object('id', a.id, 'firstName', a.first_name, 'lastName', a.last_name,
                   'imageUrl', a.image_url))
               from ${directMessages} d join ${users} a on a.id = d.author_id
               where d.conversation_id = c.id order by d.seq desc limit 1) as last_message
      from ${conversationParticipants} me
      join ${conversations} c on c.id = me.conversation_id
      join ${conversationParticipants} them on them.conversation_id = c.id and them.user_id <> me.user_id
      join ${users} u on u.id = them.user_id
      where me.user_id = ${userId} and ${where}
      order by c.last_message_at desc nulls last, c.id desc
      limit ${limit}`),
  );
}

function toConversation(row: ConversationRow): Conversation {
  const last = row.last_message;
  const deleted = last !== null && last.deleted_at !== null;
  return {
    id: row.id,
    other: { ...row.other, lastOfflineAt: row.other.lastOfflineAt ? iso(row.other.lastOfflineAt) : null },
    lastMessage: last
      ? {
          id: last.id,
          conversationId: row.id,
          seq: Number(last.seq),
          content: deleted ? '' : last.body,
          attachments: deleted ? [] : last.attachments,
          author: last.author,
          createdAt: iso(last.created_at),
          deleted,
          clientKey: last.client_key,
          rev: Number(last.rev),
          editedAt: last.edited_at ? iso(last.edited_at) : null,
          // The Messages list shows the last message's text only; the chat reads the quote itself.
          replyTo: null,
        }
      : null,
    lastSeq: Number(row.last_seq),
    myLastReadSeq: Number(row.my_last_read_seq),
    otherLastReadSeq: Number(row.other_last_read_seq),
    unreadCount: row.unread_count,
    lastMessageAt: row.last_message_at ? iso(row.last_message_at) : null,
  };
}

/** The cursor keeps the database's own text of the time (microseconds), so no row is skipped. */
const ConversationCursor = z.tuple([z.string().max(64), z.uuid()]);

/** The caller's conversations that have a message, the most recent first (keyset on last_message_at, id). */
export async function listConversations(
  db: Database,
  userId: string,
  query: { cursor?: string | undefined; limit: number },
) {
  const after = decodeCursor(query.cursor, ConversationCursor);
  const keyset = after
    ? sql`(c.last_message_at, c.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
    : sql`true`;
  const rows = await selectConversations(
    db,
    userId,
    sql`c.last_message_at is not null and ${keyset}`,
    query.limit + 1,
  );
  return pageOf(rows, query.limit, toConversation, (row) => [row.cursor_at ?? '', row.id]);
}

export async function findConversation(db: Database, userId: string, conversationId: string) {
  const [row] = await selectConversations(db, userId, sql`c.id = ${conversationId}`, 1);
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return toConversation(row);
}

/** The member a conversation would be with, as a partner (404 for an unknown or deleted user). */
export async function findPartner(
  db: Database,
  userId: string,
): Promise<ConversationPartner & { mayMessage: boolean }> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      pseudo: users.pseudo,
      imageUrl: users.imageUrl,
      lastOfflineAt: users.lastOfflineAt,
      mayMessage: sql<boolean>`${mayMessage(userId)}`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound(USER_NOT_FOUND);
  return { ...row, lastOfflineAt: row.lastOfflineAt ? iso(row.lastOfflineAt) : null };
}

/** `GET /api/conversations/with/:userId`: the conversation with that member if there is one; creates nothing. */
export async function conversationWith(db: Database, userId: string, otherId: string) {
  if (otherId === userId) throw badRequest(CANNOT_MESSAGE_YOURSELF);
  const { mayMessage: _mayMessage, ...other } = await findPartner(db, otherId);
  const [row] = await selectConversations(
    db,
    userId,
    sql`c.direct_key = ${directConversationKey(userId, otherId)}`,
    1,
  );
  return { conversation: row ? toConversation(row) : null, other };
}

/**
 * Finds or creates the one-to-one conversation (with both participant rows, in one statement).
 * Two members opening it at once both reach the unique `direct_key`: one insert wins, the other
 * finds nothing to insert and reads the winner in a second statement (its first one could not
 * see the winner's row: it started before that commit).
 */
export async function startConversation(db: Database, userId: string, otherId: string) {
  if (otherId === userId)
    throw badRequest(CANNOT_MESSAGE_YOURSELF, [{ path: 'userId', message: CANNOT_MESSAGE_YOURSELF }]);
  const partner = await findPartner(db, otherId);
  if (!partner.mayMessage) throw forbidden(CANNOT_MESSAGE_MEMBER);
  const key = directConversationKey(userId, otherId);
  const [created] = rowsOf<{ id: string }>(
    await db.execute(sql`
      with created as (
        insert into ${conversations} (direct_key) values (${key})
        on conflict (direct_key) do nothing returning id
      ), members as (
        insert into ${conversationParticipants} (conversation_id, user_id)
        select created.id, member from created, unnest(array[${userId}, ${otherId}]::uuid[]) as member
      )
      select id from created`),
  );
  const [existing] = created
    ? []
    : await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.directKey, key));
  const id = created?.id ?? existing?.id;
  if (!id) throw new Error('Conversation vanished after insert');
  return { conversation: await findConversation(db, userId, id), created: Boolean(created) };
}

export function listDirectMessages(
  db: Database,
  participation: Participation,
  query: MessageListQuery,
): Promise<SequencePage<DirectMessage>> {
  return listSequenced(db, conversationChannel, participation.id, query, participation);
}

/**
 * Sends once per client key. The same statement moves the conversation up the Messages list
 * (`last_message_at`) and the sender's read position to their own message.
 */
export function sendDirectMessage(
  db: Database,
  conversationId: string,
  authorId: string,
  input: SendMessageInput,
) {
  return sendSequenced(db, conversationChannel, {
    channelId: conversationId,
    authorId,
    clientKey: input.clientKey,
    attachments: input.attachments,
    replyToId: input.replyToId,
    columns: ['body'],
    values: [sql`${input.content}`],
    alsoSet: sql`last_message_at = now()`,
    alsoDo: sql`read as (
      update ${conversationParticipants} set last_read_seq = greatest(last_read_seq, (select last_seq from bump))
      where conversation_id = ${conversationId} and user_id = ${authorId} and exists (select 1 from inserted)
    )`,
  });
}

/** The author's new text (only the author: assertOwnDirectMessage runs before the body is read). */
export function editDirectMessage(
  db: Database,
  conversationId: string,
  messageId: string,
  userId: string,
  input: EditMessageInput,
) {
  return editSequenced(
    db,
    conversationChannel,
    { channelId: conversationId, messageId, userId },
    input,
    sql`body = ${input.content}`,
  );
}

export const assertOwnDirectMessage = (
  db: Database,
  conversationId: string,
  messageId: string,
  userId: string,
) => assertOwnMessage(db, conversationChannel, { channelId: conversationId, messageId, userId });

/** Authors delete their own messages only (no moderators in a conversation). */
export function deleteDirectMessage(db: Database, conversationId: string, messageId: string, userId: string) {
  return deleteSequenced(
    db,
    conversationChannel,
    { channelId: conversationId, messageId, userId, canModerate: false },
    sql`body = ''`,
  );
}

/**
 * Moves the caller's read position forward to `seq` (never back, never past the last message).
 * Answers the new position, or null when it did not move (nothing to tell the rooms).
 */
export async function markRead(db: Database, conversationId: string, userId: string, seq: number) {
  const [row] = rowsOf<{ last_read_seq: string | number }>(
    await db.execute(sql`
      update ${conversationParticipants} p
      set last_read_seq = least(${seq}, c.last_seq)
      from ${conversations} c
      where c.id = p.conversation_id and p.conversation_id = ${conversationId} and p.user_id = ${userId}
        and p.last_read_seq < least(${seq}, c.last_seq)
      returning p.last_read_seq`),
  );
  return row ? Number(row.last_read_seq) : null;
}

/** Members to start a conversation with: the community search, without the caller, with presence. */
export async function searchPartners(db: Database, userId: string, searchName: string) {
  return searchCommunityMembers(db, searchName, { except: userId });
}

/** The conversation rooms a user takes part in: blocking or deleting them closes these for both. */
export async function conversationRoomsOf(db: Database, userId: string): Promise<RoomAddress[]> {
  const rows = await db
    .select({ id: conversationParticipants.conversationId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.userId, userId));
  return rows.map((row) => ({ party: PARTIES.conversationRoom, room: row.id }));
}

/** Adds or removes the participant's reaction (idempotent); `message` is what both see. */
export function reactToDirectMessage(
  db: Database,
  target: { conversationId: string; messageId: string; userId: string; emoji: string; add: boolean },
) {
  const { conversationId, ...rest } = target;
  return toggleReaction(db, conversationChannel, conversationReactions, {
    channelId: conversationId,
    ...rest,
  });
}

/** The reader's own reactions marked (`mine`) on messages read for them. */
export function markMyDirectReactions(db: Database, messages: DirectMessage[], viewer: UserSummary) {
  return markMine(db, conversationReactions, messages, viewer);
}
