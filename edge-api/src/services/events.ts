// Reading events for the events page. Lists (upcoming soonest first, past latest first) stand each
// event for one date: a single event its own, a repeating series its next date not cancelled
// (upcoming) or its last (past), so a series that started earlier is in both. Keyset paginated on
// (that date, id); drafts only for their author. A page places its events first (the single ones by
// the keyset in SQL, the series by their schedules, worked out here: lib/occurrences.ts), then reads
// the cards of the ones on the page (`listEvents`). A range (the month grid) is one
// statement: every date of every published event in it. Every read asks `eventVisibleTo`: an event
// is seen by the readers of its space, as its posts, chat and files are.
import {
  eventCancelledOccurrences,
  eventMembers,
  events,
  eventTags,
  eventWaitlist,
  users,
} from '@community/db/schema';
import {
  type CommunityEvent,
  type EventOccurrence,
  type EventRange,
  type EventRepeat,
  type EventSummary,
  NEXT_OCCURRENCES_SHOWN,
} from '@community/domain';
import { and, asc, desc, eq, gte, inArray, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database } from '../db.ts';
import { decodeCursor, pageOf } from '../lib/cursor.ts';
import { listDateOf, type Occurrence, occurrencesBetween, type Series } from '../lib/occurrences.ts';
import { readableSpaces } from './space-access.ts';

export type EventListQuery = {
  published: boolean;
  when: 'upcoming' | 'past';
  cursor?: string | undefined;
  limit: number;
  viewerId: string;
};

const EventCursor = z.tuple([z.iso.datetime(), z.uuid()]);

const tagsOf = sql<CommunityEvent['tags']>`coalesce((
  select json_agg(json_build_object('id', ${eventTags.id}, 'name', ${eventTags.name}) order by ${eventTags.name})
  from ${eventTags} where ${eventTags.eventId} = ${events.id}), '[]'::json)`;
/** Who RSVPed, blocked members left out: the Interested count is the attendee list's length. */
const membersOf = sql<CommunityEvent['members']>`coalesce((
  select json_agg(json_build_object('userId', ${eventMembers.userId}))
  from ${eventMembers} join ${users} rsvper on rsvper.id = ${eventMembers.userId}
  where ${eventMembers.eventId} = ${events.id} and not rsvper.is_blocked), '[]'::json)`;

/**
 * Places the RSVPs hold: every row, a blocked member's too, as `rsvpOrWait` counts them (a place is
 * taken until its row is gone), so the page's "N of M places left" is what the server enforces.
 */
const placesTakenOf = sql<number>`(
  select count(*)::int from ${eventMembers} where ${eventMembers.eventId} = ${events.id})`;

/** How many wait for a place, blocked members left out (as from the attendee list). */
const waitlistCountOf = sql<number>`(
  select count(*)::int from ${eventWaitlist} join ${users} waiter on waiter.id = ${eventWaitlist.userId}
  where ${eventWaitlist.eventId} = ${events.id} and not waiter.is_blocked)`;

/** The viewer's own place in the queue (1 is next), in the order promotions follow; null if not waiting. */
const waitlistPositionOf = (viewerId: string) => sql<number | null>`(
  select count(*)::int from ${eventWaitlist} ahead join ${users} waiter on waiter.id = ahead.user_id
  join ${eventWaitlist} mine on mine.event_id = ahead.event_id and mine.user_id = ${viewerId}
  where ahead.event_id = ${events.id} and not waiter.is_blocked
    and (ahead.created_at, ahead.user_id) <= (mine.created_at, mine.user_id)
  having count(*) > 0)`;

/** The series' cancelled dates, every one (a series has few): lists skip them, ranges mark them. */
export const cancelledOf = sql<string[]>`coalesce((
  select json_agg(${eventCancelledOccurrences.occurrenceStart})
  from ${eventCancelledOccurrences} where ${eventCancelledOccurrences.eventId} = ${events.id}), '[]'::json)`;

type EventRow = {
  event: typeof events.$inferSelect;
  host: { firstName: string; lastName: string; imageUrl: string | null };
  tags: CommunityEvent['tags'];
  members: CommunityEvent['members'];
  placesTaken: number;
  waitlistCount: number;
  waitlistPosition: number | null;
  cancelled: string[];
};

const isoOccurrence = (occurrence: Occurrence): EventOccurrence => ({
  start: occurrence.start.toISOString(),
  end: occurrence.end.toISOString(),
  cancelled: occurrence.cancelled,
});

export function toCommunityEvent(
  { event, host, tags, members, placesTaken, waitlistCount, waitlistPosition }: Omit<EventRow, 'cancelled'>,
  occurrence: Occurrence | null = null,
  nextOccurrences: readonly Occurrence[] = [],
): CommunityEvent {
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    authorId: event.authorId,
    hostId: event.hostId,
    hostName: `${host.firstName} ${host.lastName}`,
    host,
    spaceId: event.spaceId,
    startDate: event.startDate.toISOString(),
    endDate: event.endDate.toISOString(),
    repeat: event.repeat,
    location: event.location,
    registration: event.registration,
    published: event.published,
    bannerUrl: event.bannerUrl,
    addressUrl: event.addressUrl,
    address: event.address,
    zoomTitle: event.zoomTitle,
    zoomDuration: event.zoomDuration,
    tags,
    members,
    color: event.color,
    timeZone: event.timeZone,
    occurrence: occurrence && isoOccurrence(occurrence),
    nextOccurrences: nextOccurrences.map(isoOccurrence),
    cancelledAt: event.cancelledAt ? event.cancelledAt.toISOString() : null,
    cancelReason: event.cancelReason,
    capacity: event.capacity,
    placesTaken,
    waitlistCount,
    waitlistPosition,
  };
}

export function seriesOf(
  event: { startDate: Date; endDate: Date; repeat: EventRepeat; timeZone: string },
  cancelled: readonly (string | Date)[],
): Series {
  return {
    startDate: event.startDate,
    endDate: event.endDate,
    repeat: event.repeat,
    timeZone: event.timeZone,
    cancelled: cancelled.map((date) => new Date(date)),
  };
}

const seriesOfRow = (row: EventRow) => seriesOf(row.event, row.cancelled);

function selectEvents(db: Database, viewerId: string) {
  return db
    .select({
      event: events,
      host: { firstName: users.firstName, lastName: users.lastName, imageUrl: users.imageUrl },
      tags: tagsOf,
      members: membersOf,
      placesTaken: placesTakenOf,
      waitlistCount: waitlistCountOf,
      waitlistPosition: waitlistPositionOf(viewerId),
      cancelled: cancelledOf,
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.hostId));
}

export const EVENT_NOT_FOUND = 'Event not found';

/**
 * The one rule of who sees an event (docs/api.md, "Events"): it is in a space the viewer may read
 * (public, or they belong to it: a kicked member's RSVP stays, the event leaves what they see), and
 * it is published or the viewer's own draft. `event` names the events row: the table, or a
 * statement's alias. `everySpace`: community admins organising any event (cancel dates, delete),
 * as they moderate every wall.
 */
export function eventVisibleTo(
  viewerId: string,
  { event = sql`${events}`, everySpace = false }: { event?: SQL; everySpace?: boolean } = {},
): SQL {
  const space = everySpace ? sql`true` : sql`${event}.space_id in ${readableSpaces(viewerId)}`;
  return sql`(${space} and (${event}.published or ${event}.author_id = ${viewerId}))`;
}

// Every repeat gives at least one date a fortnight: NEXT_OCCURRENCES_SHOWN dates fit in this window.
const NEXT_DATES_WINDOW_MS = (NEXT_OCCURRENCES_SHOWN + 1) * 14 * 86_400_000;

/** The coming dates the detail card lists (cancelled ones included and marked). */
function comingDates(series: Series, now: Date): Occurrence[] {
  const from = series.startDate > now ? series.startDate : now;
  return occurrencesBetween(series, now, new Date(from.getTime() + NEXT_DATES_WINDOW_MS)).slice(
    0,
    NEXT_OCCURRENCES_SHOWN,
  );
}

/** An event the viewer may see (`eventVisibleTo`), with its coming dates. */
export async function findVisibleEvent(
  db: Database,
  id: string,
  viewerId: string,
  { everySpace = false }: { everySpace?: boolean } = {},
): Promise<CommunityEvent | null> {
  const [row] = await selectEvents(db, viewerId).where(
    and(eq(events.id, id), eventVisibleTo(viewerId, { everySpace })),
  );
  return row ? toCommunityEvent(row, null, comingDates(seriesOfRow(row), new Date())) : null;
}

/** What placing an event in a list needs: its own date, or its series' schedule; not its card. */
const placement = {
  id: events.id,
  startDate: events.startDate,
  endDate: events.endDate,
  repeat: events.repeat,
  timeZone: events.timeZone,
  cancelled: cancelledOf,
};
type Placement = {
  id: string;
  startDate: Date;
  endDate: Date;
  repeat: EventRepeat;
  timeZone: string;
  cancelled: string[];
};

type Dated = { id: string; occurrence: Occurrence };

/** A single event stands for its own date (which its host may have called off, too). */
const ownDate = (row: Placement): Occurrence => ({
  start: row.startDate,
  end: row.endDate,
  cancelled: row.cancelled.some((date) => new Date(date).getTime() === row.startDate.getTime()),
});

/** (occurrence start, id) of `a` against `b`'s: negative when `a` comes first in ascending order. */
function compareKeys(a: { start: number; id: string }, b: { start: number; id: string }): number {
  const byStart = a.start - b.start;
  if (byStart !== 0) return byStart;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const keyOf = ({ id, occurrence }: Dated) => ({ start: occurrence.start.getTime(), id });

/**
 * A page of the upcoming or past list. Three statements, session check included: one places the
 * page's single events (by the keyset, in SQL) and every repeating series (a community has
 * hundreds, not millions) by their schedules only; each series' date is worked out here and kept
 * per isolate until it changes (`listDateOf`); the last reads the cards of the page's events only.
 */
export async function listEvents(db: Database, query: EventListQuery) {
  const now = new Date();
  const after = decodeCursor(query.cursor, EventCursor);
  const cursor = after && { start: Date.parse(after[0]), id: after[1] };
  const upcoming = query.when === 'upcoming';
  const visibility = and(
    eventVisibleTo(query.viewerId),
    query.published ? eq(events.published, true) : eq(events.published, false),
  );
  const window = upcoming ? gte(events.startDate, now) : lt(events.startDate, now);
  // A row comparison, not the equivalent OR: only this form is an index condition on
  // events_published_start_date_id_idx, so a later page starts at the cursor in the index.
  const keyset = after
    ? upcoming
      ? sql`(${events.startDate}, ${events.id}) > (${after[0]}::timestamptz, ${after[1]}::uuid)`
      : sql`(${events.startDate}, ${events.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
    : undefined;
  const order = upcoming
    ? [asc(events.startDate), asc(events.id)]
    : [desc(events.startDate), desc(events.id)];
  // Past: a series' last date is on or after its start, so one that starts after the cursor
  // cannot be on this page. Upcoming: any series may have its next date anywhere ahead.
  const seriesBound: SQL | undefined = upcoming
    ? undefined
    : and(lt(events.startDate, now), after ? lte(events.startDate, new Date(after[0])) : undefined);
  const placed: Placement[] = await unionAll(
    db
      .select(placement)
      .from(events)
      .where(and(visibility, eq(events.repeat, 'NO_REPEAT'), window, keyset))
      .orderBy(...order)
      .limit(query.limit + 1),
    db
      .select(placement)
      .from(events)
      .where(and(visibility, ne(events.repeat, 'NO_REPEAT'), seriesBound)),
  );

  const direction = upcoming ? 1 : -1;
  const dated: Dated[] = [];
  for (const row of placed) {
    const occurrence =
      row.repeat === 'NO_REPEAT' ? ownDate(row) : listDateOf(seriesOf(row, row.cancelled), now, query.when);
    const item = occurrence && { id: row.id, occurrence };
    if (item && (!cursor || direction * compareKeys(keyOf(item), cursor) > 0)) dated.push(item);
  }
  dated.sort((a, b) => direction * compareKeys(keyOf(a), keyOf(b)));
  const page = dated.slice(0, query.limit + 1);

  const cards =
    page.length === 0
      ? []
      : await selectEvents(db, query.viewerId).where(
          and(
            inArray(
              events.id,
              page.map((item) => item.id),
            ),
            visibility,
          ),
        );
  const cardOf = new Map(cards.map((row) => [row.event.id, row]));
  // An event hidden or deleted between the two reads is left out, not shown half.
  return pageOf(
    page.filter((item) => cardOf.has(item.id)),
    query.limit,
    ({ id, occurrence }) => toCommunityEvent(cardOf.get(id)!, occurrence),
    ({ id, occurrence }) => [occurrence.start.toISOString(), id],
  );
}

/**
 * Every date of every published event the viewer may see starting in [from, to), cancelled ones marked, ordered by
 * date then event id; each event once, as the summary the grid shows (no host, topics or RSVPs: a
 * month of a thousand series stays small to read, expand and send). One statement: the single
 * events in the range and every series begun before its end, expanded here. Answered as JSON text,
 * kept per isolate while the same events (by id and sequence) are in the range: see `rangeAnswers`.
 */
export async function eventsInRangeJson(
  db: Database,
  viewerId: string,
  from: Date,
  to: Date,
): Promise<string> {
  const rows = await db
    .select({
      id: events.id,
      sequence: events.sequence,
      title: events.title,
      color: events.color,
      timeZone: events.timeZone,
      repeat: events.repeat,
      location: events.location,
      startDate: events.startDate,
      endDate: events.endDate,
      cancelledAt: events.cancelledAt,
      cancelled: cancelledOf,
    })
    .from(events)
    .where(
      and(
        eq(events.published, true),
        eventVisibleTo(viewerId),
        lt(events.startDate, to),
        or(ne(events.repeat, 'NO_REPEAT'), gte(events.startDate, from)),
      ),
    );
  const key = `${from.toISOString()}/${to.toISOString()}/${rows
    .map((row) => `${row.id}:${row.sequence}`)
    .sort()
    .join(',')}`;
  const kept = rangeAnswers.get(key);
  if (kept !== undefined) return kept;
  const answer = JSON.stringify(buildRange(rows, from, to));
  rangeAnswers.set(key, answer);
  if (rangeAnswers.size > RANGE_ANSWERS_MAX) rangeAnswers.delete(rangeAnswers.keys().next().value as string);
  return answer;
}

type RangeRow = EventSummaryRow & { sequence: number; cancelled: string[] };
type EventSummaryRow = Omit<EventSummary, 'startDate' | 'endDate' | 'cancelledAt'> & {
  startDate: Date;
  endDate: Date;
  cancelledAt: Date | null;
};

/**
 * Every member who opens the calendar asks for the same month, and expanding a thousand series into
 * fifteen thousand dates costs far more than reading them: the answer is a pure function of the
 * range and of its events' ids and sequences (every edit, cancelled or restored date bumps the
 * sequence; a deleted or unpublished event leaves the rows), so it is kept, per isolate, for the few
 * most recent ranges. Anything that changes an event's dates without bumping its sequence would be
 * served stale: event writes go through event-writes.ts, which bumps it. The key holds the events
 * the viewer may see, so members who see different events of a range never share an answer.
 */
const rangeAnswers = new Map<string, string>();
const RANGE_ANSWERS_MAX = 6;

function buildRange(rows: RangeRow[], from: Date, to: Date): EventRange {
  const occurrences = rows.flatMap((row) =>
    occurrencesBetween(seriesOf(row, row.cancelled), from, to).map((occurrence) => ({
      eventId: row.id,
      start: occurrence.start,
      end: occurrence.end,
      // Every date of a cancelled event (issue 29) is struck through like a date called off alone.
      cancelled: occurrence.cancelled || row.cancelledAt !== null,
    })),
  );
  occurrences.sort(
    (a, b) =>
      a.start.getTime() - b.start.getTime() || (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0),
  );
  const inRange = new Set(occurrences.map((occurrence) => occurrence.eventId));
  return {
    events: rows
      .filter((row) => inRange.has(row.id))
      .map(({ cancelled: _, sequence: __, startDate, endDate, cancelledAt, ...event }) => ({
        ...event,
        startDate: startDate.toISOString(),
        endDate: endDate.toISOString(),
        cancelledAt: cancelledAt ? cancelledAt.toISOString() : null,
      })),
    occurrences: occurrences.map((occurrence) => ({
      ...occurrence,
      start: occurrence.start.toISOString(),
      end: occurrence.end.toISOString(),
    })),
  };
}
