// Who sees an event (issue 27): the readers of its space, as for its posts, chat and files. A
// member who is not in a private or paid space gets 404 for its events (as for its posts), does not
// find them in the lists, the month grid, the calendar files or a profile's events, and cannot
// RSVP; a member can. A kicked member's RSVP stays, but the event leaves everything they see.
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  memberMadeBy,
  type Session,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';
import { createEvent as createEventAs, eventBodyWith, inDays } from './event-fixtures.ts';

const EVENT_NOT_FOUND = { error: 'Event not found' };

let owner: Session;
let author: Session; // creates the spaces and their events, and hosts them
let reader: Session; // a member of both spaces
let outsider: Session; // a member of the community, of neither space
let kicked: Session; // a member who RSVPs, then is removed from the private space

async function createSpace(type: 'PRIVATE' | 'PAID', members: Session[]): Promise<string> {
  const space = await call('/api/spaces', {
    method: 'POST',
    token: author.token,
    // A paid space is not made through the API: a private one becomes paid below.
    body: { name: `Visibility ${unique()}`, description: 'Members only', type: 'PRIVATE' },
  });
  expect(space.status, JSON.stringify(space.body)).toBe(201);
  const id = space.body.id as string;
  if (type === 'PAID')
    await withDatabase((db) => db.query(`update spaces set type = 'PAID' where id = $1`, [id]));
  for (const member of members) {
    const added = await call(`/api/spaces/${id}/users`, {
      method: 'POST',
      token: author.token,
      body: { userId: member.user.id },
    });
    expect(added.status).toBe(201);
  }
  return id;
}

const createEvent = (spaceId: string, overrides: Record<string, unknown> = {}) =>
  createEventAs<{ id: string; title: string; addressUrl: string; startDate: string }>(
    author.token,
    eventBodyWith(
      {
        title: `Members only ${unique()}`,
        spaceId,
        hostId: author.user.id,
        startDate: inDays(5),
        endDate: inDays(5, 17),
        addressUrl: `https://www.youtube.com/watch?v=secret-${unique()}`,
      },
      overrides,
    ),
  );

/** Every upcoming event in the member's list, page after page. */
async function upcomingIds(session: Session) {
  const ids: string[] = [];
  const bodies: unknown[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page = await call(`/api/events?when=upcoming&limit=100${query}`, { token: session.token });
    expect(page.status).toBe(200);
    ids.push(...(page.body.items as { id: string }[]).map((item) => item.id));
    bodies.push(page.body);
    cursor = page.body.nextCursor;
  } while (cursor);
  return { ids, body: bodies };
}

/** Everything a member reads events through, as ids and text, to look for one event in. */
async function whatTheySee(session: Session, event: { id: string; startDate: string }) {
  const from = new Date(Date.parse(event.startDate) - 86_400_000).toISOString();
  const to = new Date(Date.parse(event.startDate) + 86_400_000).toISOString();
  const [detail, file, upcoming, range, feed, profile] = await Promise.all([
    call(`/api/events/${event.id}`, { token: session.token }),
    call(`/api/events/${event.id}.ics`, { token: session.token }),
    upcomingIds(session),
    call(`/api/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, {
      token: session.token,
    }),
    call('/api/events.ics', { token: session.token }),
    call(`/api/users/${author.user.id}/events`, { token: session.token }),
  ]);
  // The personal feed address a calendar app subscribes to, fetched without the session.
  const { url } = (await call('/api/events/calendar-feed', { token: session.token })).body as { url: string };
  const personal = await fetch(url);
  expect(personal.status).toBe(200);
  for (const answer of [range, feed, profile]) expect(answer.status).toBe(200);
  const uids = (ics: string) =>
    new ICAL.Component(ICAL.parse(ics))
      .getAllSubcomponents('vevent')
      .map((vevent) => String(vevent.getFirstPropertyValue('uid')).split('@')[0]);
  return {
    detail: detail.status,
    file: file.status,
    inList: upcoming.ids.includes(event.id),
    inRange: (range.body.events as { id: string }[]).some((item) => item.id === event.id),
    inFeed: uids(feed.body as string).includes(event.id),
    inPersonalFeed: uids(await personal.text()).includes(event.id),
    onProfile: [...profile.body.upcoming, ...profile.body.past].some(
      (item: { id: string }) => item.id === event.id,
    ),
    bodies: [detail, file, upcoming, range, feed, profile]
      .map((answer) => JSON.stringify(answer.body))
      .join(),
  };
}

const SEES_IT = {
  detail: 200,
  file: 200,
  inList: true,
  inRange: true,
  inFeed: true,
  inPersonalFeed: true,
  onProfile: true,
};
const SEES_NOTHING = {
  detail: 404,
  file: 404,
  inList: false,
  inRange: false,
  inFeed: false,
  inPersonalFeed: false,
  onProfile: false,
};

const rsvp = (session: Session, eventId: string, method: 'POST' | 'DELETE' = 'POST') =>
  call(`/api/events/${eventId}/members`, {
    method,
    token: session.token,
    ...(method === 'POST' ? { body: { eventId } } : {}),
  });

let privateSpaceId: string;
let paidSpaceId: string;

beforeAll(async () => {
  owner = await signIn('owner@example.com');
  [author, reader, outsider, kicked] = await Promise.all([
    memberMadeBy(owner),
    memberMadeBy(owner),
    memberMadeBy(owner),
    memberMadeBy(owner),
  ]);
  privateSpaceId = await createSpace('PRIVATE', [reader, kicked]);
  paidSpaceId = await createSpace('PAID', [reader]);
});

describe.each([
  ['private', () => privateSpaceId],
  ['paid', () => paidSpaceId],
])('an event of a %s space', (_type, spaceOf) => {
  it('is seen by its members only: everyone else gets 404 and finds it nowhere', async () => {
    const event = await createEvent(spaceOf());
    const { bodies: readerSaw, ...forReader } = await whatTheySee(reader, event);
    expect(forReader).toEqual(SEES_IT);
    expect(readerSaw).toContain(event.addressUrl);

    const { bodies: outsiderSaw, ...forOutsider } = await whatTheySee(outsider, event);
    expect(forOutsider).toEqual(SEES_NOTHING);
    // Neither its stream address nor its title anywhere in what the outsider read.
    expect(outsiderSaw).not.toContain(event.addressUrl);
    expect(outsiderSaw).not.toContain(event.title);
    expect((await call(`/api/events/${event.id}`, { token: outsider.token })).body).toEqual(EVENT_NOT_FOUND);
  });

  it('takes RSVPs from its members only', async () => {
    const event = await createEvent(spaceOf());
    expect(await rsvp(outsider, event.id)).toMatchObject({ status: 404, body: EVENT_NOT_FOUND });
    expect(await rsvp(outsider, event.id, 'DELETE')).toMatchObject({ status: 404, body: EVENT_NOT_FOUND });
    const joined = await rsvp(reader, event.id);
    expect(joined.status).toBe(201);
    expect(joined.body.members).toEqual([{ userId: reader.user.id }]);
  });
});

describe('a member removed from the space', () => {
  it('keeps their RSVP, but the event leaves their lists, calendar and profile', async () => {
    const event = await createEvent(privateSpaceId);
    expect((await rsvp(kicked, event.id)).status).toBe(201);
    const before = await whatTheySee(kicked, event);
    expect(before).toMatchObject(SEES_IT);

    const members = await call(`/api/spaces/${privateSpaceId}/members`, { token: author.token });
    const row = (members.body.items as { id: string; userId: string }[]).find(
      (member) => member.userId === kicked.user.id,
    );
    const removed = await call(`/api/spaces/${privateSpaceId}/members/${row!.id}`, {
      method: 'DELETE',
      token: author.token,
    });
    expect(removed.status).toBe(200);

    const { bodies: _, ...after } = await whatTheySee(kicked, event);
    expect(after).toEqual(SEES_NOTHING);
    // Their own profile's events (what they attend) no longer list it either.
    const own = await call(`/api/users/${kicked.user.id}/events`, { token: kicked.token });
    expect([...own.body.upcoming, ...own.body.past].map((item: { id: string }) => item.id)).not.toContain(
      event.id,
    );
    // They cannot take the RSVP back (they cannot see the event); the row stays, and the space's
    // members still see them as going.
    expect((await rsvp(kicked, event.id, 'DELETE')).status).toBe(404);
    const rows = await withDatabase(
      async (db) =>
        (await db.query('select user_id from event_members where event_id = $1', [event.id])).rows,
    );
    expect(rows).toEqual([{ user_id: kicked.user.id }]);
    const seenByReader = await call(`/api/events/${event.id}`, { token: reader.token });
    expect(seenByReader.body.members).toEqual([{ userId: kicked.user.id }]);
  });
});

describe('the community feed’s cancelled events', () => {
  it('tells only the space’s readers that one of its events was deleted', async () => {
    const event = await createEvent(privateSpaceId);
    // A published event is cancelled before it may be deleted (issue 29).
    const calledOff = await call(`/api/events/${event.id}/cancellation`, {
      method: 'POST',
      token: author.token,
      body: { reason: 'Called off' },
    });
    expect(calledOff.status).toBe(200);
    expect((await call(`/api/events/${event.id}`, { method: 'DELETE', token: author.token })).status).toBe(
      204,
    );
    const feedOf = async (session: Session) =>
      (await call('/api/events.ics', { token: session.token })).body as string;
    const [readerFeed, outsiderFeed] = await Promise.all([feedOf(reader), feedOf(outsider)]);
    const cancelled = new ICAL.Component(ICAL.parse(readerFeed))
      .getAllSubcomponents('vevent')
      .find((vevent) => String(vevent.getFirstPropertyValue('uid')).startsWith(event.id));
    expect(cancelled?.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(outsiderFeed).not.toContain(event.id);
    expect(outsiderFeed).not.toContain(event.title);
  });
});

describe('announcements', () => {
  it('reach the space’s members, never a member who may not read it', async () => {
    const event = await createEvent(privateSpaceId);
    const told = await withDatabase(async (db) =>
      (
        await db.query(`select user_id from notifications where payload->>'eventId' = $1`, [event.id])
      ).rows.map((row) => row.user_id as string),
    );
    expect(told).toContain(reader.user.id);
    expect(told).not.toContain(outsider.user.id);
  });
});

describe('creating an event', () => {
  it('is refused in a private space to a community admin who is not in it (they could not read it)', async () => {
    const admin = await signIn('admin@example.com');
    const refused = await call('/api/events', {
      method: 'POST',
      token: admin.token,
      body: {
        title: `Outside ${unique()}`,
        spaceId: privateSpaceId,
        hostId: admin.user.id,
        startDate: inDays(6),
        endDate: inDays(6, 17),
        location: 'YOUTUBE',
        addressUrl: 'https://www.youtube.com/watch?v=outside',
        published: true,
      },
    });
    expect(refused).toMatchObject({ status: 403, body: { error: 'You are not a member of this space.' } });
  });
});
