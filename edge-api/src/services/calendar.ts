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

export async function communityCalendar(db: Database, origin: string, name: string): Promise<string> {
  const rows = await db
    .select()
    .from(events)
    .where(eq(events.published, true))
    .orderBy(asc(events.startDate))
    .limit(FEED_LIMIT);
  return toICalendar(
    rows.map((row) => toEntry(row, origin)),
    { name, domain: new URL(origin).hostname },
  );
}

/** One event's calendar file; drafts only for their author. Null when not visible. */
export async function eventCalendar(db: Database, id: string, viewerId: string, origin: string) {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), or(eq(events.published, true), eq(events.authorId, viewerId))));
  if (!row) return null;
  return toICalendar([toEntry(row, origin)], { name: row.title, domain: new URL(origin).hostname });
}
