// Calling a whole event off (every date of a series), putting it back before it starts, and
// deleting it (issue 29). A cancelled event keeps its page with the reason, refuses RSVPs, and is
// STATUS:CANCELLED in calendar files with a higher SEQUENCE; each change is in the admin audit log,
// written in the transaction that makes it. Members who RSVPed hear of a cancellation
// (EVENT_CANCELLED) through the notifications machinery: a row each, then one fan-out.
import { events } from '@community/db/schema';
import {
  EVENT_ALREADY_CANCELLED,
  EVENT_DELETE_CANCEL_FIRST,
  EVENT_DRAFT_NO_CANCEL,
  EVENT_NOT_CANCELLED,
  EVENT_STARTED_NO_RESTORE,
  type User,
} from '@community/domain';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database, SessionDatabase } from '../db.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { nextOccurrence } from '../lib/occurrences.ts';
import { audit } from './audit.ts';
import { notifyAboutEvent } from './event-notices.ts';
import { fillPlaces } from './event-waitlist.ts';
import { EVENT_NOT_FOUND, seriesOf } from './events.ts';

const bumpedSequence = sql`${events.sequence} + 1`;

/** The row as it is now, locked for the change (the route's guard already checked who may call). */
async function lockedEvent(tx: SessionDatabase, id: string) {
  const [event] = await tx.select().from(events).where(eq(events.id, id)).for('update');
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return event;
}

/** Whether the event still has a date to come: a single event before its start, a series with a next date. */
function hasDateAhead(event: typeof events.$inferSelect, now: Date): boolean {
  return nextOccurrence(seriesOf(event, []), now) !== null;
}

export async function cancelEvent(db: SessionDatabase, id: string, reason: string, actor: User) {
  return db.transaction(async (tx) => {
    const event = await lockedEvent(tx, id);
    if (!event.published) throw conflict(EVENT_DRAFT_NO_CANCEL);
    if (event.cancelledAt) throw conflict(EVENT_ALREADY_CANCELLED);
    await tx
      .update(events)
      .set({ cancelledAt: new Date(), cancelReason: reason, sequence: bumpedSequence, updatedAt: new Date() })
      .where(eq(events.id, id));
    await audit(tx as unknown as Database, actor.id, {
      action: 'event.cancel',
      targetType: 'event',
      targetId: id,
      changes: { title: event.title, reason },
    });
  });
}

/**
 * Un-cancelling: only while a date is still to come (a single event before its start). Places left
 * free while it was off (nobody is promoted into a cancelled event) go to the waitlist: answers who.
 */
export async function restoreEvent(db: SessionDatabase, id: string, actor: User): Promise<string[]> {
  return db.transaction(async (tx) => {
    const event = await lockedEvent(tx, id);
    if (!event.cancelledAt) throw conflict(EVENT_NOT_CANCELLED);
    if (!hasDateAhead(event, new Date())) throw conflict(EVENT_STARTED_NO_RESTORE);
    await tx
      .update(events)
      .set({ cancelledAt: null, cancelReason: null, sequence: bumpedSequence, updatedAt: new Date() })
      .where(eq(events.id, id));
    await audit(tx as unknown as Database, actor.id, {
      action: 'event.restore',
      targetType: 'event',
      targetId: id,
      changes: { title: event.title },
    });
    return fillPlaces(tx, { ...event, cancelledAt: null }, actor.id);
  });
}

/**
 * Deletes a draft (gone for good) or a cancelled event (its tombstone keeps calendars cancelled);
 * a published event that is still on must be cancelled first, so its RSVPed members hear of it.
 */
export async function deleteEventChecked(db: SessionDatabase, id: string, actor: User) {
  await db.transaction(async (tx) => {
    const event = await lockedEvent(tx, id);
    if (event.published && !event.cancelledAt) throw conflict(EVENT_DELETE_CANCEL_FIRST);
    await tx.delete(events).where(eq(events.id, id));
    await audit(tx as unknown as Database, actor.id, {
      action: 'event.delete',
      targetType: 'event',
      targetId: id,
      changes: { title: event.title, draft: !event.published },
    });
  });
}

/**
 * Tells the members who RSVPed (but whoever cancelled) that the event is off, with the reason
 * (event-notices.ts says who of them hears it).
 */
export function notifyEventCancelled(
  db: Database,
  realtime: Fetcher,
  config: Config,
  event: { id: string; title: string; spaceId: string },
  reason: string,
  actorId: string,
): Promise<boolean> {
  return notifyAboutEvent(db, realtime, config, event, {
    type: 'EVENT_CANCELLED',
    title: `Cancelled: ${event.title}. ${reason}`,
    candidates: sql`select em.user_id from event_members em
      where em.event_id = ${event.id} and em.user_id <> ${actorId}`,
  });
}
