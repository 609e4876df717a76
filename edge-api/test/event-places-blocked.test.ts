// Blocked members and an event's places (issue 29, items left): a blocked member's RSVP keeps its
// place until it is removed (the server counts every RSVP row when it takes one), so the event says
// so in `placesTaken` and the page's "N of M places left" agrees with what the next RSVP meets; a
// blocked member on the waitlist is passed over by promotions, as the waitlist count and positions
// the page shows already leave them out.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newUserForm, type Session, signIn, unique } from '../../scripts/lib/api-test-client.ts';
import { calendarFixtures } from './calendar-fixtures.ts';

const PASSWORD = 'password-123';

let host: Session;
let owner: Session;
let spaceId: string;

type EventView = {
  id: string;
  capacity: number | null;
  members: { userId: string }[];
  placesTaken: number;
  waitlistCount: number;
  waitlistPosition: number | null;
};

async function create(capacity: number): Promise<EventView> {
  const start = new Date(Date.now() + 10 * 86_400_000);
  start.setUTCHours(15, 0, 0, 0);
  const created = await call('/api/events', {
    method: 'POST',
    token: host.token,
    body: {
      title: `Places ${unique()}`,
      spaceId,
      hostId: host.user.id,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      location: 'YOUTUBE',
      addressUrl: 'https://www.youtube.com/watch?v=abc',
      registration: 'FREE',
      published: true,
      tags: [],
      capacity,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.event as EventView;
}

async function freshMember(): Promise<Session> {
  const form = newUserForm({ password: PASSWORD, confirmPassword: PASSWORD });
  const created = await call(`/api/admin-panel/users/${owner.user.id}`, {
    method: 'POST',
    token: owner.token,
    body: form,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return signIn(form.email as string, PASSWORD);
}

const join = (id: string, session: Session) =>
  call<EventView>(`/api/events/${id}/members`, {
    method: 'POST',
    token: session.token,
    body: { eventId: id },
  });
const leave = (id: string, session: Session) =>
  call(`/api/events/${id}/members`, { method: 'DELETE', token: session.token });
const view = async (id: string, session: Session) => {
  const read = await call<EventView>(`/api/events/${id}`, { token: session.token });
  expect(read.status).toBe(200);
  return read.body;
};
/** Blocked by the community's owner, as from the admin panel. */
async function block(member: Session) {
  const blocked = await call(`/api/admin-panel/users/${member.user.id}?operation=block`, {
    method: 'PATCH',
    token: owner.token,
  });
  expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
}

/** What the page shows as places left (mfe-events lib/event-places.ts reads `placesTaken`). */
const placesLeft = (event: EventView) => (event.capacity ?? 0) - event.placesTaken;

beforeAll(async () => {
  ({ host, spaceId } = await calendarFixtures());
  owner = await signIn('owner@example.com');
});

describe("a blocked member's RSVP", () => {
  it('still holds its place: the event counts it, and the next RSVP meets a full event', async () => {
    const event = await create(2);
    const [going, blockedLater, newcomer] = await Promise.all([freshMember(), freshMember(), freshMember()]);
    expect((await join(event.id, going)).status).toBe(201);
    expect((await join(event.id, blockedLater)).status).toBe(201);
    await block(blockedLater);

    const seen = await view(event.id, newcomer);
    // Who is going leaves the blocked member out; the places do not.
    expect(seen.members.map((member) => member.userId)).toEqual([going.user.id]);
    expect(seen.placesTaken).toBe(2);
    expect(placesLeft(seen)).toBe(0);

    // What the page showed ("Full", "Join waitlist") is what the server does.
    const answer = await join(event.id, newcomer);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ placesTaken: 2, waitlistPosition: 1, waitlistCount: 1 });
  });

  it('counts in the places a list of events shows too', async () => {
    const event = await create(3);
    const [going, blockedLater] = await Promise.all([freshMember(), freshMember()]);
    await join(event.id, going);
    await join(event.id, blockedLater);
    await block(blockedLater);
    const list = await call('/api/events?published=true&when=upcoming&limit=100', { token: host.token });
    const listed = (list.body.items as EventView[]).find((item) => item.id === event.id);
    expect(listed).toMatchObject({ placesTaken: 2, members: [{ userId: going.user.id }] });
  });
});

describe('a blocked member on the waitlist', () => {
  it('is passed over when a place frees: it goes to the first waiting member the page counts', async () => {
    const event = await create(1);
    const [going, blockedWaiter, waiter] = await Promise.all([freshMember(), freshMember(), freshMember()]);
    expect((await join(event.id, going)).status).toBe(201);
    expect((await join(event.id, blockedWaiter)).body.waitlistPosition).toBe(1);
    expect((await join(event.id, waiter)).body.waitlistPosition).toBe(2);
    await block(blockedWaiter);

    // The page tells the waiter they are next.
    expect(await view(event.id, waiter)).toMatchObject({ waitlistCount: 1, waitlistPosition: 1 });

    expect((await leave(event.id, going)).status).toBe(200);
    const after = await view(event.id, waiter);
    expect(after.members.map((member) => member.userId)).toEqual([waiter.user.id]);
    expect(after).toMatchObject({ placesTaken: 1, waitlistPosition: null, waitlistCount: 0 });
  });
});
