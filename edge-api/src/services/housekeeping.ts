// Hourly clean-up (the Worker's Cron Trigger): rows that only ever grow and no longer mean
// anything. A rate-limit bucket untouched for a day is full again, the same as no row; a session
// that expired or was revoked a day ago can never be refreshed (its retired tokens and realtime
// grants go with it, by cascade); sign-in attempts are kept 30 days for the operator.
import { loginAttempts, rateLimitBuckets, sessions } from '@community/db/schema';
import { lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db.ts';

export type Swept = { buckets: number; sessions: number; loginAttempts: number };

export async function sweepExpiredState(db: Database): Promise<Swept> {
  const dayAgo = sql`now() - interval '1 day'`;
  const [buckets, oldSessions, attempts] = await Promise.all([
    db
      .delete(rateLimitBuckets)
      .where(lt(rateLimitBuckets.updatedAt, dayAgo))
      .returning({ key: rateLimitBuckets.key }),
    db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, dayAgo), lt(sessions.revokedAt, dayAgo)))
      .returning({ id: sessions.id }),
    db
      .delete(loginAttempts)
      .where(lt(loginAttempts.createdAt, sql`now() - interval '30 days'`))
      .returning({ id: loginAttempts.id }),
  ]);
  return { buckets: buckets.length, sessions: oldSessions.length, loginAttempts: attempts.length };
}
