// The profile panel's Media tab (docs/api.md, "Profiles and members"): a member's attachments the
// viewer may see, grouped by month (UTC), newest first. Three sources, each with where it was sent
// (`source`, for "Go to message"):
// - the member's published posts in spaces the viewer may read;
// - the member's space chat messages (not deleted) in spaces the viewer is a member of;
// - the member's direct messages (not deleted) to the viewer; on one's own profile, all of one's own.
// Each answer is one statement. Chat and DM attachments live in the message's `attachments` jsonb:
// their id is `<message id>:<position>`.
import { directConversationKey } from '@community/db/schema';
import type {
  AttachmentType,
  MediaAttachment,
  MediaMonth,
  MediaPage,
  MediaSectionQuery,
  MediaSource,
} from '@community/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db.ts';
import { decodeCursor, encodeCursor } from '../lib/cursor.ts';
import { badRequest } from '../lib/errors.ts';
import { readableSpaces } from './posts.ts';
import { rowsOf } from './posts-rows.ts';

/** Attachments a month shows at first (spec section 9: media limit 5). */
export const MEDIA_PER_MONTH = 5;
/** Attachments one "Show more" of a month adds. */
export const MEDIA_MONTH_PAGE = 20;
export const MONTH_REQUIRED = 'month is required with after';

const MonthCursor = z.tuple([z.string().regex(/^\d{4}-\d{2}$/)]);
/** (created_at as Postgres prints it, microseconds kept; attachment id). */
const AttachmentCursor = z.tuple([z.string().min(1).max(64), z.string().min(1).max(80)]);

type Window = { from?: string; before?: string };

/** The first instant of a `YYYY-MM` month and of the next one, in UTC. */
function monthWindow(month: string): Required<Window> {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  return { from: `${month}-01T00:00:00Z`, before: `${next}-01T00:00:00Z` };
}

/**
 * Every attachment of `memberId` that `viewerId` may see, as rows (id, name, url, type, created_at,
 * post_id, source), optionally of one type and within a time window.
 */
function visibleAttachments(
  memberId: string,
  viewerId: string,
  type: AttachmentType | undefined,
  window: Window,
) {
  const within = (column: SQL) =>
    sql`${window.from ? sql`and ${column} >= ${window.from}::timestamptz` : sql``}
      ${window.before ? sql`and ${column} < ${window.before}::timestamptz` : sql``}`;
  const ofType = (column: SQL) => (type ? sql`and ${column} = ${type}` : sql``);
  const own = memberId === viewerId;
  // On one's own profile, the other participant is whichever id of the pair is not one's own.
  const otherUser = own
    ? sql`case when split_part(c.direct_key, ':', 1) = ${viewerId} then split_part(c.direct_key, ':', 2)
        else split_part(c.direct_key, ':', 1) end`
    : sql`${memberId}::text`;
  return sql`
    select a.id::text as id, a.name, a.url, a.type::text as type, a.created_at, p.id as post_id,
      json_build_object('kind', 'post', 'spaceId', p.space_id, 'postId', p.id) as source
    from post_attachments a join posts p on p.id = a.post_id
    where p.author_id = ${memberId} and p.published_at <= now()
      and p.space_id in ${readableSpaces(viewerId)}
      ${ofType(sql`a.type::text`)} ${within(sql`a.created_at`)}
    union all
    select m.id::text || ':' || (f.n - 1), f.file->>'name', f.file->>'url', f.file->>'type', m.created_at, null,
      json_build_object('kind', 'chat', 'spaceId', m.space_id, 'messageId', m.id, 'seq', m.seq)
    from space_messages m cross join lateral jsonb_array_elements(m.attachments) with ordinality as f(file, n)
    where m.author_id = ${memberId} and m.deleted_at is null and m.attachments <> '[]'::jsonb
      and exists (select 1 from space_members sm where sm.space_id = m.space_id and sm.user_id = ${viewerId})
      ${ofType(sql`f.file->>'type'`)} ${within(sql`m.created_at`)}
    union all
    select m.id::text || ':' || (f.n - 1), f.file->>'name', f.file->>'url', f.file->>'type', m.created_at, null,
      json_build_object('kind', 'dm', 'conversationId', m.conversation_id, 'otherUserId', ${otherUser},
        'messageId', m.id, 'seq', m.seq)
    from direct_messages m join conversations c on c.id = m.conversation_id
      cross join lateral jsonb_array_elements(m.attachments) with ordinality as f(file, n)
    where m.author_id = ${memberId} and m.deleted_at is null and m.attachments <> '[]'::jsonb
      and ${own ? sql`c.direct_key is not null` : sql`c.direct_key = ${directConversationKey(viewerId, memberId)}`}
      ${ofType(sql`f.file->>'type'`)} ${within(sql`m.created_at`)}`;
}

/** One attachment as JSON, with its keyset (`keyTime`) for the month's cursor. */
const itemJson = sql`json_build_object('id', i.id, 'name', i.name, 'url', i.url, 'type', i.type,
  'createdAt', to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'postId', i.post_id, 'source', i.source, 'keyTime', i.created_at::text)`;
const MONTH_OF = sql`to_char(i.created_at at time zone 'UTC', 'YYYY-MM')`;
const NEWEST_FIRST = sql`i.created_at desc, i.id collate "C" desc`;

type Row = Omit<MediaAttachment, 'source'> & { source: MediaSource; postId: string | null; keyTime: string };

/** `postId` stays on post attachments for the callers written before `source` existed. */
type CompatibleAttachment = MediaAttachment & { postId?: string };

function toAttachment({ keyTime: _key, postId, ...attachment }: Row): CompatibleAttachment {
  return postId ? { ...attachment, postId } : attachment;
}

/** A month's attachments past `shown`, and the cursor for the rest when there are more. */
function monthOf(month: string, rows: Row[], shown: number): MediaMonth {
  const visible = rows.slice(0, shown);
  const last = visible.at(-1);
  return {
    month,
    attachments: visible.map(toAttachment),
    nextCursor: rows.length > shown && last ? encodeCursor([last.keyTime, last.id]) : null,
  };
}

export async function listMedia(
  db: Database,
  memberId: string,
  viewerId: string,
  query: MediaSectionQuery,
): Promise<MediaPage> {
  if (query.after && !query.month)
    throw badRequest(MONTH_REQUIRED, [{ path: 'month', message: MONTH_REQUIRED }]);
  if (query.month) return monthPage(db, memberId, viewerId, query, query.month);
  const cursor = decodeCursor(query.cursor, MonthCursor);
  const window = cursor ? { before: monthWindow(cursor[0]).from } : {};
  const rows = rowsOf<{ month: string; attachments: Row[] }>(
    await db.execute(sql`
      with items as (${visibleAttachments(memberId, viewerId, query.type, window)}),
      ranked as (
        select i.*, ${MONTH_OF} as month, row_number() over (partition by ${MONTH_OF} order by ${NEWEST_FIRST}) as rank
        from items i
      ), months as (
        select month from ranked group by month order by month desc limit ${query.limit + 1}
      )
      select i.month, json_agg(${itemJson} order by i.rank) as attachments
      from ranked i join months using (month)
      where i.rank <= ${MEDIA_PER_MONTH + 1}
      group by i.month order by i.month desc`),
  );
  const months = rows.slice(0, query.limit);
  const last = months.at(-1);
  return {
    items: months.map((row) => monthOf(row.month, row.attachments, MEDIA_PER_MONTH)),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.month]) : null,
  };
}

/** "Show more" of one month: the next attachments after `after` (from the start without it). */
async function monthPage(
  db: Database,
  memberId: string,
  viewerId: string,
  query: MediaSectionQuery,
  month: string,
): Promise<MediaPage> {
  const after = decodeCursor(query.after, AttachmentCursor);
  const rows = rowsOf<{ item: Row }>(
    await db.execute(sql`
      select ${itemJson} as item
      from (${visibleAttachments(memberId, viewerId, query.type, monthWindow(month))}) i
      ${after ? sql`where (i.created_at, i.id collate "C") < (${after[0]}::timestamptz, ${after[1]} collate "C")` : sql``}
      order by ${NEWEST_FIRST} limit ${MEDIA_MONTH_PAGE + 1}`),
  );
  const items = rows.map((row) => row.item);
  return { items: items.length ? [monthOf(month, items, MEDIA_MONTH_PAGE)] : [], nextCursor: null };
}
