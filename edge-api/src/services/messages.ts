// Space chat messages. Each message gets the next number of its space's sequence in the same
// statement that inserts it (the space row is the lock), so the order is the commit order and a
// reconnecting client asks for "after n". A client key makes a retried send return the first row.
import { spaceMessages, spaces, uploads, users } from '@community/db/schema';
import type { ChatMessage, MessageListQuery, SendMessageInput } from '@community/domain';
import { and, asc, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../db.ts';
import { forbidden, isUniqueViolation, notFound } from '../lib/errors.ts';
import { chatUploadKeys } from './uploads.ts';

export const MESSAGE_NOT_FOUND = 'Message not found';
export const NOT_YOUR_MESSAGE = 'You can only delete your own messages.';
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 100;

const clampLimit = (limit: number | undefined) => Math.min(MAX_LIMIT, Math.max(1, limit ?? DEFAULT_LIMIT));

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
    })
    .from(spaceMessages)
    .innerJoin(users, eq(users.id, spaceMessages.authorId));
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number];

export function toChatMessage({ message, author }: MessageRow): ChatMessage {
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
  };
}

/** Words as prefixes, all required: "hel wor" finds "hello world". Only letters and digits pass. */
export function searchQuery(text: string): string | null {
  const words = text.match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  return words.length ? words.map((word) => `${word.toLowerCase()}:*`).join(' & ') : null;
}

export async function listMessages(db: Database, spaceId: string, query: MessageListQuery, lastSeq: number) {
  const limit = clampLimit(query.limit);
  const inSpace = eq(spaceMessages.spaceId, spaceId);
  if (query.search !== undefined) {
    const tsquery = searchQuery(query.search);
    if (!tsquery) return { items: [], olderCursor: null, lastSeq };
    const rows = await selectMessages(db)
      .where(
        and(
          inSpace,
          sql`${spaceMessages.deletedAt} is null`,
          sql`to_tsvector('simple', ${spaceMessages.bodyText}) @@ to_tsquery('simple', ${tsquery})`,
        ),
      )
      .orderBy(desc(spaceMessages.seq))
      .limit(limit);
    return {
      items: rows.map((row) => ({ ...toChatMessage(row), searchCursor: row.message.seq })),
      olderCursor: null,
      lastSeq,
    };
  }
  if (query.after !== undefined) {
    const rows = await selectMessages(db)
      .where(and(inSpace, gt(spaceMessages.seq, query.after)))
      .orderBy(asc(spaceMessages.seq))
      .limit(limit);
    return { items: rows.map(toChatMessage), olderCursor: null, lastSeq };
  }
  if (query.around !== undefined) {
    const half = Math.ceil(limit / 2);
    const [older, newer] = await Promise.all([
      selectMessages(db)
        .where(and(inSpace, lt(spaceMessages.seq, query.around)))
        .orderBy(desc(spaceMessages.seq))
        .limit(half + 1),
      selectMessages(db)
        .where(and(inSpace, gte(spaceMessages.seq, query.around)))
        .orderBy(asc(spaceMessages.seq))
        .limit(half),
    ]);
    const olderVisible = older.slice(0, half).reverse();
    return {
      items: [...olderVisible, ...newer].map(toChatMessage),
      olderCursor: older.length > half && olderVisible[0] ? olderVisible[0].message.seq : null,
      lastSeq,
    };
  }
  const rows = await selectMessages(db)
    .where(and(inSpace, query.before !== undefined ? lt(spaceMessages.seq, query.before) : undefined))
    .orderBy(desc(spaceMessages.seq))
    .limit(limit + 1);
  const visible = rows.slice(0, limit).reverse();
  return {
    items: visible.map(toChatMessage),
    olderCursor: rows.length > limit && visible[0] ? visible[0].message.seq : null,
    lastSeq,
  };
}

async function findByClientKey(db: Database, spaceId: string, authorId: string, clientKey: string) {
  const [row] = await selectMessages(db).where(
    and(
      eq(spaceMessages.spaceId, spaceId),
      eq(spaceMessages.authorId, authorId),
      eq(spaceMessages.clientKey, clientKey),
    ),
  );
  return row ? toChatMessage(row) : null;
}

/** Sends a message once: `created` is false when this client key was already used. */
export async function sendMessage(
  db: Database,
  spaceId: string,
  authorId: string,
  input: SendMessageInput,
): Promise<{ message: ChatMessage; created: boolean }> {
  const existing = await findByClientKey(db, spaceId, authorId, input.clientKey);
  if (existing) return { message: existing, created: false };
  let inserted: { id: string }[];
  try {
    inserted = (await db.execute(sql`
      with bump as (
        update ${spaces} set last_seq = last_seq + 1 where id = ${spaceId} returning last_seq
      ), inserted as (
        insert into ${spaceMessages} (space_id, author_id, seq, content, body_text, client_key, attachments)
        select ${spaceId}, ${authorId}, bump.last_seq, ${JSON.stringify(input.content)}::jsonb, ${input.content},
               ${input.clientKey}, ${JSON.stringify(input.attachments)}::jsonb
        from bump
        returning id
      ), linked as (
        -- The sender's own unlinked chat uploads now belong to this space: its readers may sign
        -- them. In the same statement, so a message never stands without its files' access.
        -- Someone else's upload, or one already sent in another space, is left as it is.
        update ${uploads} set space_id = ${spaceId}
        where key in (select jsonb_array_elements_text(${JSON.stringify(chatUploadKeys(input.attachments))}::jsonb))
          and owner_id = ${authorId} and space_id is null and exists (select 1 from inserted)
      )
      select id from inserted`)) as unknown as { id: string }[];
  } catch (error) {
    // The same key sent twice at once: the constraint let one through; answer with that one.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findByClientKey(db, spaceId, authorId, input.clientKey);
    if (!winner) throw error;
    return { message: winner, created: false };
  }
  const rows = Array.isArray(inserted) ? inserted : ((inserted as { rows: { id: string }[] }).rows ?? []);
  const id = rows[0]?.id;
  if (!id) throw notFound('Space not found');
  const [row] = await selectMessages(db).where(eq(spaceMessages.id, id));
  if (!row) throw new Error('Message vanished after insert');
  return { message: toChatMessage(row), created: true };
}

/** Authors delete their own; moderators and the admin delete any. The row stays, emptied, so the sequence has no hole. */
export async function deleteMessage(
  db: Database,
  spaceId: string,
  messageId: string,
  userId: string,
  canModerate: boolean,
) {
  const [message] = await db
    .select({
      authorId: spaceMessages.authorId,
      seq: spaceMessages.seq,
      deletedAt: spaceMessages.deletedAt,
      attachments: spaceMessages.attachments,
    })
    .from(spaceMessages)
    .where(and(eq(spaceMessages.id, messageId), eq(spaceMessages.spaceId, spaceId)));
  if (!message) throw notFound(MESSAGE_NOT_FOUND);
  if (message.authorId !== userId && !canModerate) throw forbidden(NOT_YOUR_MESSAGE);
  if (!message.deletedAt) {
    // One statement: the message is emptied, and its files stop being the space's (only their
    // uploader may sign them again) unless another live message in the space still carries them.
    await db.execute(sql`
      with gone as (
        update ${spaceMessages} set deleted_at = now(), body_text = '', content = '""'::jsonb, attachments = '[]'::jsonb
        where id = ${messageId} returning id
      )
      update ${uploads} set space_id = null
      where key in (select jsonb_array_elements_text(${JSON.stringify(chatUploadKeys(message.attachments))}::jsonb))
        and space_id = ${spaceId}
        and exists (select 1 from gone)
        and not exists (
          select 1 from ${spaceMessages} as other, jsonb_array_elements(other.attachments) as attachment
          where other.space_id = ${spaceId} and other.id <> ${messageId} and other.deleted_at is null
            and attachment->>'url' like '%/api/files/' || ${uploads}.key || '%'
        )`);
  }
  return { id: messageId, seq: message.seq };
}
