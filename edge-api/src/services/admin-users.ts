// The admin panel's user list: every member with private fields, ordered by name, searchable,
// keyset paginated so it stays fast with tens of thousands of members.
import { userFeatures, users } from '@community/db/schema';
import { and, asc, ilike, or, sql } from 'drizzle-orm';
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

export type AdminUsersPageQuery = { search?: string | undefined; cursor?: string | undefined; limit: number };

/**
 * The page's statement, not yet run: `listUsersForAdmin` runs it, and the API suite's EXPLAIN test
 * (edge-api/test/indexes.test.ts) reads its SQL with `.toSQL()`, so the plan it checks is this one.
 * Served by users_name_order_idx (last_name, first_name, id) for the order and the keyset, and by
 * the pg_trgm GIN indexes for the ILIKE '%term%' search.
 */
export function adminUsersQuery(db: Database, query: AdminUsersPageQuery) {
  const after = decodeCursor(query.cursor, UserCursor);
  const search = query.search?.trim();
  const matches = search ? or(nameMatches(search), ilike(users.email, likePattern(search))) : undefined;
  // A row comparison, not the equivalent OR of three cases: only this form is an index condition on
  // users_name_order_idx, so a deep page (an export's 20th) starts at the cursor instead of reading
  // and filtering every row before it.
  const keyset = after
    ? sql`(${users.lastName}, ${users.firstName}, ${users.id}) > (${after[0]}, ${after[1]}, ${after[2]}::uuid)`
    : undefined;
  return db
    .select({ user: users, features: featuresOf })
    .from(users)
    .where(and(matches, keyset))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(query.limit + 1);
}

export async function listUsersForAdmin(db: Database, query: AdminUsersPageQuery) {
  const rows = await adminUsersQuery(db, query);
  return pageOf(
    rows,
    query.limit,
    (row) => toUser(row.user, row.features),
    (row) => [row.user.lastName, row.user.firstName, row.user.id],
  );
}
