// Calling a whole event off (every date of a series), putting it back before it starts, and
// deleting it (issue 29). A cancelled event keeps its page with the reason, refuses RSVPs, and is
// STATUS:CANCELLED in calendar files with a higher SEQUENCE; each change is in the admin audit log,
// written in the transaction that makes it. Members who RSVPed hear of a cancellation
// (EVENT_CANCELLED) through the notifications machinery: a row each, then one fan-out.
import { events, notifications } from '@community/db/schema';
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
import { fillPlaces } from './event-waitlist.ts';
import { EVENT_NOT_FOUND, seriesOf } from './events.ts';
import { isoColumn, pushNotifications } from './notifications.ts';
import { rowsOf } from './posts-rows.ts';

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

type InsertedRow = { id: string; user_id: string; created_at: string };

/**
 * Tells the members who RSVPed (but whoever cancelled) that the event is off, with the reason: those
 * who still read its space, are not blocked, and have `events` on (a member with it off cannot open
 * the event; mentions follow the same rule, docs/features.md). Best effort: the cancellation stands
 * whatever happens here; the answer says whether the push went out.
 */
export async function notifyEventCancelled(
  db: Database,
  realtime: Fetcher,
  config: Config,
  event: { id: string; title: string; spaceId: string },
  reason: string,
  actorId: string,
): Promise<boolean> {
  try {
    const title = `Cancelled: ${event.title}. ${reason}`;
    const payload = { eventId: event.id, spaceId: event.spaceId };
    const rows = rowsOf<InsertedRow>(
      await db.execute(sql`
        insert into ${notifications} (user_id, type, title, payload)
        select em.user_id, 'EVENT_CANCELLED', ${title}, ${JSON.stringify(payload)}::jsonb
        from event_members em
        join users u on u.id = em.user_id
        join events e on e.id = em.event_id
        join spaces s on s.id = e.space_id
        where em.event_id = ${event.id} and em.user_id <> ${actorId} and not u.is_blocked
          and (s.type = 'PUBLIC' or exists
            (select 1 from space_members m where m.space_id = s.id and m.user_id = em.user_id))
          and exists (select 1 from user_features f
            where f.user_id = em.user_id and f.feature = 'events' and f.enabled)
        returning id, user_id, ${isoColumn('created_at')} as created_at`),
    );
    return await pushNotifications(realtime, config, rows, { type: 'EVENT_CANCELLED', title, payload });
  } catch (error) {
    console.error('Event cancellation notification failed', event.id, error);
    return false;
  }
}
