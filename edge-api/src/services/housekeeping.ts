// Hourly clean-up (the Worker's Cron Trigger): rows that only ever grow and no longer mean
// anything. A rate-limit bucket untouched for a day is full again, the same as no row; a session
// that expired or was revoked a day ago can never be refreshed (its retired tokens and realtime
// grants go with it, by cascade); sign-in attempts are kept 30 days for the operator; a deleted
// event's tombstone serves the calendar feeds' STATUS:CANCELLED for 90 days (CANCELLED_FEED_DAYS);
// a reminder's ledger row matters only until its date has started; an email's delivery row (its
// idempotency claim, ADR 26) only while its job can still come back (retries end within hours: kept
// MAIL_DELIVERIES_KEPT_DAYS for the operator); a `digest` watermark, the other mail watermarks and
// the suppression list stay (they are per member or per address, not per email).
import {
  eventReminders,
  eventTombstones,
  loginAttempts,
  mailDeliveries,
  rateLimitBuckets,
  sessions,
  users,
} from '@community/db/schema';
import { isNull, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import { CANCELLED_FEED_DAYS } from './calendar.ts';
import { askPresenceRecount } from './realtime.ts';

export type Swept = {
  buckets: number;
  sessions: number;
  loginAttempts: number;
  eventTombstones: number;
  eventReminders: number;
  mailDeliveries: number;
};

/** Delivery rows are kept this long: a job is retried for hours at most, an operator looks back. */
export const MAIL_DELIVERIES_KEPT_DAYS = 30;

export async function sweepExpiredState(db: Database): Promise<Swept> {
  const dayAgo = sql`now() - interval '1 day'`;
  const [buckets, oldSessions, attempts, tombstones, reminders, deliveries] = await Promise.all([
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
    db
      .delete(eventTombstones)
      .where(lt(eventTombstones.deletedAt, sql`now() - make_interval(days => ${CANCELLED_FEED_DAYS})`))
      .returning({ id: eventTombstones.eventId }),
    db
      .delete(eventReminders)
      .where(lt(eventReminders.occurrenceStart, dayAgo))
      .returning({ id: eventReminders.eventId }),
    db
      .delete(mailDeliveries)
      .where(lt(mailDeliveries.claimedAt, sql`now() - make_interval(days => ${MAIL_DELIVERIES_KEPT_DAYS})`))
      .returning({ key: mailDeliveries.key }),
  ]);
  return {
    buckets: buckets.length,
    sessions: oldSessions.length,
    loginAttempts: attempts.length,
    eventTombstones: tombstones.length,
    eventReminders: reminders.length,
    mailDeliveries: deliveries.length,
  };
}

/**
 * Members shown online are asked about, at most this many per run (a Cron invocation's subrequests
 * are limited), picked at random so that every one is asked within a few runs.
 */
export const PRESENCE_RECOUNTS_PER_RUN = 500;
const RECOUNT_CONCURRENCY = 16;

/**
 * Sockets cut by a deploy are never seen closing: a user room that last reported "online" and is
 * never woken again would leave its member online. Asking the rooms of members shown online to
 * count their sockets wakes them; a room with no socket reports offline after the grace (ADR 13),
 * one with sockets changes nothing.
 */
export async function recountOnlinePresence(
  db: Database,
  realtime: Fetcher,
  config: Config,
): Promise<number> {
  const online = await db
    .select({ id: users.id })
    .from(users)
    .where(isNull(users.lastOfflineAt))
    .orderBy(sql`random()`)
    .limit(PRESENCE_RECOUNTS_PER_RUN);
  for (let start = 0; start < online.length; start += RECOUNT_CONCURRENCY) {
    await Promise.all(
      online
        .slice(start, start + RECOUNT_CONCURRENCY)
        .map(({ id }) => askPresenceRecount(realtime, config, id)),
    );
  }
  return online.length;
}
