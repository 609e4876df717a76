// Reading events for the events page: upcoming (soonest first) or past (latest first), keyset
// paginated on (start_date, id); drafts only for their author. One statement per page.
import { eventMembers, events, eventTags, users } from '@community/db/schema';
import type { CommunityEvent } from '@community/domain';
import { and, asc, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db.ts';
import { decodeCursor, pageOf } from '../lib/cursor.ts';

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
const membersOf = sql<CommunityEvent['members']>`coalesce((
  select json_agg(json_build_object('userId', ${eventMembers.userId}))
  from ${eventMembers} where ${eventMembers.eventId} = ${events.id}), '[]'::json)`;

type EventRow = {
  event: typeof events.$inferSelect;
  host: { firstName: string; lastName: string; imageUrl: string | null };
  tags: CommunityEvent['tags'];
  members: CommunityEvent['members'];
};

export function toCommunityEvent({ event, host, tags, members }: EventRow): CommunityEvent {
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
    occurrence: null,
    nextOccurrences: [],
  };
}

function selectEvents(db: Database) {
  return db
    .select({
      event: events,
      host: { firstName: users.firstName, lastName: users.lastName, imageUrl: users.imageUrl },
      tags: tagsOf,
      members: membersOf,
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.hostId));
}

export const EVENT_NOT_FOUND = 'Event not found';

/** An event the viewer may see: published, or their own draft. */
export async function findVisibleEvent(
  db: Database,
  id: string,
  viewerId: string,
): Promise<CommunityEvent | null> {
  const [row] = await selectEvents(db).where(
    and(eq(events.id, id), or(eq(events.published, true), eq(events.authorId, viewerId))),
  );
  return row ? toCommunityEvent(row) : null;
}

export async function listEvents(db: Database, query: EventListQuery) {
  const now = new Date();
  const after = decodeCursor(query.cursor, EventCursor);
  const upcoming = query.when === 'upcoming';
  const visibility = query.published
    ? eq(events.published, true)
    : and(eq(events.published, false), eq(events.authorId, query.viewerId));
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
  const rows = await selectEvents(db)
    .where(and(visibility, window, keyset))
    .orderBy(...order)
    .limit(query.limit + 1);
  return pageOf(rows, query.limit, toCommunityEvent, (row) => [
    row.event.startDate.toISOString(),
    row.event.id,
  ]);
}
