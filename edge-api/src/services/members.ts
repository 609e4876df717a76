// The members directory and its side widgets (docs/api.md, "Profiles and members"). Blocked
// members are left out everywhere. Each answer is one statement.
import { users } from '@community/db/schema';
import {
  type DirectoryMember,
  LEADERBOARD_DAYS,
  LEADERBOARD_SIZE,
  type LeaderboardEntry,
  type MemberDirectoryQuery,
  type MemberPage,
  MOST_ACTIVE_DAYS,
  MOST_ACTIVE_SIZE,
} from '@community/domain';
import { and, asc, eq, gt, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db.ts';
import { decodeCursor, pageOf } from '../lib/cursor.ts';
import { rowsOf } from './posts-rows.ts';
import { nameMatches } from './users.ts';

const NameCursor = z.tuple([z.string().max(200), z.string().max(200), z.uuid()]);
/** `lastOfflineAt` as Postgres prints it (microseconds kept), or null for online; then the id. */
const RecentCursor = z.tuple([z.string().min(1).max(64).nullable(), z.uuid()]);

/**
 * A directory page, unrun (the API suite EXPLAINs it). `name`: first name, last name, id
 * (users_first_name_order_idx). `recent`: online now first, then most recently seen, then id
 * (users_recent_activity_idx); the keyset is spelt out because a row comparison cannot mix a
 * descending time with an ascending id.
 */
export function directoryQuery(db: Database, query: MemberDirectoryQuery) {
  const term = query.search?.trim();
  const matches = term ? nameMatches(term) : undefined;
  let keyset: SQL | undefined;
  let order: SQL[];
  if (query.sort === 'recent') {
    const cursor = decodeCursor(query.cursor, RecentCursor);
    if (cursor) {
      const [seen, id] = cursor;
      keyset =
        seen === null
          ? or(and(isNull(users.lastOfflineAt), gt(users.id, id)), isNotNull(users.lastOfflineAt))
          : or(
              lt(users.lastOfflineAt, sql`${seen}::timestamptz`),
              and(eq(users.lastOfflineAt, sql`${seen}::timestamptz`), gt(users.id, id)),
            );
    }
    order = [sql`${users.lastOfflineAt} desc nulls first`, asc(users.id)];
  } else {
    const cursor = decodeCursor(query.cursor, NameCursor);
    if (cursor)
      keyset = sql`(${users.firstName}, ${users.lastName}, ${users.id}) > (${cursor[0]}, ${cursor[1]}, ${cursor[2]}::uuid)`;
    order = [asc(users.firstName), asc(users.lastName), asc(users.id)];
  }
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      pseudo: users.pseudo,
      imageUrl: users.imageUrl,
      job: users.job,
      company: users.company,
      city: users.city,
      lastOfflineAt: sql<string | null>`${users.lastOfflineAt}::text`,
      lastOfflineIso: sql<
        string | null
      >`to_char(${users.lastOfflineAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(users)
    .where(and(eq(users.isBlocked, false), matches, keyset))
    .orderBy(...order)
    .limit(query.limit + 1);
}

export async function listDirectory(db: Database, query: MemberDirectoryQuery): Promise<MemberPage> {
  const rows = await directoryQuery(db, query);
  return pageOf(
    rows,
    query.limit,
    ({ lastOfflineAt: _key, lastOfflineIso, ...member }): DirectoryMember => ({
      ...member,
      lastOfflineAt: lastOfflineIso,
    }),
    (row) =>
      query.sort === 'recent'
        ? ([row.lastOfflineAt, row.id] as (string | number)[])
        : [row.firstName, row.lastName, row.id],
  );
}

/**
 * The most active members over the last `days`: published posts, comments, and space chat and
 * direct messages (not deleted) they wrote, most first (then by name). Blocked members are left out.
 */
async function mostActive(db: Database, days: number, size: number): Promise<LeaderboardEntry[]> {
  const since = sql`now() - make_interval(days => ${days})`;
  const rows = rowsOf<LeaderboardEntry>(
    await db.execute(sql`
      with counted as (
        select author_id as user_id, 1 as posts, 0 as comments, 0 as messages from posts
          where published_at >= ${since} and published_at <= now()
        union all
        select user_id, 0, 1, 0 from comments where created_at >= ${since}
        union all
        select author_id, 0, 0, 1 from space_messages where created_at >= ${since} and deleted_at is null
        union all
        select author_id, 0, 0, 1 from direct_messages where created_at >= ${since} and deleted_at is null
      ), totals as (
        select user_id, sum(posts)::int as posts, sum(comments)::int as comments,
          sum(messages)::int as messages, count(*)::int as total
        from counted group by user_id
      )
      select json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
          'pseudo', u.pseudo, 'imageUrl', u.image_url,
          'lastOfflineAt', to_char(u.last_offline_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) as "user",
        t.posts, t.comments, t.messages, t.total
      from totals t join users u on u.id = t.user_id
      where not u.is_blocked
      order by t.total desc, u.first_name, u.last_name, u.id
      limit ${size}`),
  );
  return rows.map(({ user, posts, comments, messages, total }) => ({
    user,
    posts: Number(posts),
    comments: Number(comments),
    messages: Number(messages),
    total: Number(total),
  }));
}

/** Top 10 over the last 30 days. */
export const leaderboard = (db: Database) => mostActive(db, LEADERBOARD_DAYS, LEADERBOARD_SIZE);

/** Top 5 over the last 7 days. */
export const mostActiveMembers = (db: Database) => mostActive(db, MOST_ACTIVE_DAYS, MOST_ACTIVE_SIZE);
