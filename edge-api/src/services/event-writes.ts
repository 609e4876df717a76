// Creating, editing, deleting and RSVPing to events, and calling off one date of a series. Rules of
// spec sections 5 and 6 hold here whatever the client does: the author edits, the author cannot
// RSVP, one RSVP per user and event (constraint). Issue 12: an event lives in a time zone (the
// community's unless it names one), a weekly series starts on its day in that zone, and every
// change a calendar app should pick up bumps the event's iCalendar SEQUENCE.
import {
  communities,
  eventCancelledOccurrences,
  events,
  eventTags,
  spaceMembers,
  spaces,
  users,
} from '@community/db/schema';
import {
  type CreateEventInput,
  DEFAULT_TIME_ZONE,
  EVENT_CANCELLED_NO_EDIT,
  OCCURRENCE_NOT_FOUND,
  repeatStartMismatch,
  type User,
} from '@community/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, SessionDatabase } from '../db.ts';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors.ts';
import { isOccurrenceStart } from '../lib/occurrences.ts';
import { audit } from './audit.ts';
import { fillPlaces, leaveEvent, lockEventPlaces, type RsvpStatus, rsvpOrWait } from './event-waitlist.ts';
import { EVENT_NOT_FOUND, eventVisibleTo, seriesOf } from './events.ts';

export const SPACE_NOT_FOUND = 'Space not found';
export const NOT_SPACE_MEMBER = 'You are not a member of this space.';
export const HOST_NOT_FOUND = 'Host not found';
export const ONLY_AUTHOR_EDITS = 'Only the author can edit this event.';
export const ONLY_ORGANIZERS_CHANGE = 'Only the author, the host or an admin can change this event.';
export const AUTHOR_CANNOT_RSVP = 'The author of an event cannot RSVP to it.';

const isCommunityAdmin = (user: User) => user.role === 'ADMIN' || user.role === 'SUPER_ADMIN';

/**
 * The event's space must exist and the author belong to it; community admins may also post in a
 * public space they are not in, never in a private or paid one they could not read (their event
 * would be hidden from them: events are seen by the readers of their space).
 * Exported for the route's guard, which asks before the rest of the body is validated.
 */
export async function checkEventSpace(db: Database, spaceId: string, author: User): Promise<void> {
  const [space] = await db
    .select({ id: spaces.id, type: spaces.type, memberId: spaceMembers.id })
    .from(spaces)
    .leftJoin(spaceMembers, and(eq(spaceMembers.spaceId, spaces.id), eq(spaceMembers.userId, author.id)))
    .where(eq(spaces.id, spaceId));
  if (!space) throw badRequest(SPACE_NOT_FOUND, [{ path: 'spaceId', message: SPACE_NOT_FOUND }]);
  if (!space.memberId && !(isCommunityAdmin(author) && space.type === 'PUBLIC'))
    throw forbidden(NOT_SPACE_MEMBER);
}

async function checkSpaceAndHost(db: Database, input: CreateEventInput, author: User): Promise<void> {
  await checkEventSpace(db, input.spaceId, author);
  const [host] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.hostId), eq(users.isBlocked, false)));
  if (!host) throw badRequest(HOST_NOT_FOUND, [{ path: 'hostId', message: HOST_NOT_FOUND }]);
}

/** The zone the event's times are in: the one it names, else the community's. */
async function eventTimeZone(db: Database, input: CreateEventInput): Promise<string> {
  if (input.timeZone) return input.timeZone;
  const [community] = await db
    .select({ timeZone: communities.timeZone })
    .from(communities)
    .orderBy(asc(communities.createdAt))
    .limit(1);
  return community?.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * The schema checked a weekly series' start day in the zone the body names, or the default one;
 * the community's zone may be another, so the day is checked again in the zone the event gets.
 */
function checkStartDay(input: CreateEventInput, timeZone: string): void {
  const message = repeatStartMismatch(input.repeat, new Date(input.startDate), timeZone);
  if (message) throw badRequest(message, [{ path: 'startDate', message }]);
}

function eventValues(input: CreateEventInput, timeZone: string) {
  return {
    timeZone,
    title: input.title,
    description: input.description ?? null,
    spaceId: input.spaceId,
    hostId: input.hostId,
    startDate: new Date(input.startDate),
    endDate: new Date(input.endDate),
    repeat: input.repeat,
    location: input.location,
    registration: input.registration,
    published: input.published,
    bannerUrl: input.bannerUrl ?? null,
    // A stream URL belongs to streamed events; an in-person event keeps its address instead.
    addressUrl: input.location === 'IN_PERSON' ? null : (input.addressUrl ?? null),
    address: input.location === 'IN_PERSON' ? (input.address ?? null) : null,
    color: input.color ?? null,
    capacity: input.capacity ?? null,
  };
}

export async function createEvent(
  db: SessionDatabase,
  input: CreateEventInput,
  author: User,
): Promise<string> {
  const timeZone = await eventTimeZone(db, input);
  checkStartDay(input, timeZone);
  await checkSpaceAndHost(db, input, author);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(events)
      .values({ ...eventValues(input, timeZone), authorId: author.id })
      .returning({ id: events.id });
    if (!created) throw new Error('Event was not created');
    if (input.tags.length > 0) {
      await tx.insert(eventTags).values(input.tags.map((name) => ({ eventId: created.id, name })));
    }
    return created.id;
  });
}

/**
 * Replaces the event (PUT). Says whether this edit published a draft, so it can be announced, and
 * who a higher (or removed) capacity promoted from the waitlist. A lower capacity keeps who is in.
 * A cancelled event is not edited (409) until it is restored: its attendees were told it is off,
 * and a changed date or place would reach their calendars as if it were on.
 */
export async function updateEvent(
  db: SessionDatabase,
  id: string,
  input: CreateEventInput,
  editor: User,
): Promise<{ publishedNow: boolean; promoted: string[] }> {
  const [existing] = await db
    .select({ authorId: events.authorId, published: events.published })
    .from(events)
    .where(and(eq(events.id, id), eventVisibleTo(editor.id)));
  if (!existing) throw notFound(EVENT_NOT_FOUND);
  if (existing.authorId !== editor.id) throw forbidden(ONLY_AUTHOR_EDITS);
  const timeZone = await eventTimeZone(db, input);
  checkStartDay(input, timeZone);
  await checkSpaceAndHost(db, input, editor);
  const promoted = await db.transaction(async (tx) => {
    const before = await lockEventPlaces(tx, id);
    // Under the lock: an edit racing a cancellation is refused once the cancellation has committed.
    if (before.cancelledAt) throw conflict(EVENT_CANCELLED_NO_EDIT);
    const values = eventValues(input, timeZone);
    await tx
      .update(events)
      .set({ ...values, sequence: bumpedSequence, updatedAt: new Date() })
      .where(eq(events.id, id));
    await tx.delete(eventTags).where(eq(eventTags.eventId, id));
    if (input.tags.length > 0)
      await tx.insert(eventTags).values(input.tags.map((name) => ({ eventId: id, name })));
    if (before.capacity === values.capacity) return [];
    await audit(tx as unknown as Database, editor.id, {
      action: 'event.capacity',
      targetType: 'event',
      targetId: id,
      changes: { title: values.title, from: before.capacity, to: values.capacity },
    });
    return fillPlaces(tx, { ...before, title: values.title, capacity: values.capacity }, editor.id);
  });
  return { publishedNow: !existing.published && input.published, promoted };
}

const bumpedSequence = sql`${events.sequence} + 1`;

/** The event as a series, for checking that a date is one of its dates (the route's guard found it already). */
async function seriesToChange(db: Database, id: string) {
  const [event] = await db
    .select({
      startDate: events.startDate,
      endDate: events.endDate,
      repeat: events.repeat,
      timeZone: events.timeZone,
    })
    .from(events)
    .where(eq(events.id, id));
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return seriesOf(event, []);
}

async function checkOccurrence(db: Database, id: string, occurrenceStart: Date): Promise<void> {
  if (!isOccurrenceStart(await seriesToChange(db, id), occurrenceStart))
    throw badRequest(OCCURRENCE_NOT_FOUND, [{ path: 'occurrenceStart', message: OCCURRENCE_NOT_FOUND }]);
}

/**
 * Calls off one date (EXDATE in the calendar files); the series and its RSVPs stay. Cancelling a
 * cancelled date again changes nothing (and does not bump the sequence).
 */
export async function cancelOccurrence(
  db: SessionDatabase,
  id: string,
  occurrenceStart: Date,
): Promise<void> {
  await checkOccurrence(db, id, occurrenceStart);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(eventCancelledOccurrences)
      .values({ eventId: id, occurrenceStart })
      .onConflictDoNothing()
      .returning({ eventId: eventCancelledOccurrences.eventId });
    if (inserted.length > 0)
      await tx
        .update(events)
        .set({ sequence: bumpedSequence, updatedAt: new Date() })
        .where(eq(events.id, id));
  });
}

/** Puts a cancelled date back; restoring one that is not cancelled changes nothing. */
export async function restoreOccurrence(
  db: SessionDatabase,
  id: string,
  occurrenceStart: Date,
): Promise<void> {
  await checkOccurrence(db, id, occurrenceStart);
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(eventCancelledOccurrences)
      .where(
        and(
          eq(eventCancelledOccurrences.eventId, id),
          eq(eventCancelledOccurrences.occurrenceStart, occurrenceStart),
        ),
      )
      .returning({ eventId: eventCancelledOccurrences.eventId });
    if (deleted.length > 0)
      await tx
        .update(events)
        .set({ sequence: bumpedSequence, updatedAt: new Date() })
        .where(eq(events.id, id));
  });
}

/**
 * Who may RSVP (and take it back): anyone who sees the published event (`eventVisibleTo`: a reader
 * of its space), except its author. Anyone else gets 404, as when reading it.
 */
export async function rsvpTarget(db: Database, eventId: string, user: User) {
  const [event] = await db
    .select({ authorId: events.authorId, published: events.published, cancelledAt: events.cancelledAt })
    .from(events)
    .where(and(eq(events.id, eventId), eventVisibleTo(user.id)));
  if (!event?.published) throw notFound(EVENT_NOT_FOUND);
  if (event.authorId === user.id) throw forbidden(AUTHOR_CANNOT_RSVP);
  return event;
}

/**
 * RSVPs, or joins the waitlist of a full event (services/event-waitlist.ts). Repeating it is
 * harmless: a member is going or waiting, once.
 */
export async function rsvp(db: Database, eventId: string, user: User): Promise<RsvpStatus> {
  await rsvpTarget(db, eventId, user);
  return rsvpOrWait(db, eventId, user);
}

/** Takes an RSVP back (or leaves the waitlist); answers who took the freed place. */
export async function unrsvp(db: SessionDatabase, eventId: string, user: User): Promise<string[]> {
  await rsvpTarget(db, eventId, user);
  return leaveEvent(db, eventId, user);
}
