// Capacity and the waitlist (issue 29): the capacity's rules on create and edit, RSVPs past the
// capacity joining the waitlist in order, leaving it, the race (parallel un-RSVPs and joins never
// make more RSVPs than places nor promote anyone twice, against real Postgres), lowering and raising
// the capacity, removing it, WAITLIST_PROMOTED to the promoted only, and the audit rows.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  memberMadeBy,
  type Session,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';
import { calendarFixtures } from './calendar-fixtures.ts';
import { createEvent, eventBodyWith, rsvp } from './event-fixtures.ts';

const CAPACITY_INVALID = 'Places must be a whole number from 1 to 10000';

let host: Session;
let owner: Session;
let spaceId: string;

const eventBody = (overrides: Record<string, unknown> = {}) =>
  eventBodyWith({ title: `Limited ${unique()}`, spaceId, hostId: host.user.id }, overrides);

type EventView = {
  id: string;
  title: string;
  capacity: number | null;
  members: { userId: string }[];
  waitlistCount: number;
  waitlistPosition: number | null;
};

const create = (overrides: Record<string, unknown> = {}) =>
  createEvent<EventView>(host.token, eventBody(overrides));

const edit = (event: EventView, overrides: Record<string, unknown>) =>
  call(`/api/events/${event.id}`, {
    method: 'PUT',
    token: host.token,
    body: eventBody({ title: event.title, ...overrides }),
  });

/** Up to six fresh members (every switch on), so their notifications are theirs alone. */
const members = (count: number) =>
  Promise.all(Array.from({ length: count }, () => memberMadeBy(owner))) as Promise<
    Session[] & Record<0 | 1 | 2 | 3 | 4 | 5, Session>
  >;

const join = (id: string, session: Session) => rsvp(id, session.token);
const leave = (id: string, session: Session) =>
  call(`/api/events/${id}/members`, { method: 'DELETE', token: session.token });
const view = async (id: string, session: Session) => {
  const read = await call(`/api/events/${id}`, { token: session.token });
  expect(read.status).toBe(200);
  return read.body as EventView;
};

/** Who is going and who waits (in order), as stored. */
const places = (eventId: string) =>
  withDatabase(async (db) => ({
    going: (await db.query('select user_id from event_members where event_id = $1', [eventId])).rows.map(
      (row) => row.user_id as string,
    ),
    waiting: (
      await db.query('select user_id from event_waitlist where event_id = $1 order by created_at, user_id', [
        eventId,
      ])
    ).rows.map((row) => row.user_id as string),
  }));

async function promotionsOf(session: Session, eventId: string) {
  const page = await call('/api/notifications?limit=100', { token: session.token });
  expect(page.status).toBe(200);
  return (page.body.items as { type: string; title: string; payload: Record<string, string> }[]).filter(
    (item) => item.type === 'WAITLIST_PROMOTED' && item.payload.eventId === eventId,
  );
}

const auditRows = (eventId: string, action: string) =>
  withDatabase(
    async (db) =>
      (
        await db.query(
          'select actor_id, changes from audit_log where target_id = $1 and action = $2 order by created_at, id',
          [eventId, action],
        )
      ).rows as { actor_id: string; changes: Record<string, unknown> }[],
  );

/** Joins one after the other, so the waitlist's order is the order of the calls. */
async function joinInTurn(eventId: string, sessions: Session[]) {
  for (const session of sessions) expect((await join(eventId, session)).status).toBe(201);
}

beforeAll(async () => {
  ({ host, spaceId } = await calendarFixtures());
  owner = await signIn('owner@example.com');
});

describe('capacity on the event form', () => {
  it('is optional, a whole number from 1 to 10000', async () => {
    expect((await create()).capacity).toBeNull();
    expect((await create({ capacity: 20 })).capacity).toBe(20);
    expect((await create({ capacity: null })).capacity).toBeNull();
    for (const capacity of [0, -3, 2.5, 10_001, '12']) {
      const refused = await call('/api/events', {
        method: 'POST',
        token: host.token,
        body: eventBody({ capacity }),
      });
      expect(refused.status, String(capacity)).toBe(400);
      expect(refused.body.issues).toContainEqual({ path: 'capacity', message: CAPACITY_INVALID });
    }
    const event = await create({ capacity: 5 });
    const badEdit = await edit(event, { capacity: 0 });
    expect(badEdit.status).toBe(400);
    expect(badEdit.body.issues).toContainEqual({ path: 'capacity', message: CAPACITY_INVALID });
  });
});

describe('a full event', () => {
  it('puts later members on the waitlist, in order, each seeing only the count and their place', async () => {
    const event = await create({ capacity: 2 });
    const [a, b, c, d] = await members(4);
    await joinInTurn(event.id, [a, b, c, d]);
    const seenByD = await view(event.id, d);
    expect(seenByD).toMatchObject({ capacity: 2, waitlistCount: 2, waitlistPosition: 2 });
    expect(seenByD.members).toHaveLength(2);
    expect(await view(event.id, c)).toMatchObject({ waitlistPosition: 1 });
    expect(await view(event.id, a)).toMatchObject({ waitlistPosition: null });
    // Joining again changes nothing.
    expect((await join(event.id, d)).body).toMatchObject({ waitlistCount: 2, waitlistPosition: 2 });
    expect(await places(event.id)).toEqual({
      going: expect.arrayContaining([a.user.id, b.user.id]),
      waiting: [c.user.id, d.user.id],
    });

    // Its organisers see who waits, in order, in the attendee CSV.
    const csv = await call(`/api/events/${event.id}/attendees.csv`, { token: host.token });
    expect(csv.status).toBe(200);
    const statuses = (csv.body as string)
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((row) => [row.split(',')[3], row.split(',').at(-1)]);
    expect(statuses.slice(2)).toEqual([
      [c.user.email, 'Waitlist #1'],
      [d.user.email, 'Waitlist #2'],
    ]);
    expect(statuses.slice(0, 2).map(([, status]) => status)).toEqual(['Going', 'Going']);

    // Leaving the waitlist promotes nobody; the one behind moves up.
    expect((await leave(event.id, c)).status).toBe(200);
    expect(await view(event.id, d)).toMatchObject({ waitlistCount: 1, waitlistPosition: 1 });
    expect((await places(event.id)).going).toHaveLength(2);

    // An un-RSVP gives the place to the first waiting, at once, and tells them only.
    expect((await leave(event.id, a)).status).toBe(200);
    const after = await places(event.id);
    expect(after.going.sort()).toEqual([b.user.id, d.user.id].sort());
    expect(after.waiting).toEqual([]);
    expect(await promotionsOf(d, event.id)).toEqual([
      expect.objectContaining({
        title: `A place opened up: you are going to ${event.title}`,
        payload: { eventId: event.id, spaceId },
      }),
    ]);
    for (const other of [a, b, c]) expect(await promotionsOf(other, event.id)).toEqual([]);
    const audited = await auditRows(event.id, 'event.waitlist_promote');
    expect(audited).toEqual([{ actor_id: a.user.id, changes: { title: event.title, userId: d.user.id } }]);
  });

  it('refuses joining the waitlist of a cancelled event', async () => {
    const event = await create({ capacity: 1 });
    const [a, b] = await members(2);
    await joinInTurn(event.id, [a]);
    const cancelled = await call(`/api/events/${event.id}/cancellation`, {
      method: 'POST',
      token: host.token,
      body: { reason: 'Rain' },
    });
    expect(cancelled.status).toBe(200);
    const refused = await join(event.id, b);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('This event was cancelled: RSVPs are closed.');
  });

  it('the race: two un-RSVPs and a join at once never overfill nor promote twice', async () => {
    for (let round = 0; round < 4; round++) {
      const event = await create({ capacity: 2 });
      const [in1, in2, w1, w2, w3, late] = await members(6);
      await joinInTurn(event.id, [in1, in2, w1, w2, w3]);
      const answers = await Promise.all([leave(event.id, in1), leave(event.id, in2), join(event.id, late)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 201]);
      const after = await places(event.id);
      expect(after.going.sort(), `round ${round}`).toEqual([w1.user.id, w2.user.id].sort());
      expect(after.waiting, `round ${round}`).toEqual([w3.user.id, late.user.id]);
      const audited = await auditRows(event.id, 'event.waitlist_promote');
      expect(audited.map((row) => row.changes.userId).sort()).toEqual([w1.user.id, w2.user.id].sort());
      expect(await promotionsOf(w1, event.id)).toHaveLength(1);
      expect(await promotionsOf(w2, event.id)).toHaveLength(1);
      expect(await promotionsOf(w3, event.id)).toEqual([]);
    }
  });
});

describe('changing the capacity', () => {
  it('lowering keeps who is in and sends new members to the waitlist; raising and removing promote in order', async () => {
    const event = await create({ capacity: 3 });
    const [a, b, c, d, e, f] = await members(6);
    await joinInTurn(event.id, [a, b, c]);

    expect((await edit(event, { capacity: 1 })).status).toBe(200);
    expect((await places(event.id)).going).toHaveLength(3);
    await joinInTurn(event.id, [d, e, f]);
    // One leaves: still over the capacity, so nobody is promoted.
    expect((await leave(event.id, a)).status).toBe(200);
    expect(await places(event.id)).toEqual({
      going: expect.arrayContaining([b.user.id, c.user.id]),
      waiting: [d.user.id, e.user.id, f.user.id],
    });

    const raised = await edit(event, { capacity: 3 });
    expect(raised.status).toBe(200);
    expect(raised.body.event).toMatchObject({ capacity: 3, waitlistCount: 2 });
    expect(await places(event.id)).toMatchObject({ waiting: [e.user.id, f.user.id] });
    expect(await promotionsOf(d, event.id)).toHaveLength(1);
    expect(await promotionsOf(e, event.id)).toEqual([]);

    expect((await edit(event, { capacity: null })).status).toBe(200);
    expect(await places(event.id)).toMatchObject({ waiting: [] });
    expect((await places(event.id)).going).toHaveLength(5);
    expect(await promotionsOf(f, event.id)).toHaveLength(1);

    const changes = await auditRows(event.id, 'event.capacity');
    expect(changes.map((row) => [row.changes.from, row.changes.to])).toEqual([
      [3, 1],
      [1, 3],
      [3, null],
    ]);
    expect(changes.every((row) => row.actor_id === host.user.id)).toBe(true);
    const promoted = await auditRows(event.id, 'event.waitlist_promote');
    // e and f were promoted by one statement: their rows share a time, so their order is not asserted.
    expect(promoted.map((row) => row.changes.userId)[0]).toBe(d.user.id);
    expect(promoted.map((row) => row.changes.userId).sort()).toEqual(
      [d.user.id, e.user.id, f.user.id].sort(),
    );
  });
});

describe('the RSVP write limit', () => {
  it('answers 429 with Retry-After past 30 RSVPs and waitlist changes at once (docs/api.md, Rate limits)', async () => {
    const event = await create({ capacity: 1 });
    const [member] = await members(1);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        index % 2 ? leave(event.id, member) : join(event.id, member),
      ),
    );
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status < 300).length).toBeLessThanOrEqual(32);
    expect(limited[0]?.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
