// What the profile panel's Activity and Events tabs read (docs/api.md, "Profiles and members"): a
// member's posts and comments in spaces the viewer may read, and the events they host or attend
// that the viewer may see. Each answer is one statement.
import type {
  ActivityComment,
  ActivityPage,
  ActivityPost,
  ActivityQuery,
  ProfileEvent,
  ProfileEvents,
} from '@community/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db.ts';
import { decodeCursor, pageOf } from '../lib/cursor.ts';
import { eventVisibleTo } from './events.ts';
import { readableSpaces } from './posts.ts';
import { rowsOf } from './posts-rows.ts';

/** An instant as `Date.toISOString()` writes it. */
export const isoOf = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The plain text of a Lexical document on one line, at most 200 characters. */
export const excerptOf = (content: SQL) => sql`left(btrim(regexp_replace(coalesce((
  select string_agg(t #>> '{}', ' ')
  from jsonb_path_query(${content}, 'strict $.** ? (@.type() == "object" && exists(@.text)).text') t
), ''), '\\s+', ' ', 'g')), 200)`;

/** (time as Postgres prints it, with microseconds; id): the keyset of a newest-first page. */
const ActivityCursor = z.tuple([z.string().min(1).max(64), z.uuid()]);

type Keyed<T> = { item: T; key_time: string; id: string };

/** Posts: published, in spaces the viewer may read, newest first. */
function postsPage(memberId: string, viewerId: string, cursor: [string, string] | null, limit: number) {
  return sql`select json_build_object(
      'id', p.id, 'spaceId', p.space_id, 'spaceName', s.name, 'title', p.title,
      'excerpt', ${excerptOf(sql`p.content`)},
      'attachments', (select count(*)::int from post_attachments a where a.post_id = p.id),
      'likes', p.likes_count, 'commentsCount', p.comments_count,
      'createdAt', ${isoOf(sql`p.published_at`)}) as item,
    p.published_at::text as key_time, p.id
    from posts p join spaces s on s.id = p.space_id
    where p.author_id = ${memberId} and p.published_at <= now()
      and p.space_id in ${readableSpaces(viewerId)}
      ${cursor ? sql`and (p.published_at, p.id) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)` : sql``}
    order by p.published_at desc, p.id desc limit ${limit + 1}`;
}

/** Comments on published posts in spaces the viewer may read, newest first. */
function commentsPage(memberId: string, viewerId: string, cursor: [string, string] | null, limit: number) {
  return sql`select json_build_object(
      'id', k.id, 'postId', p.id, 'postTitle', p.title, 'spaceId', p.space_id, 'spaceName', s.name,
      'excerpt', ${excerptOf(sql`k.content`)},
      'createdAt', ${isoOf(sql`k.created_at`)}) as item,
    k.created_at::text as key_time, k.id
    from comments k join posts p on p.id = k.post_id join spaces s on s.id = p.space_id
    where k.user_id = ${memberId} and p.published_at <= now()
      and p.space_id in ${readableSpaces(viewerId)}
      ${cursor ? sql`and (k.created_at, k.id) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)` : sql``}
    order by k.created_at desc, k.id desc limit ${limit + 1}`;
}

export async function listActivity(
  db: Database,
  memberId: string,
  viewerId: string,
  query: ActivityQuery,
): Promise<ActivityPage<ActivityPost> | ActivityPage<ActivityComment>> {
  const cursor = decodeCursor(query.cursor, ActivityCursor);
  const statement =
    query.type === 'comments'
      ? commentsPage(memberId, viewerId, cursor, query.limit)
      : postsPage(memberId, viewerId, cursor, query.limit);
  const rows = rowsOf<Keyed<ActivityPost | ActivityComment>>(await db.execute(statement));
  return pageOf(
    rows,
    query.limit,
    (row) => row.item,
    (row) => [row.key_time, row.id],
  ) as ActivityPage<ActivityPost> | ActivityPage<ActivityComment>;
}

/** Upcoming and past events shown on a profile, at most this many each. */
export const PROFILE_EVENTS_MAX = 20;

/**
 * Events the member hosts or RSVPed that the viewer may see (`eventVisibleTo`: in a space the
 * viewer may read, published or the viewer's own draft), upcoming soonest first and past latest
 * first. Hosting wins over an RSVP.
 */
export async function listProfileEvents(
  db: Database,
  memberId: string,
  viewerId: string,
): Promise<ProfileEvents> {
  const theirs = sql`${eventVisibleTo(viewerId, { event: sql`e` })}
    and (e.host_id = ${memberId}
      or exists (select 1 from event_members em where em.event_id = e.id and em.user_id = ${memberId}))`;
  const item = sql`json_build_object('id', e.id, 'title', e.title,
    'startDate', ${isoOf(sql`e.start_date`)}, 'endDate', ${isoOf(sql`e.end_date`)},
    'bannerUrl', e.banner_url, 'location', e.location,
    'relation', case when e.host_id = ${memberId} then 'host' else 'attendee' end)`;
  const rows = rowsOf<{ upcoming: boolean; item: ProfileEvent }>(
    await db.execute(sql`
      (select true as upcoming, ${item} as item from events e
        where ${theirs} and e.start_date >= now() order by e.start_date, e.id limit ${PROFILE_EVENTS_MAX})
      union all
      (select false, ${item} from events e
        where ${theirs} and e.start_date < now() order by e.start_date desc, e.id desc limit ${PROFILE_EVENTS_MAX})`),
  );
  // ISO instants compare as text; sorted here so the answer does not lean on the union's order.
  const byStart = (a: ProfileEvent, b: ProfileEvent) => a.startDate.localeCompare(b.startDate);
  return {
    upcoming: rows
      .filter((row) => row.upcoming)
      .map((row) => row.item)
      .sort(byStart),
    past: rows
      .filter((row) => !row.upcoming)
      .map((row) => row.item)
      .sort((a, b) => byStart(b, a)),
  };
}
