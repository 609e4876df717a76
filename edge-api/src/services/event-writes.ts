// Creating, editing and RSVPing to events. Rules of spec sections 5 and 6 hold here whatever the
// client does: the author edits, the author cannot RSVP, one RSVP per user and event (constraint).
import { eventMembers, events, eventTags, spaceMembers, spaces, users } from '@community/db/schema';
import type { CreateEventInput, User } from '@community/domain';
import { and, eq } from 'drizzle-orm';
import type { Database, SessionDatabase } from '../db.ts';
import { badRequest, forbidden, notFound } from '../lib/errors.ts';
import { EVENT_NOT_FOUND } from './events.ts';

export const SPACE_NOT_FOUND = 'Space not found';
export const NOT_SPACE_MEMBER = 'You are not a member of this space.';
export const HOST_NOT_FOUND = 'Host not found';
export const ONLY_AUTHOR_EDITS = 'Only the author can edit this event.';
export const AUTHOR_CANNOT_RSVP = 'The author of an event cannot RSVP to it.';

const isCommunityAdmin = (user: User) => user.role === 'ADMIN' || user.role === 'SUPER_ADMIN';

/**
 * The event's space must exist and the author belong to it (community admins may post anywhere).
 * Exported for the route's guard, which asks before the rest of the body is validated.
 */
export async function checkEventSpace(db: Database, spaceId: string, author: User): Promise<void> {
  const [space] = await db
    .select({ id: spaces.id, memberId: spaceMembers.id })
    .from(spaces)
    .leftJoin(spaceMembers, and(eq(spaceMembers.spaceId, spaces.id), eq(spaceMembers.userId, author.id)))
    .where(eq(spaces.id, spaceId));
  if (!space) throw badRequest(SPACE_NOT_FOUND, [{ path: 'spaceId', message: SPACE_NOT_FOUND }]);
  if (!space.memberId && !isCommunityAdmin(author)) throw forbidden(NOT_SPACE_MEMBER);
}

async function checkSpaceAndHost(db: Database, input: CreateEventInput, author: User): Promise<void> {
  await checkEventSpace(db, input.spaceId, author);
  const [host] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.hostId), eq(users.isBlocked, false)));
  if (!host) throw badRequest(HOST_NOT_FOUND, [{ path: 'hostId', message: HOST_NOT_FOUND }]);
}

function eventValues(input: CreateEventInput) {
  return {
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
  };
}

export async function createEvent(
  db: SessionDatabase,
  input: CreateEventInput,
  author: User,
): Promise<string> {
  await checkSpaceAndHost(db, input, author);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(events)
      .values({ ...eventValues(input), authorId: author.id })
      .returning({ id: events.id });
    if (!created) throw new Error('Event was not created');
    if (input.tags.length > 0) {
      await tx.insert(eventTags).values(input.tags.map((name) => ({ eventId: created.id, name })));
    }
    return created.id;
  });
}

/** Replaces the event (PUT). Says whether this edit published a draft, so it can be announced. */
export async function updateEvent(
  db: SessionDatabase,
  id: string,
  input: CreateEventInput,
  editor: User,
): Promise<{ publishedNow: boolean }> {
  const [existing] = await db
    .select({ authorId: events.authorId, published: events.published })
    .from(events)
    .where(eq(events.id, id));
  if (!existing || (!existing.published && existing.authorId !== editor.id)) throw notFound(EVENT_NOT_FOUND);
  if (existing.authorId !== editor.id) throw forbidden(ONLY_AUTHOR_EDITS);
  await checkSpaceAndHost(db, input, editor);
  await db.transaction(async (tx) => {
    await tx.update(events).set(eventValues(input)).where(eq(events.id, id));
    await tx.delete(eventTags).where(eq(eventTags.eventId, id));
    if (input.tags.length > 0)
      await tx.insert(eventTags).values(input.tags.map((name) => ({ eventId: id, name })));
  });
  return { publishedNow: !existing.published && input.published };
}

/** Who may RSVP: anyone who sees the published event, except its author. */
export async function rsvpTarget(db: Database, eventId: string, user: User) {
  const [event] = await db
    .select({ authorId: events.authorId, published: events.published })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event?.published) throw notFound(EVENT_NOT_FOUND);
  if (event.authorId === user.id) throw forbidden(AUTHOR_CANNOT_RSVP);
}

/** Repeating an RSVP is harmless: the primary key keeps one row per user and event. */
export async function rsvp(db: Database, eventId: string, user: User): Promise<void> {
  await rsvpTarget(db, eventId, user);
  await db.insert(eventMembers).values({ eventId, userId: user.id }).onConflictDoNothing();
}

export async function unrsvp(db: Database, eventId: string, user: User): Promise<void> {
  await rsvpTarget(db, eventId, user);
  await db
    .delete(eventMembers)
    .where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.userId, user.id)));
}
