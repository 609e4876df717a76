// What the event API suites share: a date some days ahead, a valid event body, creating an event
// through the API, and an RSVP. (A fresh member for a test: `memberMadeBy` in api-test-client.)
import { expect } from 'vitest';
import { call, withDatabase } from '../../scripts/lib/api-test-client.ts';

/** `days` from now at `hour`:00 UTC, as an ISO instant. */
export const inDays = (days: number, hour = 15) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

/** A Monday (in UTC and in New York), 15:00–16:00 UTC, far enough ahead for every repeat to start on it. */
export const MONDAY_2031 = { startDate: '2031-01-06T15:00:00.000Z', endDate: '2031-01-06T16:00:00.000Z' };

/** An in-person event's place, to spread into a body. */
export const IN_PERSON_LYON = {
  location: 'IN_PERSON',
  address: {
    city: 'Lyon',
    name: 'La Halle',
    full_address: '1 Rue de la République, Lyon',
    lat: 45.76,
    lng: 4.83,
  },
};

/**
 * A body `POST` and `PUT /api/events` accept: published, online (YouTube) unless `fields` names a
 * `location`, free, no tags, 10 days ahead from 15:00 to 17:00 UTC. `fields` (the suite's title,
 * space and host) and then `overrides` (the test's) win.
 */
export function eventBodyWith(fields: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const online =
    'location' in fields ? {} : { location: 'YOUTUBE', addressUrl: 'https://www.youtube.com/watch?v=abc' };
  return {
    startDate: inDays(10, 15),
    endDate: inDays(10, 17),
    ...online,
    registration: 'FREE',
    published: true,
    tags: [],
    ...fields,
    ...overrides,
  };
}

/** The member an access token names (its `sub`). */
const userIdOf = (token: string): string =>
  JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).sub;

/**
 * Creates the event as `token`'s member (201 expected) and answers it. The write limit is for
 * people, not fixtures: the member's event bucket is emptied first, since the API files run side
 * by side and several create events as the same demo host (write-limits.test.ts tests the limit).
 */
export async function createEvent<T = { id: string; title: string }>(
  token: string,
  body: unknown,
): Promise<T> {
  await withDatabase((db) =>
    db.query('delete from rate_limit_buckets where key = $1', [`write:event:${userIdOf(token)}`]),
  );
  const created = await call('/api/events', { method: 'POST', token, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.event as T;
}

/** RSVPs (or joins the waitlist of a full event) as `token`'s member. */
export const rsvp = (eventId: string, token: string) =>
  call(`/api/events/${eventId}/members`, { method: 'POST', token, body: { eventId } });
