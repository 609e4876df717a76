// The admin panel's user list: every member with private fields, ordered by name, searchable,
// keyset paginated so it stays fast with tens of thousands of members.
import { userFeatures, users } from '@community/db/schema';
import { and, asc, eq, gt, ilike, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db.ts';
import { decodeCursor, pageOf } from '../lib/cursor.ts';
import { likePattern, nameMatches, toUser } from './users.ts';

const UserCursor = z.tuple([z.string(), z.string(), z.uuid()]);

const featuresOf = sql<
  { feature: (typeof userFeatures.$inferSelect)['feature']; enabled: boolean }[]
>`coalesce((
  select json_agg(json_build_object('feature', ${userFeatures.feature}, 'enabled', ${userFeatures.enabled}))
  from ${userFeatures} where ${userFeatures.userId} = ${users.id}), '[]'::json)`;

export async function listUsersForAdmin(
  db: Database,
  query: { search?: string | undefined; cursor?: string | undefined; limit: number },
) {
  const after = decodeCursor(query.cursor, UserCursor);
  const search = query.search?.trim();
  const matches = search ? or(nameMatches(search), ilike(users.email, likePattern(search))) : undefined;
  const keyset = after
    ? or(
        gt(users.lastName, after[0]),
        and(eq(users.lastName, after[0]), gt(users.firstName, after[1])),
        and(eq(users.lastName, after[0]), eq(users.firstName, after[1]), gt(users.id, after[2])),
      )
    : undefined;
  const rows = await db
    .select({ user: users, features: featuresOf })
    .from(users)
    .where(and(matches, keyset))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(query.limit + 1);
  return pageOf(
    rows,
    query.limit,
    (row) => toUser(row.user, row.features),
    (row) => [row.user.lastName, row.user.firstName, row.user.id],
  );
}
