// Reading users and turning rows into the API's shapes. Private fields (email, phone, birth date,
// features, block state) leave the server only for the user themselves or the admin panel.
import { sessions, userFeatures, users } from '@community/db/schema';
import { FEATURE_KEYS, type FeatureKey, type PublicUser, type User } from '@community/domain';
import { and, asc, eq, gt, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db.ts';
import { type Bucket, type Take, takeOf, takeTokenStatement } from './rate-limits.ts';

export type UserRow = typeof users.$inferSelect;
type FeatureRow = { feature: FeatureKey; enabled: boolean };

/** Every key appears once, in the spec's order; a key without a row is off. */
export function featureList(rows: FeatureRow[]): User['features'] {
  const enabled = new Map(rows.map((row) => [row.feature, row.enabled]));
  return FEATURE_KEYS.map((feature) => ({ feature, enabled: enabled.get(feature) ?? false }));
}

const isoOrNull = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value.toISOString() : value;

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    pseudo: row.pseudo,
    job: row.job,
    company: row.company,
    address: {
      city: row.city,
      cityId: row.cityId,
      country: row.country,
      lat: row.latitude,
      lng: row.longitude,
    },
    bio: row.bio,
    interests: row.interests ?? [],
    imageUrl: row.imageUrl,
    coverImageUrl: row.coverImageUrl,
    lastOfflineAt: isoOrNull(row.lastOfflineAt),
    role: row.role,
    memberSince: row.createdAt.toISOString(),
    // Only what the member chose to show leaves the server for other members.
    contact: { email: row.showEmail ? row.email : null, phone: row.showPhone ? row.phone : null },
  };
}

/** Each kind of email on unless the member turned it off (`email_off`). */
export const emailPreferencesOf = (row: Pick<UserRow, 'emailOff' | 'digestDay'>) => ({
  messages: !(row.emailOff ?? []).includes('messages'),
  mentions: !(row.emailOff ?? []).includes('mentions'),
  events: !(row.emailOff ?? []).includes('events'),
  digest: !(row.emailOff ?? []).includes('digest'),
  digestDay: row.digestDay ?? 1,
});

export function toUser(row: UserRow, features: FeatureRow[]): User {
  return {
    ...toPublicUser(row),
    email: row.email,
    phone: row.phone,
    dateOfBirth: isoOrNull(row.dateOfBirth as Date | string | null),
    showEmail: row.showEmail,
    showPhone: row.showPhone,
    emailPreferences: emailPreferencesOf(row),
    timeZone: row.timeZone ?? null,
    isBlocked: row.isBlocked,
    features: featureList(features),
  };
}

const featuresOf = sql<FeatureRow[]>`coalesce((
  select json_agg(json_build_object('feature', ${userFeatures.feature}, 'enabled', ${userFeatures.enabled}))
  from ${userFeatures} where ${userFeatures.userId} = ${users.id}), '[]'::json)`;

/** A write's token to take in the session check's statement: its bucket, and how many times larger it is for a caller of this stored role (SQL). */
export type WriteTake = { key: string; bucket: Bucket; scale: (role: SQL) => SQL };

/**
 * The signed-in user behind a live session; null when the session is gone or the user blocked.
 * One statement, and for a limited write (`write`) the same statement also takes the write's
 * token, only when the session is live (a data-modifying CTE): every write saves a round trip to
 * the database. `take` is null when no token was asked for.
 */
export async function findSessionUser(
  db: Database,
  sessionId: string,
  userId: string,
  write?: WriteTake,
): Promise<{ user: User; take: Take | null } | null> {
  const live = and(
    eq(sessions.id, sessionId),
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, new Date()),
    eq(users.isBlocked, false),
  );
  const fields = { user: users, features: featuresOf };
  if (!write) {
    const [row] = await db
      .select(fields)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(live);
    return row ? { user: toUser(row.user, row.features), take: null } : null;
  }
  const role = sql`(select ${users.role} from ${users} where ${users.id} = ${userId})`;
  const taken = db.$with('taken', { tokens: sql<number>`tokens`, allowed: sql<boolean>`allowed` }).as(
    takeTokenStatement(write.key, write.bucket, {
      scale: write.scale(role),
      onlyIf: sql`exists (select 1 from ${sessions} inner join ${users} on ${eq(users.id, sessions.userId)} where ${live})`,
    }),
  );
  const [row] = await db
    .with(taken)
    .select({
      ...fields,
      tokens: sql<number | string>`(select tokens from taken)`,
      allowed: sql<boolean>`(select allowed from taken)`,
      scale: sql<number | string>`${write.scale(sql`${users.role}`)}`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(live);
  if (!row) return null;
  const user = toUser(row.user, row.features);
  return { user, take: takeOf(row, write.bucket.perSecond * Number(row.scale)) };
}

export async function findUserWithFeatures(db: Database, userId: string): Promise<User | null> {
  const [row] = await db
    .select({ user: users, features: featuresOf })
    .from(users)
    .where(eq(users.id, userId));
  return row ? toUser(row.user, row.features) : null;
}

export async function findUserById(db: Database, userId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** Escapes LIKE wildcards so a search for "50%" finds that text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export const MEMBER_SEARCH_LIMIT = 20;

/** A member whose first name, last name, full name or pseudo contains the term. */
export function nameMatches(term: string) {
  const pattern = likePattern(term);
  return or(
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(users.pseudo, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
  );
}

/**
 * Members matching a name or pseudo (the event form's host picker, the new-conversation dialog with
 * `except` = the caller); blocked members are left out; `lastOfflineAt` for their online dot.
 * Returns the statement unrun (await it): the API suite's EXPLAIN test reads its SQL with `.toSQL()`
 * and checks that the trigram indexes serve it.
 */
export function searchCommunityMembers(db: Database, searchName: string, options: { except?: string } = {}) {
  const term = searchName.trim();
  const matches = term ? nameMatches(term) : undefined;
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      pseudo: users.pseudo,
      imageUrl: users.imageUrl,
      lastOfflineAt: users.lastOfflineAt,
    })
    .from(users)
    .where(
      and(eq(users.isBlocked, false), matches, options.except ? ne(users.id, options.except) : undefined),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(MEMBER_SEARCH_LIMIT);
}
