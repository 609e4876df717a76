// Sign-in state: refresh-token sessions (stored hashed, rotated; `replaced_by` lets a reused old
// token be detected and the whole chain revoked) and login attempts for rate limiting.

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    /** The session that took over when this one's refresh token was rotated. */
    replacedBy: uuid('replaced_by').references((): AnyPgColumn => sessions.id, { onDelete: 'set null' }),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId).where(sql`${t.revokedAt} is null`)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased as typed; may name no account. */
    email: text('email').notNull(),
    ip: text('ip'),
    succeeded: boolean('succeeded').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_created_at_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_created_at_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Refresh tokens that were rotated away. Presenting one again means the chain was copied: the
 * session is revoked (OAuth 2.0 Security BCP, refresh token rotation).
 */
export const retiredRefreshTokens = pgTable(
  'retired_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    retiredAt: timestamptz('retired_at').notNull().defaultNow(),
  },
  (t) => [index('retired_refresh_tokens_session_id_idx').on(t.sessionId)],
);

/**
 * Every realtime room a session was given a ticket for, so revoking a session or a user reaches
 * each room where a socket of theirs may be open.
 */
export const realtimeGrants = pgTable(
  'realtime_grants',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    party: text('party').notNull(),
    room: text('room').notNull(),
    grantedAt: timestamptz('granted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.party, t.room] }),
    index('realtime_grants_room_idx').on(t.party, t.room),
  ],
);

/**
 * Token buckets for rate limits (writes per user, sign-in failures per account and address).
 * One atomic upsert per check, so parallel requests cannot all slip under the limit.
 */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  /** Whether the last take found a whole token (set in the same statement, so it is exact). */
  allowed: boolean('allowed').notNull().default(true),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = typeof sessions.$inferInsert;
export type LoginAttemptRow = typeof loginAttempts.$inferSelect;
export type NewLoginAttemptRow = typeof loginAttempts.$inferInsert;
