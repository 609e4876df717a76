// Sign-in state: refresh-token sessions (stored hashed, rotated; `replaced_by` lets a reused old
// token be detected and the whole chain revoked) and login attempts for rate limiting.

import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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

export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = typeof sessions.$inferInsert;
export type LoginAttemptRow = typeof loginAttempts.$inferSelect;
export type NewLoginAttemptRow = typeof loginAttempts.$inferInsert;
