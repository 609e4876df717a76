// The calendar feeds: one event, or every published event of the community.
import { events } from '@community/db/schema';
import { and, asc, eq, or } from 'drizzle-orm';
import type { Database } from '../db.ts';
import { type CalendarEntry, toICalendar } from '../lib/ical.ts';

const FEED_LIMIT = 2000;

function toEntry(row: typeof events.$inferSelect, origin: string): CalendarEntry {
  const location = row.address
    ? [row.address.name, row.address.full_address].filter(Boolean).join(', ')
    : null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startDate: row.startDate,
    endDate: row.endDate,
    repeat: row.repeat,
    location: location || row.addressUrl,
    url: `${origin}/events/${row.id}`,
    updatedAt: row.updatedAt,
  };
}

/**
 * Where a calendar's addresses point. `origin` is the host the caller used, so an event's link opens
 * where they are; `publicUrl` is the configured public address (PUBLIC_URL), whose host names every
 * UID: a UID must not change with the Host header, or one event shows up twice in a calendar app that
 * has the feed from two addresses (RFC 5545 3.8.4.7: globally unique and persistent).
 */
export type CalendarAddresses = { origin: string; publicUrl: string };

const uidDomain = (addresses: CalendarAddresses) => new URL(addresses.publicUrl).hostname;

export async function communityCalendar(
  db: Database,
  addresses: CalendarAddresses,
  name: string,
): Promise<string> {
  const rows = await db
    .select()
    .from(events)
    .where(eq(events.published, true))
    .orderBy(asc(events.startDate))
    .limit(FEED_LIMIT);
  return toICalendar(
    rows.map((row) => toEntry(row, addresses.origin)),
    { name, domain: uidDomain(addresses) },
  );
}

/** One event's calendar file; drafts only for their author. Null when not visible. */
export async function eventCalendar(
  db: Database,
  id: string,
  viewerId: string,
  addresses: CalendarAddresses,
) {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), or(eq(events.published, true), eq(events.authorId, viewerId))));
  if (!row) return null;
  return toICalendar([toEntry(row, addresses.origin)], { name: row.title, domain: uidDomain(addresses) });
}
