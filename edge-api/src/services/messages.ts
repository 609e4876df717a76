// Space chat messages: a space is one kind of sequenced channel (sequenced-channel.ts holds the
// sequence, client-key and paging rules); what is a space's own is its columns (content as JSON
// plus its plain text for search), moderators deleting any message, and search.
import { spaceMessageReactions, spaceMessages, spaces, uploads, users } from '@community/db/schema';
import {
  type ChatMessage,
  type EditMessageInput,
  type MessageListQuery,
  QUOTE_LENGTH,
  type SendMessageInput,
  type UserSummary,
} from '@community/domain';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db.ts';
import { markMine, type ReactionTable, reactionsOf, toggleReaction } from './reactions.ts';
import {
  assertOwnMessage,
  type ChannelPosition,
  type ChannelSpec,
  clampLimit,
  deleteSequenced,
  editSequenced,
  listSequenced,
  quoteOf,
  sendSequenced,
} from './sequenced-channel.ts';

export { MESSAGE_NOT_FOUND, NOT_YOUR_MESSAGE } from './sequenced-channel.ts';

const original = alias(spaceMessages, 'original');
const originalAuthor = alias(users, 'original_author');

const spaceReactions: ReactionTable = {
  table: spaceMessageReactions,
  messageId: spaceMessageReactions.messageId,
  userId: spaceMessageReactions.userId,
  emoji: spaceMessageReactions.emoji,
  createdAt: spaceMessageReactions.createdAt,
};

/** Messages with their authors and, for a reply, what its quote shows of the original now. */
function selectMessages(db: Database) {
  return db
    .select({
      message: spaceMessages,
      author: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        imageUrl: users.imageUrl,
      },
      original: {
        id: original.id,
        seq: original.seq,
        text: sql<string>`left(${original.bodyText}, ${QUOTE_LENGTH + 1})`,
        deletedAt: original.deletedAt,
        authorId: originalAuthor.id,
        firstName: originalAuthor.firstName,
        lastName: originalAuthor.lastName,
      },
      // Every read of messages (pages, resyncs, the copy an event sends) carries their reactions.
      reactions: reactionsOf(spaceReactions, spaceMessages.id),
    })
    .from(spaceMessages)
    .innerJoin(users, eq(users.id, spaceMessages.authorId))
    .leftJoin(original, eq(original.id, spaceMessages.replyToId))
    .leftJoin(originalAuthor, eq(originalAuthor.id, original.authorId));
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number];

export function toChatMessage({ message, author, original: quoted, reactions }: MessageRow): ChatMessage {
  const deleted = message.deletedAt !== null;
  return {
    id: message.id,
    spaceId: message.spaceId,
    seq: message.seq,
    content: deleted ? '' : message.bodyText,
    attachments: deleted ? [] : message.attachments,
    author,
    createdAt: message.createdAt.toISOString(),
    deleted,
    clientKey: message.clientKey,
    rev: message.rev,
    editedAt: message.editedAt ? message.editedAt.toISOString() : null,
    replyTo: quoteOf(quoted),
    reactions: deleted ? [] : (reactions ?? []),
  };
}

const spaceChannel: ChannelSpec<MessageRow, ChatMessage> = {
  parent: spaces,
  channelNotFound: 'Space not found',
  messages: spaceMessages,
  columns: {
    id: spaceMessages.id,
    channelId: spaceMessages.spaceId,
    seq: spaceMessages.seq,
    authorId: spaceMessages.authorId,
    clientKey: spaceMessages.clientKey,
    attachments: spaceMessages.attachments,
    deletedAt: spaceMessages.deletedAt,
    rev: spaceMessages.rev,
    text: spaceMessages.bodyText,
    editedAt: spaceMessages.editedAt,
    editKey: spaceMessages.editKey,
    replyToId: spaceMessages.replyToId,
  },
  uploadLink: uploads.spaceId,
  select: (db, where, orderBy, limit) => selectMessages(db).where(where).orderBy(orderBy).limit(limit),
  seqOf: (row) => row.message.seq,
  revOf: (row) => row.message.rev,
  toMessage: toChatMessage,
};

/** Words as prefixes, all required: "hel wor" finds "hello world". Only letters and digits pass. */
export function searchQuery(text: string): string | null {
  const words = text.match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  return words.length ? words.map((word) => `${word.toLowerCase()}:*`).join(' & ') : null;
}

export async function listMessages(
  db: Database,
  spaceId: string,
  query: MessageListQuery,
  position: ChannelPosition,
) {
  if (query.search === undefined) return listSequenced(db, spaceChannel, spaceId, query, position);
  const tsquery = searchQuery(query.search);
  if (!tsquery) return { items: [], olderCursor: null, ...position };
  const rows = await selectMessages(db)
    .where(
      and(
        eq(spaceMessages.spaceId, spaceId),
        sql`${spaceMessages.deletedAt} is null`,
        sql`to_tsvector('simple', ${spaceMessages.bodyText}) @@ to_tsquery('simple', ${tsquery})`,
      ),
    )
    .orderBy(desc(spaceMessages.seq))
    .limit(clampLimit(query.limit));
  return {
    items: rows.map((row) => ({ ...toChatMessage(row), searchCursor: row.message.seq })),
    olderCursor: null,
    ...position,
  };
}

/** Sends a message once: `created` is false when this client key was already used. */
export function sendMessage(
  db: Database,
  spaceId: string,
  authorId: string,
  input: SendMessageInput,
): Promise<{ message: ChatMessage; created: boolean }> {
  const values: SQL[] = [sql`${JSON.stringify(input.content)}::jsonb`, sql`${input.content}`];
  return sendSequenced(db, spaceChannel, {
    channelId: spaceId,
    authorId,
    clientKey: input.clientKey,
    attachments: input.attachments,
    replyToId: input.replyToId,
    columns: ['content', 'body_text'],
    values,
  });
}

/** The author's new text; the search index reads `body_text`, so the edit is what search finds. */
export function editMessage(
  db: Database,
  spaceId: string,
  messageId: string,
  userId: string,
  input: EditMessageInput,
) {
  return editSequenced(
    db,
    spaceChannel,
    { channelId: spaceId, messageId, userId },
    input,
    sql`content = ${JSON.stringify(input.content)}::jsonb, body_text = ${input.content}`,
  );
}

/** Only the author edits (moderators may delete, never change others' words). */
export const assertOwnSpaceMessage = (db: Database, spaceId: string, messageId: string, userId: string) =>
  assertOwnMessage(db, spaceChannel, { channelId: spaceId, messageId, userId });

/** Authors delete their own; moderators and the admin delete any. */
export function deleteMessage(
  db: Database,
  spaceId: string,
  messageId: string,
  userId: string,
  canModerate: boolean,
) {
  return deleteSequenced(
    db,
    spaceChannel,
    { channelId: spaceId, messageId, userId, canModerate },
    sql`body_text = '', content = '""'::jsonb`,
  );
}

/** Adds or removes the member's reaction (idempotent); `message` is what every reader sees. */
export function reactToMessage(
  db: Database,
  target: { spaceId: string; messageId: string; userId: string; emoji: string; add: boolean },
) {
  const { spaceId, ...rest } = target;
  return toggleReaction(db, spaceChannel, spaceReactions, { channelId: spaceId, ...rest });
}

/** The reader's own reactions marked (`mine`) on messages read for them. */
export function markMyReactions<M extends ChatMessage>(db: Database, messages: M[], viewer: UserSummary) {
  return markMine(db, spaceReactions, messages, viewer);
}
