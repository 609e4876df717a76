// "Who is going" (docs/api.md, "Events"): the members who RSVPed to an event, by RSVP time, earliest
// first, blocked members left out. Callers check first that the viewer may see the event (routes/events.ts).
// Every reader of the event gets names and avatars; the CSV (emails included) is its organisers'.
import { eventMembers, eventWaitlist, users } from '@community/db/schema';
import { EVENT_ATTENDEES_CSV_COLUMNS, type EventAttendeePage, type PageQuery } from '@community/domain';
import { toSpreadsheetCsv } from '@community/domain/csv';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db.ts';
import { decodeCursor, pageOf } from '../lib/cursor.ts';

/** The RSVP time as Postgres prints it (microseconds kept, so the keyset never skips a row), then the id. */
const AttendeeCursor = z.tuple([z.string().min(1).max(64), z.uuid()]);

const attendeeOf = (eventId: string) => and(eq(eventMembers.eventId, eventId), eq(users.isBlocked, false));

export async function listAttendees(
  db: Database,
  eventId: string,
  query: PageQuery,
): Promise<EventAttendeePage> {
  const after = decodeCursor(query.cursor, AttendeeCursor);
  const keyset = after
    ? sql`(${eventMembers.createdAt}, ${eventMembers.userId}) > (${after[0]}::timestamptz, ${after[1]}::uuid)`
    : undefined;
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      pseudo: users.pseudo,
      imageUrl: users.imageUrl,
      rsvpAt: sql<string>`${eventMembers.createdAt}::text`,
    })
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .where(and(attendeeOf(eventId), keyset))
    .orderBy(asc(eventMembers.createdAt), asc(eventMembers.userId))
    .limit(query.limit + 1);
  return pageOf(
    rows,
    query.limit,
    ({ rsvpAt: _, ...attendee }) => attendee,
    (row) => [row.rsvpAt, row.id],
  );
}

/**
 * The attendee list as CSV, for the event's organisers: one row per attendee, by RSVP time, then
 * the waitlist in its order (the time is when they joined it; Status says which).
 */
export async function attendeesCsv(db: Database, eventId: string): Promise<string> {
  const going = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      pseudo: users.pseudo,
      email: users.email,
      rsvpAt: eventMembers.createdAt,
    })
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .where(attendeeOf(eventId))
    .orderBy(asc(eventMembers.createdAt), asc(eventMembers.userId));
  const waiting = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      pseudo: users.pseudo,
      email: users.email,
      rsvpAt: eventWaitlist.createdAt,
    })
    .from(eventWaitlist)
    .innerJoin(users, eq(users.id, eventWaitlist.userId))
    .where(and(eq(eventWaitlist.eventId, eventId), eq(users.isBlocked, false)))
    .orderBy(asc(eventWaitlist.createdAt), asc(eventWaitlist.userId));
  const line = (row: (typeof going)[number], status: string) => [
    row.firstName,
    row.lastName,
    row.pseudo,
    row.email,
    row.rsvpAt.toISOString(),
    status,
  ];
  return toSpreadsheetCsv(EVENT_ATTENDEES_CSV_COLUMNS, [
    ...going.map((row) => line(row, 'Going')),
    ...waiting.map((row, index) => line(row, `Waitlist #${index + 1}`)),
  ]);
}
