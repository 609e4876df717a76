// The machinery shared by every chat channel (a space's chat, a direct conversation): each message
// gets the next number of its channel's sequence in the statement that inserts it (the channel row
// is the lock, so the order is the commit order and a reconnecting client asks for "after n"); a
// client key makes a retried send return the first row; pages go back with `before`, resync with
// `after` and jump with `around`; a deleted message stays, emptied, so the sequence has no hole.
// Changes to a message already sent (an edit, a deletion, later reactions) go through one door,
// reviseSequenced: the channel's second counter (`last_rev`) gives each change a number, stored on
// the message (`rev`), so a reconnecting client asks `?changedAfter=<rev>` for what changed.
// A channel kind says which tables and columns it uses (ChannelSpec); the rules live here once.
import { uploads } from '@community/db/schema';
import {
  CONTENT_EMPTY,
  type EditMessageInput,
  MESSAGE_WAS_DELETED,
  type MessageQuote,
  NOT_YOUR_EDIT,
  quoteExcerpt,
  REPLY_NOT_HERE,
} from '@community/domain';
import { and, asc, desc, eq, gt, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db.ts';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../lib/errors.ts';
import { rowsOf } from './posts-rows.ts';
import { chatUploadKeys } from './uploads.ts';

export const MESSAGE_NOT_FOUND = 'Message not found';
export const NOT_YOUR_MESSAGE = 'You can only delete your own messages.';
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 100;

export const clampLimit = (limit: number | undefined) =>
  Math.min(MAX_LIMIT, Math.max(1, limit ?? DEFAULT_LIMIT));

export type ChannelSpec<Row, Message> = {
  /** The channel's own table (spaces, conversations): its `last_seq` is the sequence. */
  parent: PgTable;
  /** The 404 when the channel row is gone. */
  channelNotFound: string;
  /** The message table and the columns the machinery reads and writes. */
  messages: PgTable;
  columns: {
    id: PgColumn;
    channelId: PgColumn;
    seq: PgColumn;
    authorId: PgColumn;
    clientKey: PgColumn;
    attachments: PgColumn;
    deletedAt: PgColumn;
    /** The channel's `last_rev` at the message's latest change (0: never changed). */
    rev: PgColumn;
    /** The message's plain text (what an edit replaces and search reads). */
    text: PgColumn;
    editedAt: PgColumn;
    editKey: PgColumn;
    replyToId: PgColumn;
  };
  /** The `uploads` column that gives a sent file to this channel's readers. */
  uploadLink: PgColumn;
  /**
   * Messages with their authors (and their reactions, in the same statement), filtered, ordered and
   * limited.
   */
  select: (db: Database, where: SQL | undefined, orderBy: SQL, limit: number) => PromiseLike<Row[]>;
  seqOf: (row: Row) => number;
  revOf: (row: Row) => number;
  toMessage: (row: Row) => Message;
};

export type SequencePage<Message> = {
  items: Message[];
  olderCursor: number | null;
  lastSeq: number;
  /** The channel's change counter when the page was read: resync asks `changedAfter` it. */
  lastRev: number;
};

/** Where a channel stands: its last seq and last rev, read before its messages (see listSequenced). */
export type ChannelPosition = { lastSeq: number; lastRev: number };

/**
 * The newest page, an older one (`before`), what came after a seq (`after`), the page around one, or
 * the messages changed after a rev (`changedAfter`, by rev ascending, whatever their seq). The
 * position is read before the messages, so a change it counts is already in what they show.
 */
export async function listSequenced<Row, Message>(
  db: Database,
  spec: ChannelSpec<Row, Message>,
  channelId: string,
  query: {
    before?: number | undefined;
    after?: number | undefined;
    around?: number | undefined;
    changedAfter?: number | undefined;
    limit?: number | undefined;
  },
  position: ChannelPosition,
): Promise<SequencePage<Message>> {
  const { seq, rev, channelId: channelColumn } = spec.columns;
  const { lastSeq, lastRev } = position;
  const limit = clampLimit(query.limit);
  const inChannel = eq(channelColumn, channelId);
  if (query.changedAfter !== undefined) {
    const rows = await spec.select(db, and(inChannel, gt(rev, query.changedAfter)), asc(rev), limit);
    return { items: rows.map(spec.toMessage), olderCursor: null, lastSeq, lastRev };
  }
  if (query.after !== undefined) {
    const rows = await spec.select(db, and(inChannel, gt(seq, query.after)), asc(seq), limit);
    return { items: rows.map(spec.toMessage), olderCursor: null, lastSeq, lastRev };
  }
  if (query.around !== undefined) {
    const half = Math.ceil(limit / 2);
    const [older, newer] = await Promise.all([
      spec.select(db, and(inChannel, lt(seq, query.around)), desc(seq), half + 1),
      spec.select(db, and(inChannel, gte(seq, query.around)), asc(seq), half),
    ]);
    const olderVisible = older.slice(0, half).reverse();
    return {
      items: [...olderVisible, ...newer].map(spec.toMessage),
      olderCursor: older.length > half && olderVisible[0] ? spec.seqOf(olderVisible[0]) : null,
      lastSeq,
      lastRev,
    };
  }
  const before = query.before !== undefined ? lt(seq, query.before) : undefined;
  const rows = await spec.select(db, and(inChannel, before), desc(seq), limit + 1);
  const visible = rows.slice(0, limit).reverse();
  return {
    items: visible.map(spec.toMessage),
    olderCursor: rows.length > limit && visible[0] ? spec.seqOf(visible[0]) : null,
    lastSeq,
    lastRev,
  };
}

async function findByClientKey<Row, Message>(
  db: Database,
  spec: ChannelSpec<Row, Message>,
  channelId: string,
  authorId: string,
  clientKey: string,
): Promise<Message | null> {
  const { channelId: channel, authorId: author, clientKey: key, seq } = spec.columns;
  const [row] = await spec.select(
    db,
    and(eq(channel, channelId), eq(author, authorId), eq(key, clientKey)),
    asc(seq),
    1,
  );
  return row ? spec.toMessage(row) : null;
}

export type SequencedInsert = {
  channelId: string;
  authorId: string;
  clientKey: string;
  attachments: readonly { url: string }[];
  /** The message replied to: it must be in the same channel (400 otherwise). */
  replyToId?: string | undefined;
  /** The channel kind's own message columns (bare names) and their values, in the same order. */
  columns: readonly string[];
  values: readonly SQL[];
  /** More assignments on the channel row in the bumping update (e.g. `last_message_at = now()`). */
  alsoSet?: SQL;
  /** More statements run with the insert, as CTEs that may read `bump` (the new seq) and `inserted`. */
  alsoDo?: SQL;
};

const sqlList = (parts: readonly (SQL | SQL.Aliased | ReturnType<typeof sql.identifier>)[]) =>
  sql.join([...parts], sql`, `);

/** Sends a message once: `created` is false when this client key was already used in the channel. */
export async function sendSequenced<Row, Message>(
  db: Database,
  spec: ChannelSpec<Row, Message>,
  input: SequencedInsert,
): Promise<{ message: Message; created: boolean }> {
  const { channelId, authorId, clientKey } = input;
  const existing = await findByClientKey(db, spec, channelId, authorId, clientKey);
  if (existing) return { message: existing, created: false };
  const c = spec.columns;
  if (input.replyToId !== undefined) await assertInChannel(db, spec, channelId, input.replyToId);
  const name = (column: PgColumn) => sql.identifier(column.name);
  const columns = [c.channelId, c.authorId, c.seq, c.clientKey, c.attachments, c.replyToId].map(name);
  let inserted: { id: string }[];
  try {
    inserted = rowsOf<{ id: string }>(
      await db.execute(sql`
      with bump as (
        update ${spec.parent} set last_seq = last_seq + 1 ${input.alsoSet ? sql`, ${input.alsoSet}` : sql``}
        where id = ${channelId} returning last_seq
      ), inserted as (
        insert into ${spec.messages} (${sqlList([...columns, ...input.columns.map((column) => sql.identifier(column))])})
        select ${channelId}, ${authorId}, bump.last_seq, ${clientKey}, ${JSON.stringify(input.attachments)}::jsonb,
               ${input.replyToId ?? null}::uuid
               ${input.values.length ? sql`, ${sqlList(input.values)}` : sql``}
        from bump
        returning id
      ), linked as (
        -- The sender's own unlinked chat uploads now belong to this channel: its readers may sign
        -- them. In the same statement, so a message never stands without its files' access.
        -- Someone else's upload, or one already sent in another space or conversation, stays as it is.
        update ${uploads} set ${name(spec.uploadLink)} = ${channelId}
        where key in (select jsonb_array_elements_text(${JSON.stringify(chatUploadKeys(input.attachments))}::jsonb))
          and owner_id = ${authorId} and space_id is null and conversation_id is null
          and exists (select 1 from inserted)
      )${input.alsoDo ? sql`, ${input.alsoDo}` : sql``}
      select id from inserted`),
    );
  } catch (error) {
    // The same key sent twice at once: the constraint let one through; answer with that one.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findByClientKey(db, spec, channelId, authorId, clientKey);
    if (!winner) throw error;
    return { message: winner, created: false };
  }
  const id = inserted[0]?.id;
  if (!id) throw notFound(spec.channelNotFound);
  const [row] = await spec.select(db, eq(c.id, id), asc(c.seq), 1);
  if (!row) throw new Error('Message vanished after insert');
  return { message: spec.toMessage(row), created: true };
}

/**
 * The one door for every change to a message already sent (an edit, a deletion, a reaction): in one
 * statement, the channel row takes its next `last_rev` (the row is the lock, so rev order is commit
 * order) and the message gets `set` plus that rev. `only` narrows which message may change (e.g. not
 * deleted); `alsoDo` adds CTEs that may read `revised` (the changed message's id). Answers the new
 * rev, or null when no message matched (gone, or `only` said no): nothing was counted then.
 * After it, the caller reads the message again and sends it whole as the kind's `*.updated` event;
 * a client that missed the event gets it from `?changedAfter=` (listSequenced).
 */
export async function reviseSequenced<Row, Message>(
  db: Database,
  spec: ChannelSpec<Row, Message>,
  target: { channelId: string; messageId: string },
  set: SQL,
  options: { only?: SQL; alsoDo?: SQL } = {},
): Promise<number | null> {
  const c = spec.columns;
  const { channelId, messageId } = target;
  const name = (column: PgColumn) => sql.identifier(column.name);
  const matches = sql`${name(c.id)} = ${messageId} and ${name(c.channelId)} = ${channelId}
    ${options.only ? sql`and ${options.only}` : sql``}`;
  const rows = rowsOf<{ rev: string | number }>(
    await db.execute(sql`
      with bump as (
        update ${spec.parent} set last_rev = last_rev + 1
        where id = ${channelId} and exists (select 1 from ${spec.messages} where ${matches})
        returning last_rev
      ), revised as (
        update ${spec.messages} set ${name(c.rev)} = bump.last_rev, ${set}
        from bump where ${matches}
        returning ${spec.messages}.${name(c.id)} as id, bump.last_rev as rev
      )${options.alsoDo ? sql`, ${options.alsoDo}` : sql``}
      select rev from revised`),
  );
  return rows[0] ? Number(rows[0].rev) : null;
}

/** The original of a reply as a left join reads it (all null when the message replies to nothing). */
export type QuotedRow = {
  id: string | null;
  seq: number | null;
  text: string | null;
  deletedAt: Date | string | null;
  authorId: string | null;
  firstName: string | null;
  lastName: string | null;
} | null;

/** What a reply shows of its original: its author and first words as they are now, or that it went. */
export function quoteOf(row: QuotedRow): MessageQuote | null {
  if (!row?.id || row.seq === null || !row.authorId) return null;
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    seq: Number(row.seq),
    author: { id: row.authorId, firstName: row.firstName ?? '', lastName: row.lastName ?? '' },
    excerpt: deleted ? '' : quoteExcerpt(row.text ?? ''),
    deleted,
  };
}

/** A reply's original must be a message of the same channel (deleted ones too: the quote says so). */
async function assertInChannel<Row, Message>(
  db: Database,
  spec: ChannelSpec<Row, Message>,
  channelId: string,
  messageId: string,
) {
  const c = spec.columns;
  const [found] = await db
    .select({ id: c.id })
    .from(spec.messages)
    .where(and(eq(c.id, messageId), eq(c.channelId, channelId)));
  if (!found) throw badRequest(REPLY_NOT_HERE, [{ path: 'replyToId', message: REPLY_NOT_HERE }]);
}

/**
 * Only a message's author may edit it (a space's moderators may delete others' words, never change
 * them): 404 for a message not in the channel, 403 for someone else's. Run before the body is read.
 */
export async function assertOwnMessage<Row, Message>(
  db: Database,
  spec: ChannelSpec<Row, Message>,
  target: { channelId: string; messageId: string; userId: string },
) {
  const c = spec.columns;
  const [message] = await db
    .select({ authorId: c.authorId })
    .from(spec.messages)
    .where(and(eq(c.id, target.messageId), eq(c.channelId, target.channelId)));
  if (!message) throw notFound(MESSAGE_NOT_FOUND);
  if (message.authorId !== target.userId) throw forbidden(NOT_YOUR_EDIT);
}

/**
 * The author's new text (a revision: reviseSequenced). Once per client key: a retry of an edit
 * already made, or the same text again, changes nothing (`changed` false, no event). A deleted
 * message is not edited (409). Emptying the text is refused unless the message has files.
 */
export async function editSequenced<Row, Message>(
  db: Database,
  spec: ChannelSpec<Row, Message>,
  target: { channelId: string; messageId: string; userId: string },
  input: EditMessageInput,
  setText: SQL,
): Promise<{ message: Message; changed: boolean }> {
  const c = spec.columns;
  const { channelId, messageId, userId } = target;
  const [current] = (await db
    .select({
      authorId: c.authorId,
      deletedAt: c.deletedAt,
      text: c.text,
      editKey: c.editKey,
      attachments: c.attachments,
    })
    .from(spec.messages)
    .where(and(eq(c.id, messageId), eq(c.channelId, channelId)))) as {
    authorId: string;
    deletedAt: Date | null;
    text: string;
    editKey: string | null;
    attachments: unknown[];
  }[];
  if (!current) throw notFound(MESSAGE_NOT_FOUND);
  if (current.authorId !== userId) throw forbidden(NOT_YOUR_EDIT);
  if (current.deletedAt) throw conflict(MESSAGE_WAS_DELETED);
  if (current.editKey === input.clientKey || current.text === input.content) {
    return { message: await findSequenced(db, spec, channelId, messageId), changed: false };
  }
  if (input.content.trim() === '' && current.attachments.length === 0) {
    throw badRequest(CONTENT_EMPTY, [{ path: 'content', message: CONTENT_EMPTY }]);
  }
  const name = (column: PgColumn) => sql.identifier(column.name);
  const rev = await reviseSequenced(
    db,
    spec,
    { channelId, messageId },
    sql`${setText}, ${name(c.editedAt)} = now(), ${name(c.editKey)} = ${input.clientKey}`,
    { only: sql`${name(c.deletedAt)} is null and ${name(c.authorId)} = ${userId}` },
  );
  // Deleted between the read and the write.
  if (rev === null) throw conflict(MESSAGE_WAS_DELETED);
  return { message: await findSequenced(db, spec, channelId, messageId), changed: true };
}

/** One message as its readers see it now (after a change), or 404. */
export async function findSequenced<Row, Message>(
  db: Database,
  spec: ChannelSpec<Row, Message>,
  channelId: string,
  messageId: string,
): Promise<Message> {
  const c = spec.columns;
  const [row] = await spec.select(db, and(eq(c.id, messageId), eq(c.channelId, channelId)), asc(c.seq), 1);
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return spec.toMessage(row);
}

/**
 * Authors delete their own (`canModerate` lets a space's moderators delete any). The row stays,
 * emptied by `emptied` (the kind's content columns), so the sequence has no hole; the deletion is a
 * revision (reviseSequenced), so a client that missed it learns it on resync.
 */
export async function deleteSequenced<Row, Message>(
  db: Database,
  spec: ChannelSpec<Row, Message>,
  target: { channelId: string; messageId: string; userId: string; canModerate: boolean },
  emptied: SQL,
): Promise<{ id: string; seq: number }> {
  const c = spec.columns;
  const { channelId, messageId } = target;
  const [message] = (await db
    .select({ authorId: c.authorId, seq: c.seq, deletedAt: c.deletedAt, attachments: c.attachments })
    .from(spec.messages)
    .where(and(eq(c.id, messageId), eq(c.channelId, channelId)))) as {
    authorId: string;
    seq: number;
    deletedAt: Date | null;
    attachments: { url: string }[];
  }[];
  if (!message) throw notFound(MESSAGE_NOT_FOUND);
  if (message.authorId !== target.userId && !target.canModerate) throw forbidden(NOT_YOUR_MESSAGE);
  if (!message.deletedAt) {
    const name = (column: PgColumn) => sql.identifier(column.name);
    const link = name(spec.uploadLink);
    const column = (col: PgColumn) => sql`other.${sql.identifier(col.name)}`;
    // One statement: the message is emptied, and its files stop being the channel's (only their
    // uploader may sign them again) unless another live message in the channel still carries them.
    await reviseSequenced(
      db,
      spec,
      { channelId, messageId },
      sql`${name(c.deletedAt)} = now(), ${name(c.attachments)} = '[]'::jsonb, ${emptied}`,
      {
        only: sql`${name(c.deletedAt)} is null`,
        alsoDo: sql`unlinked as (
      update ${uploads} set ${link} = null
      where key in (select jsonb_array_elements_text(${JSON.stringify(chatUploadKeys(message.attachments))}::jsonb))
        and ${link} = ${channelId}
        and exists (select 1 from revised)
        and not exists (
          select 1 from ${spec.messages} as other, jsonb_array_elements(${column(c.attachments)}) as attachment
          where ${column(c.channelId)} = ${channelId} and ${column(c.id)} <> ${messageId}
            and ${column(c.deletedAt)} is null
            and attachment->>'url' like '%/api/files/' || ${uploads}.key || '%'
        ))`,
      },
    );
  }
  return { id: messageId, seq: message.seq };
}
