// Places and the waitlist (issue 29). An event with a capacity takes RSVPs while places are left;
// then members join its waitlist, first come first served. Every change that may free places (an
// un-RSVP, a higher or removed capacity, an event put back on) promotes the first waiting members in
// the same transaction, under a lock on the event row (`select … for update`; an RSVP takes it in
// the database function event_rsvp): RSVPs, waitlist joins and promotions of one event run one at a time, so there are never more RSVPs than places and
// nobody is promoted twice. Promotions are in the admin audit log and told (WAITLIST_PROMOTED).
import { eventMembers, events, eventWaitlist, users } from '@community/db/schema';
import { EVENT_CANCELLED_NO_RSVP, type User } from '@community/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database, SessionDatabase } from '../db.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { audit } from './audit.ts';
import { notifyAboutEvent } from './event-notices.ts';
import { EVENT_NOT_FOUND } from './events.ts';
import { rowsOf } from './posts-rows.ts';

type Tx = Parameters<Parameters<SessionDatabase['transaction']>[0]>[0];

/** The event row, locked until the transaction ends: the one gate every place change passes. */
export async function lockEventPlaces(tx: Tx, eventId: string) {
  const [event] = await tx
    .select({
      id: events.id,
      title: events.title,
      capacity: events.capacity,
      cancelledAt: events.cancelledAt,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .for('update');
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return event;
}

/** Every RSVP row counts (a blocked member's too): a place is taken until its row is gone. */
async function rsvpCount(tx: Tx, eventId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(eventMembers)
    .where(eq(eventMembers.eventId, eventId));
  return row?.count ?? 0;
}

/**
 * Moves the first waiting members into the free places (all of them when there is no capacity), in
 * one statement, and audits each move. The caller holds the event row's lock. A cancelled event
 * promotes nobody; putting it back on fills its places. A blocked member keeps their place in the
 * queue but is passed over (as the page's waitlist count and positions leave them out): a place
 * goes to someone who can come; unblocked, they are next in turn again.
 */
export async function fillPlaces(
  tx: Tx,
  event: { id: string; title: string; capacity: number | null; cancelledAt: Date | null },
  actorId: string,
): Promise<string[]> {
  if (event.cancelledAt) return [];
  const free = event.capacity === null ? null : event.capacity - (await rsvpCount(tx, event.id));
  if (free !== null && free <= 0) return [];
  const rows = rowsOf<{ user_id: string }>(
    await tx.execute(sql`
      with promoted as (
        delete from ${eventWaitlist} where event_id = ${event.id} and user_id in (
          select waiting.user_id from ${eventWaitlist} waiting
          join ${users} waiter on waiter.id = waiting.user_id and not waiter.is_blocked
          where waiting.event_id = ${event.id}
          order by waiting.created_at, waiting.user_id limit ${free})
        returning user_id)
      insert into ${eventMembers} (event_id, user_id)
      select ${event.id}, user_id from promoted
      on conflict do nothing
      returning user_id`),
  );
  const promoted = rows.map((row) => row.user_id);
  if (promoted.length > 0)
    await audit(
      tx as unknown as Database,
      actorId,
      promoted.map((userId) => ({
        action: 'event.waitlist_promote',
        targetType: 'event' as const,
        targetId: event.id,
        changes: { title: event.title, userId },
      })),
    );
  return promoted;
}

export type RsvpStatus = 'going' | 'waiting';

/**
 * RSVPs while a place is left, else joins the waitlist. Repeating it changes nothing (a member is
 * going or waiting, never both). The route's guard and `rsvpTarget` checked who may call.
 * One statement, the database function `event_rsvp` (migration 0018, ADR 0021): it takes the event
 * row's lock and does every step under it, so the lock is held for microseconds rather than across
 * a session's round trips, and a burst of RSVPs needs no connection each (500 in 2 s ran Postgres
 * out of connections as interactive transactions).
 */
export async function rsvpOrWait(db: Database, eventId: string, user: User): Promise<RsvpStatus> {
  const [row] = rowsOf<{ status: 'missing' | 'cancelled' | RsvpStatus }>(
    await db.execute(sql`select event_rsvp(${eventId}, ${user.id}) as status`),
  );
  if (row?.status === 'missing') throw notFound(EVENT_NOT_FOUND);
  if (row?.status === 'cancelled') throw conflict(EVENT_CANCELLED_NO_RSVP);
  return row?.status === 'waiting' ? 'waiting' : 'going';
}

/** Takes back an RSVP or leaves the waitlist; a freed place goes to the first waiting, at once. */
export async function leaveEvent(db: SessionDatabase, eventId: string, user: User): Promise<string[]> {
  return db.transaction(async (tx) => {
    const event = await lockEventPlaces(tx, eventId);
    await tx
      .delete(eventWaitlist)
      .where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.userId, user.id)));
    const left = await tx
      .delete(eventMembers)
      .where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.userId, user.id)))
      .returning({ userId: eventMembers.userId });
    return left.length > 0 ? fillPlaces(tx, event, user.id) : [];
  });
}

/** Tells the promoted members they have a place (event-notices.ts says who of them hears it). */
export async function notifyWaitlistPromoted(
  db: Database,
  realtime: Fetcher,
  config: Config,
  event: { id: string; title: string; spaceId: string },
  userIds: readonly string[],
): Promise<boolean> {
  if (userIds.length === 0) return true;
  return notifyAboutEvent(db, realtime, config, event, {
    type: 'WAITLIST_PROMOTED',
    title: `A place opened up: you are going to ${event.title}`,
    candidates: sql`select unnest(${`{${userIds.join(',')}}`}::uuid[])`,
  });
}
