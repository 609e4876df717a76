// Repeating events on the server (issue 12): every date of a series in a range (the month grid),
// a series once in Upcoming (its next date) and in Past (its last), keyset pages across single and
// repeating events, the start day checked in the event's zone, calling off one date, deleting.
import {
  EVENT_RANGE_INVALID,
  type EventRange,
  NEXT_OCCURRENCES_SHOWN,
  OCCURRENCE_NOT_FOUND,
  REPEAT_START_DAY_MISMATCH,
} from '@community/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  type Session,
  signIn,
  statementsFor,
  statementsSent,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';
import { createEvent, eventBodyWith, MONDAY_2031 } from './event-fixtures.ts';

type Occurrence = { start: string; end: string; cancelled: boolean };
type Item = { id: string; title: string; occurrence: Occurrence | null; nextOccurrences: Occurrence[] };

let member: Session;
let host: Session;
let publicSpaceId: string;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NEW_YORK = 'America/New_York';

const eventBody = (overrides: Record<string, unknown> = {}) =>
  eventBodyWith(
    { title: `Series ${unique()}`, spaceId: publicSpaceId, hostId: host.user.id, ...MONDAY_2031 },
    overrides,
  );

const create = (overrides: Record<string, unknown> = {}) =>
  createEvent<Item & Record<string, any>>(host.token, eventBody(overrides));

/**
 * The range answer (each event once, its dates by id), with `items` rebuilt as one event per date,
 * the way the month grid reads it.
 */
async function range(from: string, to: string, token = member.token) {
  const answer = await call<EventRange & { items: Item[] }>(
    `/api/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    { token },
  );
  if (answer.status === 200) {
    const byId = new Map(answer.body.events.map((event) => [event.id, event]));
    expect(byId.size).toBe(answer.body.events.length); // each event once
    answer.body.items = answer.body.occurrences.map(({ eventId, ...occurrence }) => ({
      ...(byId.get(eventId) as unknown as Item),
      occurrence,
    }));
  }
  return answer;
}

/** "Mon 20:00" (and the day of the month) on the clocks of `timeZone`. */
function local(iso: string, timeZone = NEW_YORK) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return { weekday: parts.weekday, day: Number(parts.day), time: `${parts.hour}:${parts.minute}` };
}

const byOccurrence = (a: Item, b: Item) =>
  Date.parse(a.occurrence!.start) - Date.parse(b.occurrence!.start) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Every page of a list, with the statements each page cost. */
async function allPages(when: 'upcoming' | 'past', limit: number) {
  const items: Item[] = [];
  const costs: number[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 500; page++) {
    const before = await statementsSent();
    const answer: { status: number; body: { items: Item[]; nextCursor: string | null } } = await call(
      `/api/events?when=${when}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      { token: member.token },
    );
    expect(answer.status).toBe(200);
    if (before !== null) costs.push((await statementsSent())! - before);
    items.push(...answer.body.items);
    cursor = answer.body.nextCursor;
    if (!cursor) break;
  }
  return { items, costs };
}

beforeAll(async () => {
  [member, host] = await Promise.all([signIn('member@example.com'), signIn('host@example.com')]);
  publicSpaceId = await withDatabase(async (db) => {
    const pub = await db.query(
      `select s.id from spaces s join space_members m on m.space_id = s.id and m.user_id = $1
       where s.type = 'PUBLIC' order by s.created_at limit 1`,
      [host.user.id],
    );
    return pub.rows[0].id as string;
  });
});

describe('a range of dates (the month grid)', () => {
  it('lists every day of a daily series in a month, at the same New York time across the clock change', async () => {
    // 10:00 AM New York from Wednesday 1 January 2031; clocks go forward on 9 March 2031.
    const daily = await create({
      repeat: 'DAILY',
      startDate: '2031-01-01T15:00:00.000Z',
      endDate: '2031-01-01T16:30:00.000Z',
    });
    expect(daily.timeZone).toBe(NEW_YORK); // the community's, none named
    const march = await range('2031-03-01T05:00:00.000Z', '2031-04-01T04:00:00.000Z');
    expect(march.status).toBe(200);
    const mine = march.body.items.filter((item) => item.id === daily.id);
    expect(mine).toHaveLength(31);
    expect(mine.map((item) => local(item.occurrence!.start).day)).toEqual(
      Array.from({ length: 31 }, (_, i) => i + 1),
    );
    for (const item of mine) {
      expect(local(item.occurrence!.start).time).toBe('10:00');
      expect(Date.parse(item.occurrence!.end) - Date.parse(item.occurrence!.start)).toBe(1.5 * HOUR);
      expect(item.occurrence!.cancelled).toBe(false);
    }
    // Each event once, as the summary the grid shows (the dialog reads the whole event by id).
    expect(Object.keys(march.body.events.find((event) => event.id === daily.id)!).sort()).toEqual([
      'cancelledAt',
      'color',
      'endDate',
      'id',
      'location',
      'repeat',
      'startDate',
      'timeZone',
      'title',
    ]);
    expect(mine[7]!.occurrence!.start).toBe('2031-03-08T15:00:00.000Z'); // EST
    expect(mine[8]!.occurrence!.start).toBe('2031-03-09T14:00:00.000Z'); // EDT
    expect([...march.body.items].sort(byOccurrence)).toEqual(march.body.items); // by date, then id
    const april = await range('2031-04-01T04:00:00.000Z', '2031-05-01T04:00:00.000Z');
    expect(april.body.items.filter((item) => item.id === daily.id)).toHaveLength(30);
  });

  it('puts a weekday evening in New York on Monday to Friday there (Tuesday to Saturday in UTC)', async () => {
    // Monday 6 January 2031, 8 PM EST = Tuesday 01:00 UTC.
    const weekday = await create({
      repeat: 'WEEKDAY',
      startDate: '2031-01-07T01:00:00.000Z',
      endDate: '2031-01-07T02:00:00.000Z',
    });
    const january = await range('2031-01-01T05:00:00.000Z', '2031-02-01T05:00:00.000Z');
    const dates = january.body.items.filter((item) => item.id === weekday.id).map((item) => item.occurrence!);
    expect(dates).toHaveLength(20); // 6–10, 13–17, 20–24, 27–31 January
    for (const date of dates) {
      expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']).toContain(local(date.start).weekday);
      expect(local(date.start).time).toBe('20:00');
    }
    expect(dates.map((date) => new Date(date.start).getUTCDay())).not.toContain(1); // no UTC Monday
  });

  it('puts an every-other-Tuesday series 14 days apart, over the longest range allowed', async () => {
    const biWeekly = await create({
      repeat: 'BI_WEEKLY_TUESDAY',
      startDate: '2031-01-08T00:00:00.000Z', // Tuesday 7 January, 7 PM EST
      endDate: '2031-01-08T02:00:00.000Z',
    });
    const from = '2031-01-01T00:00:00.000Z';
    const answer = await range(from, new Date(Date.parse(from) + 62 * DAY).toISOString());
    expect(answer.status).toBe(200);
    const starts = answer.body.items
      .filter((item) => item.id === biWeekly.id)
      .map((item) => item.occurrence!.start);
    expect(starts).toEqual([
      '2031-01-08T00:00:00.000Z',
      '2031-01-22T00:00:00.000Z',
      '2031-02-05T00:00:00.000Z',
      '2031-02-19T00:00:00.000Z',
    ]);
    for (const start of starts) expect(local(start)).toMatchObject({ weekday: 'Tue', time: '19:00' });
  });

  it('repeats WEEKLY and BI_WEEKLY on the day they start, a Thursday evening in New York (Friday in UTC)', async () => {
    // The spec's TUESDAY still refuses that start; WEEKLY takes the start's own day (issue 26).
    const thursdayEvening = { startDate: '2031-01-10T00:00:00.000Z', endDate: '2031-01-10T01:30:00.000Z' };
    const refused = await call('/api/events', {
      method: 'POST',
      token: host.token,
      body: eventBody({ repeat: 'BI_WEEKLY_TUESDAY', ...thursdayEvening }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(REPEAT_START_DAY_MISMATCH.BI_WEEKLY_TUESDAY);
    const weekly = await create({ repeat: 'WEEKLY', ...thursdayEvening });
    const biWeekly = await create({ repeat: 'BI_WEEKLY', ...thursdayEvening });
    expect([weekly.repeat, biWeekly.repeat]).toEqual(['WEEKLY', 'BI_WEEKLY']);
    const from = '2031-01-01T00:00:00.000Z';
    const answer = await range(from, '2031-02-01T00:00:00.000Z');
    expect(answer.status).toBe(200);
    const startsOf = (id: string) =>
      answer.body.items.filter((item) => item.id === id).map((item) => item.occurrence!.start);
    expect(startsOf(weekly.id)).toEqual([
      '2031-01-10T00:00:00.000Z',
      '2031-01-17T00:00:00.000Z',
      '2031-01-24T00:00:00.000Z',
      '2031-01-31T00:00:00.000Z',
    ]);
    expect(startsOf(biWeekly.id)).toEqual(['2031-01-10T00:00:00.000Z', '2031-01-24T00:00:00.000Z']);
    for (const start of startsOf(weekly.id))
      expect(local(start)).toMatchObject({ weekday: 'Thu', time: '19:00' });
    // An edit that moves the start to a Monday moves the series to Mondays.
    const moved = await call(`/api/events/${weekly.id}`, {
      method: 'PUT',
      token: host.token,
      body: eventBody({
        title: weekly.title,
        repeat: 'WEEKLY',
        startDate: '2031-01-14T00:00:00.000Z',
        endDate: '2031-01-14T01:30:00.000Z',
      }),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const detail = await call<Item>(`/api/events/${weekly.id}`, { token: member.token });
    expect(detail.body.nextOccurrences.slice(0, 2).map((date) => local(date.start))).toEqual([
      { weekday: 'Mon', day: 13, time: '19:00' },
      { weekday: 'Mon', day: 20, time: '19:00' },
    ]);
  });

  it('refuses a range longer than 62 days, or backwards', async () => {
    for (const [from, to] of [
      ['2031-01-01T00:00:00.000Z', '2031-03-04T00:00:00.001Z'],
      ['2031-02-01T00:00:00.000Z', '2031-01-01T00:00:00.000Z'],
    ] as const) {
      const answer = await range(from, to);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: EVENT_RANGE_INVALID });
    }
    const halfAsked = await call('/api/events?from=2031-01-01T00:00:00.000Z', { token: member.token });
    expect(halfAsked.status).toBe(400);
  });

  it('costs at most 3 statements, session check included', async () => {
    const counted = await statementsSent();
    expect(counted, 'the test stack counts statements').not.toBeNull();
    const statements = await statementsFor(async () => {
      expect((await range('2031-01-01T05:00:00.000Z', '2031-02-01T05:00:00.000Z')).status).toBe(200);
    });
    expect(statements).toBeGreaterThanOrEqual(2);
    expect(statements).toBeLessThanOrEqual(3);
  });
});

describe('upcoming and past lists', () => {
  it('lists each series once at its next date (upcoming) and its last (past), paged by that date', async () => {
    const now = Date.now();
    const startOfSeries = new Date(now - 3 * DAY + 2 * HOUR);
    startOfSeries.setUTCSeconds(0, 0);
    // A daily series that began three days ago, two singles ahead, a past single, a Tuesday series ahead.
    const started = await create({
      title: `Started ${unique()}`,
      repeat: 'DAILY',
      startDate: new Date(now + DAY).toISOString(),
      endDate: new Date(now + DAY + HOUR).toISOString(),
    });
    const soon = await create({
      startDate: new Date(now + 2 * DAY).toISOString(),
      endDate: new Date(now + 2 * DAY + HOUR).toISOString(),
    });
    const later = await create({
      startDate: new Date(now + 9 * DAY).toISOString(),
      endDate: new Date(now + 9 * DAY + HOUR).toISOString(),
    });
    const gone = await create({
      startDate: new Date(now + DAY).toISOString(),
      endDate: new Date(now + DAY + HOUR).toISOString(),
    });
    const tuesdays = await create({
      repeat: 'TUESDAY',
      startDate: '2031-01-07T15:00:00.000Z',
      endDate: '2031-01-07T16:00:00.000Z',
    });
    await withDatabase(async (db) => {
      await db.query('update events set start_date = $2, end_date = $3 where id = $1', [
        started.id,
        startOfSeries,
        new Date(startOfSeries.getTime() + HOUR),
      ]);
      await db.query('update events set start_date = $2, end_date = $3 where id = $1', [
        gone.id,
        new Date(now - 5 * DAY),
        new Date(now - 5 * DAY + HOUR),
      ]);
    });
    const asked = Date.now();

    const upcoming = await allPages('upcoming', 3);
    expect(upcoming.items.length).toBeGreaterThan(3); // several pages
    expect([...upcoming.items].sort(byOccurrence)).toEqual(upcoming.items);
    expect(new Set(upcoming.items.map((item) => item.id)).size).toBe(upcoming.items.length); // a series once
    for (const item of upcoming.items) {
      expect(Date.parse(item.occurrence!.start)).toBeGreaterThanOrEqual(asked - 60_000);
      expect(item.occurrence!.cancelled).toBe(false);
      expect(item.nextOccurrences).toEqual([]);
    }
    const next = upcoming.items.find((item) => item.id === started.id)!.occurrence!;
    expect(Date.parse(next.start)).toBeGreaterThan(now);
    expect(Date.parse(next.start)).toBeLessThanOrEqual(now + DAY + HOUR);
    expect(local(next.start).time).toBe(local(startOfSeries.toISOString()).time);
    expect(upcoming.items.find((item) => item.id === soon.id)!.occurrence!.start).toBe(soon.startDate);
    expect(upcoming.items.find((item) => item.id === later.id)!.occurrence!.start).toBe(later.startDate);
    expect(upcoming.items.find((item) => item.id === tuesdays.id)!.occurrence!.start).toBe(
      tuesdays.startDate,
    );
    expect(upcoming.items.some((item) => item.id === gone.id)).toBe(false);
    const order = upcoming.items.map((item) => item.id);
    expect(order.indexOf(started.id)).toBeLessThan(order.indexOf(soon.id));
    expect(order.indexOf(soon.id)).toBeLessThan(order.indexOf(later.id));

    const past = await allPages('past', 3);
    expect([...past.items].sort(byOccurrence).reverse()).toEqual(past.items);
    expect(new Set(past.items.map((item) => item.id)).size).toBe(past.items.length);
    for (const item of past.items) expect(Date.parse(item.occurrence!.start)).toBeLessThan(Date.now());
    const last = past.items.find((item) => item.id === started.id)!.occurrence!;
    expect(Date.parse(last.start)).toBeLessThan(asked);
    expect(Date.parse(last.start)).toBeGreaterThanOrEqual(now - DAY - HOUR);
    expect(Date.parse(next.start) - Date.parse(last.start)).toBeLessThanOrEqual(DAY + HOUR); // consecutive days
    expect(past.items.find((item) => item.id === gone.id)!.occurrence!.start).toBe(
      new Date(now - 5 * DAY).toISOString(),
    );
    for (const id of [soon.id, later.id, tuesdays.id])
      expect(past.items.some((item) => item.id === id)).toBe(false);

    for (const costs of [upcoming.costs, past.costs]) {
      expect(costs.length).toBeGreaterThan(0);
      for (const cost of costs) {
        expect(cost).toBeGreaterThanOrEqual(2);
        expect(cost).toBeLessThanOrEqual(3);
      }
    }
  });
});

describe('the event alone', () => {
  it('lists the next dates of a series and the one date of a single event', async () => {
    const tuesdays = await create({
      repeat: 'TUESDAY',
      startDate: '2031-01-07T15:00:00.000Z',
      endDate: '2031-01-07T16:00:00.000Z',
    });
    const detail = await call(`/api/events/${tuesdays.id}`, { token: member.token });
    expect(detail.body.occurrence).toBeNull();
    expect(detail.body.nextOccurrences).toHaveLength(NEXT_OCCURRENCES_SHOWN);
    expect(detail.body.nextOccurrences[0]).toEqual({
      start: '2031-01-07T15:00:00.000Z',
      end: '2031-01-07T16:00:00.000Z',
      cancelled: false,
    });
    expect(detail.body.nextOccurrences[1].start).toBe('2031-01-14T15:00:00.000Z');
    const single = await create();
    expect((await call(`/api/events/${single.id}`, { token: member.token })).body.nextOccurrences).toEqual([
      { start: single.startDate, end: single.endDate, cancelled: false },
    ]);
    const community = await call('/api/community', { token: member.token });
    expect(community.body.timeZone).toBe(NEW_YORK);
  });
});

describe('start days in the event’s zone', () => {
  it('refuses a weekly series that does not start on its day, in New York and in the community’s zone', async () => {
    const refused = async (overrides: Record<string, unknown>, message: string) => {
      const answer = await call('/api/events', {
        method: 'POST',
        token: host.token,
        body: eventBody(overrides),
      });
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.error).toBe(message);
      expect(answer.body.issues).toContainEqual({ path: 'startDate', message });
    };
    // Wednesday 8 January 2031, 10 AM in New York.
    await refused(
      { repeat: 'TUESDAY', startDate: '2031-01-08T15:00:00.000Z', endDate: '2031-01-08T16:00:00.000Z' },
      REPEAT_START_DAY_MISMATCH.TUESDAY,
    );
    // Tuesday 02:00 in UTC is Monday 9 PM in New York.
    const mondayInNewYork = { startDate: '2031-01-07T02:00:00.000Z', endDate: '2031-01-07T03:00:00.000Z' };
    await refused(
      { repeat: 'BI_WEEKLY_TUESDAY', ...mondayInNewYork },
      REPEAT_START_DAY_MISMATCH.BI_WEEKLY_TUESDAY,
    );
    await refused(
      { repeat: 'TUESDAY', ...mondayInNewYork, timeZone: NEW_YORK },
      REPEAT_START_DAY_MISMATCH.TUESDAY,
    );
    // The same instant named in UTC is a Tuesday there: accepted, and kept in that zone.
    expect((await create({ repeat: 'TUESDAY', ...mondayInNewYork, timeZone: 'UTC' })).timeZone).toBe('UTC');

    // Without a zone the event gets the community's, and the day is checked there (not in the
    // default New York the form assumes): Tuesday 11 AM in New York is Wednesday 1 AM in Tokyo.
    const tuesdayMorning = { startDate: '2031-01-07T16:00:00.000Z', endDate: '2031-01-07T17:00:00.000Z' };
    await withDatabase((db) => db.query(`update communities set time_zone = 'Asia/Tokyo'`));
    try {
      await refused({ repeat: 'TUESDAY', ...tuesdayMorning }, REPEAT_START_DAY_MISMATCH.TUESDAY);
      expect((await create({ repeat: 'DAILY', ...tuesdayMorning })).timeZone).toBe('Asia/Tokyo');
    } finally {
      await withDatabase((db) => db.query(`update communities set time_zone = 'America/New_York'`));
    }
    // An edit is checked the same way.
    const tuesday = await create({ repeat: 'TUESDAY', ...tuesdayMorning });
    const edit = await call(`/api/events/${tuesday.id}`, {
      method: 'PUT',
      token: host.token,
      body: eventBody({ title: tuesday.title, repeat: 'TUESDAY', ...mondayInNewYork }),
    });
    expect(edit.status).toBe(400);
    expect(edit.body.issues).toContainEqual({
      path: 'startDate',
      message: REPEAT_START_DAY_MISMATCH.TUESDAY,
    });
  });
});

describe('calling off one date', () => {
  const sequenceOf = (id: string) =>
    withDatabase(
      async (db) =>
        (await db.query('select sequence from events where id = $1', [id])).rows[0].sequence as number,
    );

  it('marks the date cancelled in the range and the detail, and puts it back; author only', async () => {
    const daily = await create({
      repeat: 'DAILY',
      startDate: '2031-05-01T14:00:00.000Z',
      endDate: '2031-05-01T15:00:00.000Z',
    });
    const third = '2031-05-03T14:00:00.000Z';
    const path = `/api/events/${daily.id}/cancelled-occurrences`;

    // Another member is refused before the body is looked at; the author's bad body is a 400.
    const stranger = await call(path, { method: 'POST', token: member.token, body: 'not an object' });
    expect(stranger.status).toBe(403);
    expect(
      (await call(path, { method: 'POST', token: host.token, body: { occurrenceStart: 'soon' } })).status,
    ).toBe(400);
    const notADate = await call(path, {
      method: 'POST',
      token: host.token,
      body: { occurrenceStart: '2031-05-03T14:30:00.000Z' },
    });
    expect(notADate.status).toBe(400);
    expect(notADate.body.error).toBe(OCCURRENCE_NOT_FOUND);

    const before = await sequenceOf(daily.id);
    const cancelled = await call(path, {
      method: 'POST',
      token: host.token,
      body: { occurrenceStart: third },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.id).toBe(daily.id);
    expect(cancelled.body.nextOccurrences.map((date: Occurrence) => date.cancelled)).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
    const again = await call(path, { method: 'POST', token: host.token, body: { occurrenceStart: third } });
    expect(again.status).toBe(200); // idempotent
    expect(await sequenceOf(daily.id)).toBe(before + 1);

    const may = await range('2031-05-01T04:00:00.000Z', '2031-06-01T04:00:00.000Z');
    const dates = may.body.items.filter((item) => item.id === daily.id).map((item) => item.occurrence!);
    expect(dates).toHaveLength(31);
    expect(dates.filter((date) => date.cancelled).map((date) => date.start)).toEqual([third]);

    const stranger2 = await call(`${path}/${encodeURIComponent(third)}`, {
      method: 'DELETE',
      token: member.token,
    });
    expect(stranger2.status).toBe(403);
    const restored = await call(`${path}/${encodeURIComponent(third)}`, {
      method: 'DELETE',
      token: host.token,
    });
    expect(restored.status).toBe(200);
    expect(restored.body.nextOccurrences.some((date: Occurrence) => date.cancelled)).toBe(false);
    expect(await sequenceOf(daily.id)).toBe(before + 2);
    expect(
      (await call(`${path}/${encodeURIComponent(third)}`, { method: 'DELETE', token: host.token })).status,
    ).toBe(200);
    expect((await call(`${path}/not-a-date`, { method: 'DELETE', token: host.token })).status).toBe(400);
  });

  it('bumps the sequence on every edit, and the month grid shows the edit at once', async () => {
    const event = await create({ repeat: 'DAILY' });
    const january = () => range('2031-01-01T00:00:00.000Z', '2031-02-01T00:00:00.000Z');
    const before = await sequenceOf(event.id);
    const titleIn = async () =>
      (await january()).body.events.find((summary) => summary.id === event.id)?.title;
    expect(await titleIn()).toBe(event.title); // now kept for this range
    const edit = await call(`/api/events/${event.id}`, {
      method: 'PUT',
      token: host.token,
      body: eventBody({ title: `${event.title} (moved)`, timeZone: 'Europe/Berlin', repeat: 'DAILY' }),
    });
    expect(edit.status).toBe(200);
    expect(edit.body.event.timeZone).toBe('Europe/Berlin');
    expect(await sequenceOf(event.id)).toBe(before + 1);
    expect(await titleIn()).toBe(`${event.title} (moved)`);
  });
});

describe('who changes dates and deletes', () => {
  it('lets the event’s host (not only its author) and community admins cancel dates and delete', async () => {
    const admin = await signIn('admin@example.com');
    const hostedByMember = await create({
      hostId: member.user.id,
      repeat: 'TUESDAY',
      startDate: '2031-01-07T15:00:00.000Z',
      endDate: '2031-01-07T16:00:00.000Z',
    });
    const path = `/api/events/${hostedByMember.id}/cancelled-occurrences`;
    const byHost = await call(path, {
      method: 'POST',
      token: member.token,
      body: { occurrenceStart: '2031-01-14T15:00:00.000Z' },
    });
    expect(byHost.status).toBe(200);
    expect(byHost.body.nextOccurrences[1]).toMatchObject({
      start: '2031-01-14T15:00:00.000Z',
      cancelled: true,
    });
    const byAdmin = await call(`${path}/${encodeURIComponent('2031-01-14T15:00:00.000Z')}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.nextOccurrences[1].cancelled).toBe(false);
    // A published event is cancelled before it may be deleted (issue 29).
    expect(
      (
        await call(`/api/events/${hostedByMember.id}/cancellation`, {
          method: 'POST',
          token: admin.token,
          body: { reason: 'Called off' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(`/api/events/${hostedByMember.id}`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(204);
  });
});

describe('deleting an event', () => {
  it('lets its author delete it (204), leaves a tombstone, and refuses anyone else', async () => {
    const event = await create({ repeat: 'DAILY' });
    expect((await call(`/api/events/${event.id}`, { method: 'DELETE', token: member.token })).status).toBe(
      403,
    );
    // A published event is cancelled before it may be deleted (issue 29): sequence 0 → 1.
    const cancelled = await call(`/api/events/${event.id}/cancellation`, {
      method: 'POST',
      token: host.token,
      body: { reason: 'Called off' },
    });
    expect(cancelled.status).toBe(200);
    const deleted = await call(`/api/events/${event.id}`, { method: 'DELETE', token: host.token });
    expect(deleted.status).toBe(204);
    expect((await call(`/api/events/${event.id}`, { token: member.token })).status).toBe(404);
    const tombstone = await withDatabase(
      async (db) =>
        (await db.query('select * from event_tombstones where event_id = $1', [event.id])).rows[0],
    );
    expect(tombstone).toMatchObject({
      title: event.title,
      repeat: 'DAILY',
      time_zone: NEW_YORK,
      sequence: 2,
    });
    expect((await call(`/api/events/${event.id}`, { method: 'DELETE', token: host.token })).status).toBe(404);
  });
});
