// The calendar feeds: one event, or every published event of the community the member may see
// (`eventVisibleTo`: the readers of its space), with the dates the hosts called off and, in the
// community feed, the events deleted lately from spaces the member may read (STATUS:CANCELLED).
import { eventCancelledOccurrences, events, eventTombstones } from '@community/db/schema';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db.ts';
import { type CalendarEntry, toICalendar } from '../lib/ical.ts';
import { eventVisibleTo } from './events.ts';
import { readableSpaces } from './space-access.ts';

const FEED_LIMIT = 2000;
/**
 * How long a deleted event stays in the feed as cancelled: a calendar app that refreshes at least
 * this often learns of it (housekeeping sweeps older tombstones, see TOMBSTONE_DAYS there).
 */
export const CANCELLED_FEED_DAYS = 90;

function toEntry(row: typeof events.$inferSelect, origin: string, cancelledDates: Date[]): CalendarEntry {
  const location = row.address
    ? [row.address.name, row.address.full_address].filter(Boolean).join(', ')
    : null;
  return {
    id: row.id,
    title: row.title,
    // A calendar app shows the description: the reason leads it (issue 29).
    description: row.cancelledAt
      ? [`Cancelled: ${row.cancelReason ?? ''}`, row.description].filter(Boolean).join('\n\n')
      : row.description,
    startDate: row.startDate,
    endDate: row.endDate,
    repeat: row.repeat,
    timeZone: row.timeZone,
    location: location || row.addressUrl,
    url: `${origin}/events/${row.id}`,
    updatedAt: row.updatedAt,
    sequence: row.sequence,
    cancelledDates,
    cancelled: row.cancelledAt !== null,
  };
}

function tombstoneEntry(row: typeof eventTombstones.$inferSelect): CalendarEntry {
  return {
    id: row.eventId,
    title: row.title,
    description: null,
    startDate: row.startDate,
    endDate: row.endDate,
    repeat: row.repeat,
    timeZone: row.timeZone,
    location: null,
    url: null,
    updatedAt: row.deletedAt,
    sequence: row.sequence,
    cancelledDates: [],
    cancelled: true,
  };
}

/** Cancelled dates grouped by event. */
function byEvent(rows: { eventId: string; occurrenceStart: Date }[]): Map<string, Date[]> {
  const grouped = new Map<string, Date[]>();
  for (const row of rows)
    grouped.set(row.eventId, [...(grouped.get(row.eventId) ?? []), row.occurrenceStart]);
  return grouped;
}

/**
 * Where a calendar's addresses point. `origin` is the host the caller used, so an event's link opens
 * where they are; `publicUrl` is the configured public address (PUBLIC_URL), whose host names every
 * UID: a UID must not change with the Host header, or one event shows up twice in a calendar app that
 * has the feed from two addresses (RFC 5545 3.8.4.7: globally unique and persistent).
 */
export type CalendarAddresses = { origin: string; publicUrl: string };

const uidDomain = (addresses: CalendarAddresses) => new URL(addresses.publicUrl).hostname;

/** The community feed as `viewerId` sees it (the signed-in member, or the owner of the feed's token). */
export async function communityCalendar(
  db: Database,
  viewerId: string,
  addresses: CalendarAddresses,
  name: string,
): Promise<string> {
  const visible = and(eq(events.published, true), eventVisibleTo(viewerId));
  // Three reads side by side: the events, their cancelled dates, the recent tombstones.
  const [rows, cancelled, tombstones] = await Promise.all([
    db.select().from(events).where(visible).orderBy(asc(events.startDate)).limit(FEED_LIMIT),
    db
      .select({
        eventId: eventCancelledOccurrences.eventId,
        occurrenceStart: eventCancelledOccurrences.occurrenceStart,
      })
      .from(eventCancelledOccurrences)
      .innerJoin(events, eq(events.id, eventCancelledOccurrences.eventId))
      .where(visible)
      .orderBy(asc(eventCancelledOccurrences.occurrenceStart)),
    db
      .select()
      .from(eventTombstones)
      .where(
        and(
          gt(eventTombstones.deletedAt, sql`now() - make_interval(days => ${CANCELLED_FEED_DAYS})`),
          // A deleted event is news only to its space's readers; a deleted space's, to no one.
          sql`${eventTombstones.spaceId} in ${readableSpaces(viewerId)}`,
        ),
      )
      .orderBy(asc(eventTombstones.deletedAt))
      .limit(FEED_LIMIT),
  ]);
  const cancelledDates = byEvent(cancelled);
  return toICalendar(
    [
      ...rows.map((row) => toEntry(row, addresses.origin, cancelledDates.get(row.id) ?? [])),
      ...tombstones.map(tombstoneEntry),
    ],
    { name, domain: uidDomain(addresses) },
  );
}

/** One event's calendar file, for whoever may see the event (`eventVisibleTo`). Null otherwise. */
export async function eventCalendar(
  db: Database,
  id: string,
  viewerId: string,
  addresses: CalendarAddresses,
) {
  const [[row], cancelled] = await Promise.all([
    db
      .select()
      .from(events)
      .where(and(eq(events.id, id), eventVisibleTo(viewerId))),
    db
      .select({
        eventId: eventCancelledOccurrences.eventId,
        occurrenceStart: eventCancelledOccurrences.occurrenceStart,
      })
      .from(eventCancelledOccurrences)
      .where(eq(eventCancelledOccurrences.eventId, id))
      .orderBy(asc(eventCancelledOccurrences.occurrenceStart)),
  ]);
  if (!row) return null;
  return toICalendar(
    [
      toEntry(
        row,
        addresses.origin,
        cancelled.map((date) => date.occurrenceStart),
      ),
    ],
    { name: row.title, domain: uidDomain(addresses) },
  );
}
