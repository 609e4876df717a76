// A member's notifications (spec section 3): listed newest first with the unread count for the top
// bar's badge, marked read one by one, all at once, or a space's messages when the space is opened.
// New rows are pushed live with one fan-out call (services/realtime.ts fanOut).
import { notifications } from '@community/db/schema';
import type { AppNotification, NotificationKind, NotificationPage, PageQuery } from '@community/domain';
import type { ServerEvent } from '@community/realtime-protocol';
import { errorFields } from '@community/realtime-protocol';
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import { decodeCursor, pageOf } from '../lib/cursor.ts';
import { notFound } from '../lib/errors.ts';
import { logEvent } from '../lib/request-trace.ts';
import { rowsOf } from './posts-rows.ts';
import { fanOut } from './realtime.ts';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

const NotificationCursor = z.tuple([z.iso.datetime(), z.uuid()]);

const countUnread = async (db: Database, userId: string) =>
  (
    await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  )[0]?.n ?? 0;

export async function listNotifications(
  db: Database,
  userId: string,
  query: PageQuery,
): Promise<NotificationPage> {
  const after = decodeCursor(query.cursor, NotificationCursor);
  // A row comparison, so notifications_user_id_created_at_id_idx starts the page at the cursor.
  const keyset = after
    ? sql`(${notifications.createdAt}, ${notifications.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
    : undefined;
  const rows = await db
    .select({
      row: notifications,
      // To the microsecond, as stored: rows written in the same millisecond are neither lost nor repeated.
      exactAt: sql<string>`to_char(${notifications.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      unread: sql<number>`(select count(*)::int from ${notifications} unread
        where unread.user_id = ${userId} and unread.read_at is null)`,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), keyset))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit + 1);
  const page = pageOf(
    rows,
    query.limit,
    ({ row }) => toNotification(row),
    ({ row, exactAt }) => [exactAt, row.id],
  );
  const unreadCount = rows[0] ? Number(rows[0].unread) : await countUnread(db, userId);
  return { ...page, unreadCount };
}

function toNotification(row: typeof notifications.$inferSelect): AppNotification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    // Ids as strings; an absent one (a post on the community wall has no spaceId) is left out.
    payload: Object.fromEntries(
      Object.entries(row.payload)
        .filter(([, value]) => value !== null && value !== undefined)
        .map(([key, value]) => [key, String(value)]),
    ),
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Marks one of the member's own notifications read (again is harmless); someone else's is a 404. */
export async function markRead(db: Database, userId: string, id: string): Promise<void> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
}

/**
 * Every unread notification of the member, or (the space page opened, its chat in view) that space's
 * chat ones: its message notification and mentions in its chat (a mention in one of its posts waits
 * until the post is opened).
 */
export async function markAllRead(db: Database, userId: string, spaceId?: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        spaceId
          ? and(
              sql`${notifications.payload}->>'spaceId' = ${spaceId}`,
              or(
                eq(notifications.type, 'SPACE_MESSAGE'),
                and(eq(notifications.type, 'MENTION'), sql`${notifications.payload} ? 'messageId'`),
              ),
            )
          : undefined,
      ),
    );
}

type InsertedRow = { id: string; user_id: string; created_at: string };

/**
 * Pushes freshly inserted rows (one statement's, so one title and payload) to their owners' user
 * rooms in one fan-out call. Answers whether the realtime worker took it.
 */
export async function pushNotifications(
  realtime: Fetcher,
  config: Config,
  rows: InsertedRow[],
  notification: { type: NotificationKind; title: string; payload: Record<string, string> },
): Promise<boolean> {
  const [first] = rows;
  if (!first) return true;
  const event: ServerEvent = {
    type: 'notification',
    id: first.id, // each recipient gets their own row's id (FanoutCommand)
    cursor: first.created_at,
    notification,
  };
  const recipients = rows.map((row) => ({ userId: row.user_id, notificationId: row.id }));
  return (await fanOut(realtime, config, recipients, event)) !== null;
}

/** A row's timestamp as the ISO text events carry (milliseconds, UTC). */
export const isoColumn = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** How much of a message the notification quotes. */
const PREVIEW_MAX = 80;

export function messagePreview(content: string, attachments: number): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (!text) return attachments === 1 ? 'sent an attachment' : `sent ${attachments} attachments`;
  return text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX - 1)}…` : text;
}

/**
 * After a space message committed: one SPACE_MESSAGE notification for every member but the author
 * who has no unread one for this space yet (the partial unique index
 * notifications_unread_space_message_key makes the rest a no-op), in one statement, then one
 * fan-out of those new rows only. A busy space costs a member one toast until they read it.
 * Best effort: the message stands whatever happens here.
 */
export async function notifySpaceMessage(
  db: Database,
  realtime: Fetcher,
  config: Config,
  message: {
    id: string;
    spaceId: string;
    spaceName: string;
    author: { id: string; firstName: string; lastName: string };
    content: string;
    attachments: number;
  },
): Promise<boolean> {
  try {
    const { author } = message;
    const title = `${author.firstName} ${author.lastName} in ${message.spaceName}: ${messagePreview(message.content, message.attachments)}`;
    const payload = { spaceId: message.spaceId, messageId: message.id };
    const rows = rowsOf<InsertedRow>(
      await db.execute(sql`
        insert into ${notifications} (user_id, type, title, payload)
        select m.user_id, 'SPACE_MESSAGE', ${title}, ${JSON.stringify(payload)}::jsonb
        from space_members m
        where m.space_id = ${message.spaceId} and m.user_id <> ${author.id}
        on conflict (user_id, (payload->>'spaceId')) where type = 'SPACE_MESSAGE' and read_at is null
        do nothing
        returning id, user_id, ${isoColumn('created_at')} as created_at`),
    );
    return await pushNotifications(realtime, config, rows, { type: 'SPACE_MESSAGE', title, payload });
  } catch (error) {
    logEvent('error', 'Space message notification failed', {
      messageId: message.id,
      error: errorFields(error),
    });
    return false;
  }
}
