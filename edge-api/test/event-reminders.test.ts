// Event reminders (issue 29), with the scheduler's clock moved rather than waited for: the minute
// Cron Trigger run through Miniflare's /cdn-cgi/local/scheduled with a `time`. The 24-hour and the 1-hour
// reminder go once each (repeated and concurrent runs included) to those who RSVPed, not to the
// waitlist nor to a member with `events` off; none for a cancelled event or a cancelled date of a
// series; someone who RSVPed after the 24-hour moment gets the 1-hour one only.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  call,
  memberMadeBy,
  type Session,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';
import { calendarFixtures } from './calendar-fixtures.ts';
import { createEvent as createEventAs, eventBodyWith, rsvp as rsvpAs } from './event-fixtures.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let host: Session;
let owner: Session;
let spaceId: string;

/** A whole minute `ms` from now, as event starts are. */
const fromNow = (ms: number) => new Date(Math.ceil((Date.now() + ms) / MINUTE) * MINUTE);

const createEvent = (start: Date, overrides: Record<string, unknown> = {}) =>
  createEventAs(
    host.token,
    eventBodyWith(
      { title: `Reminded ${unique()}`, spaceId, hostId: host.user.id },
      {
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 2 * HOUR).toISOString(),
        ...overrides,
      },
    ),
  );

const freshMember = () => memberMadeBy(owner);

async function rsvp(eventId: string, session: Session) {
  const answer = await rsvpAs(eventId, session.token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

/** The minute Cron Trigger, as if it fired at `at`. */
async function runRemindersAt(at: Date) {
  const run = await fetch(`${baseUrl()}/cdn-cgi/local/scheduled?cron=*+*+*+*+*&time=${at.getTime()}`);
  expect(run.status).toBe(200);
  await run.body?.cancel();
}

type Reminder = { title: string; payload: Record<string, string> };
async function remindersOf(session: Session, eventId: string): Promise<Reminder[]> {
  const page = await call('/api/notifications?limit=100', { token: session.token });
  expect(page.status).toBe(200);
  return (page.body.items as (Reminder & { type: string })[])
    .filter((item) => item.type === 'EVENT_REMINDER' && item.payload.eventId === eventId)
    .map(({ title, payload }) => ({ title, payload }))
    .reverse(); // oldest first
}

beforeAll(async () => {
  ({ host, spaceId } = await calendarFixtures());
  owner = await signIn('owner@example.com');
});

describe('event reminders', () => {
  it('go 24 hours and 1 hour before, once each, to those going with events on', async () => {
    const start = fromNow(3 * DAY);
    const event = await createEvent(start, { capacity: 3 });
    const [going, alsoGoing, switchedOff, waiting] = await Promise.all([
      freshMember(),
      freshMember(),
      freshMember(),
      freshMember(),
    ]);
    for (const member of [going, alsoGoing, switchedOff, waiting]) await rsvp(event.id, member);
    const off = await call(`/api/admin-panel/users/${switchedOff.user.id}?operation=updateFeatures`, {
      method: 'PATCH',
      token: owner.token,
      body: { features: [{ feature: 'events', enabled: false }] },
    });
    expect(off.status).toBe(200);

    const dayBefore = new Date(start.getTime() - DAY + 30_000);
    await runRemindersAt(new Date(start.getTime() - DAY - MINUTE)); // not due yet
    expect(await remindersOf(going, event.id)).toEqual([]);
    // Three runs at once and one a minute later: still one reminder each.
    await Promise.all([dayBefore, dayBefore, dayBefore].map(runRemindersAt));
    await runRemindersAt(new Date(dayBefore.getTime() + MINUTE));
    const payload = { eventId: event.id, spaceId, occurrenceStart: start.toISOString() };
    for (const member of [going, alsoGoing]) {
      expect(await remindersOf(member, event.id)).toEqual([
        { title: `Reminder: ${event.title} starts in 24 hours`, payload },
      ]);
    }

    const hourBefore = new Date(start.getTime() - HOUR + 20_000);
    await Promise.all([hourBefore, hourBefore].map(runRemindersAt));
    await runRemindersAt(new Date(start.getTime() - 10 * MINUTE));
    for (const member of [going, alsoGoing]) {
      expect((await remindersOf(member, event.id)).map((item) => item.title)).toEqual([
        `Reminder: ${event.title} starts in 24 hours`,
        `Reminder: ${event.title} starts in 1 hour`,
      ]);
    }
    expect(await remindersOf(switchedOff, event.id)).toEqual([]);
    expect(await remindersOf(waiting, event.id)).toEqual([]);
    const ledger = await withDatabase(
      async (db) =>
        (
          await db.query(
            'select lead_minutes from event_reminders where event_id = $1 order by lead_minutes',
            [event.id],
          )
        ).rows,
    );
    expect(ledger).toEqual([{ lead_minutes: 60 }, { lead_minutes: 1440 }]);
  });

  it('are not sent for a cancelled event', async () => {
    const start = fromNow(4 * DAY);
    const event = await createEvent(start);
    const member = await freshMember();
    await rsvp(event.id, member);
    const cancelled = await call(`/api/events/${event.id}/cancellation`, {
      method: 'POST',
      token: host.token,
      body: { reason: 'The venue flooded' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await runRemindersAt(new Date(start.getTime() - DAY + 30_000));
    await runRemindersAt(new Date(start.getTime() - HOUR + 30_000));
    expect(await remindersOf(member, event.id)).toEqual([]);
  });

  it('skip a cancelled date of a series and remind of the next one', async () => {
    const first = fromNow(2 * DAY);
    const event = await createEvent(first, { repeat: 'WEEKLY', timeZone: 'UTC' });
    const member = await freshMember();
    await rsvp(event.id, member);
    const second = new Date(first.getTime() + 7 * DAY);
    const third = new Date(first.getTime() + 14 * DAY);
    const calledOff = await call(`/api/events/${event.id}/cancelled-occurrences`, {
      method: 'POST',
      token: host.token,
      body: { occurrenceStart: second.toISOString() },
    });
    expect(calledOff.status, JSON.stringify(calledOff.body)).toBe(200);

    await runRemindersAt(new Date(second.getTime() - DAY + 30_000));
    await runRemindersAt(new Date(second.getTime() - HOUR + 30_000));
    expect(await remindersOf(member, event.id)).toEqual([]);
    await runRemindersAt(new Date(third.getTime() - DAY + 30_000));
    expect((await remindersOf(member, event.id)).map((item) => item.payload.occurrenceStart)).toEqual([
      third.toISOString(),
    ]);
  });

  it('give someone who RSVPs within the last day the 1-hour reminder only', async () => {
    const start = fromNow(23 * HOUR);
    const event = await createEvent(start);
    const early = await freshMember();
    await rsvp(event.id, early);
    // The early member RSVPed two days ago (as stored); the late one only now.
    await withDatabase((db) =>
      db.query(
        "update event_members set created_at = now() - interval '2 days' where event_id = $1 and user_id = $2",
        [event.id, early.user.id],
      ),
    );
    const late = await freshMember();
    await rsvp(event.id, late);

    // The 24-hour moment passed an hour ago unseen (no run then): it goes now, to the early member only.
    await runRemindersAt(new Date(Date.now() + 5_000));
    expect((await remindersOf(early, event.id)).map((item) => item.title)).toEqual([
      `Reminder: ${event.title} starts in 23 hours`,
    ]);
    expect(await remindersOf(late, event.id)).toEqual([]);
    await runRemindersAt(new Date(start.getTime() - 40 * MINUTE));
    expect((await remindersOf(late, event.id)).map((item) => item.title)).toEqual([
      `Reminder: ${event.title} starts in 40 minutes`,
    ]);
    expect(await remindersOf(early, event.id)).toHaveLength(2);
  });
});
