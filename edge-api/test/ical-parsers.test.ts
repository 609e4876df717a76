// Calendar apps must compute the same dates as the server (issue 12). Each repeat kind, as a morning
// and an evening series in New York and an evening series in Berlin, is created through the API, its
// .ics downloaded and expanded by two independent parsers (ical.js and node-ical) over a year that
// holds both clock changes of both zones (Mar/Nov 2027 in New York, Mar/Oct 2027 in Berlin); both
// must equal the server's own expansion (lib/occurrences.ts) and keep the local weekday and hour.
// A cancelled date is absent from both, a deleted event is STATUS:CANCELLED in the community feed,
// and housekeeping sweeps tombstones past the feed's window.
import { EVENT_REPEATS, type EventRepeat, weekdayIn } from '@community/domain';
import ICAL from 'ical.js';
import ical from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, type Session, unique, withDatabase } from '../../scripts/lib/api-test-client.ts';
import { occurrencesBetween } from '../src/lib/occurrences.ts';
import { calendarFixtures } from './calendar-fixtures.ts';

let host: Session;
let member: Session;
let spaceId: string;

// Tuesday 1 December 2026 is the first date of every series; the window runs a year from there.
const WINDOW_FROM = new Date('2026-12-01T00:00:00Z');
const WINDOW_TO = new Date('2027-12-01T12:00:00Z'); // past 30 Nov in both zones, before 1 Dec's sessions

type Case = { name: string; timeZone: string; start: string; end: string; hour: number; minute: number };
const CASES: Case[] = [
  // 9:00–10:00 in New York (EST, UTC-5)
  {
    name: 'New York morning',
    timeZone: 'America/New_York',
    start: '2026-12-01T14:00:00Z',
    end: '2026-12-01T15:00:00Z',
    hour: 9,
    minute: 0,
  },
  // 20:00–21:30 Tuesday in New York is Wednesday 01:00 UTC: the case the UTC files got wrong.
  {
    name: 'New York evening',
    timeZone: 'America/New_York',
    start: '2026-12-02T01:00:00Z',
    end: '2026-12-02T02:30:00Z',
    hour: 20,
    minute: 0,
  },
  // 19:30–21:00 in Berlin (CET, UTC+1)
  {
    name: 'Berlin evening',
    timeZone: 'Europe/Berlin',
    start: '2026-12-01T18:30:00Z',
    end: '2026-12-01T20:00:00Z',
    hour: 19,
    minute: 30,
  },
];

/** Local days each repeat may fall on (0 = Sunday). */
const DAYS: Record<EventRepeat, number[]> = {
  NO_REPEAT: [2],
  DAILY: [0, 1, 2, 3, 4, 5, 6],
  WEEKDAY: [1, 2, 3, 4, 5],
  TUESDAY: [2],
  BI_WEEKLY_TUESDAY: [2],
  WEEKLY: [2], // the start's day
  BI_WEEKLY: [2],
};
/** Dates in the window: 365 days, 261 weekdays, 53 Tuesdays (1 Dec 2026 to 30 Nov 2027), 27 every other. */
const COUNTS: Record<EventRepeat, number> = {
  NO_REPEAT: 1,
  DAILY: 365,
  WEEKDAY: 261,
  TUESDAY: 53,
  BI_WEEKLY_TUESDAY: 27,
  WEEKLY: 53,
  BI_WEEKLY: 27,
};

type Dates = { start: string; end: string }[];

/** ical.js, reading only the file's own VTIMEZONEs. */
function icalJsDates(text: string, uid: string): Dates {
  const vevent = new ICAL.Component(ICAL.parse(text))
    .getAllSubcomponents('vevent')
    .find((component) => component.getFirstPropertyValue('uid') === uid);
  if (!vevent) throw new Error(`ical.js: no VEVENT ${uid}`);
  const event = new ICAL.Event(vevent);
  if (!event.isRecurring()) {
    return [{ start: event.startDate.toJSDate().toISOString(), end: event.endDate.toJSDate().toISOString() }];
  }
  const iterator = event.iterator();
  const out: Dates = [];
  for (let next = iterator.next(); next; next = iterator.next()) {
    const start = next.toJSDate();
    if (start >= WINDOW_TO) break;
    if (start < WINDOW_FROM) continue;
    const details = event.getOccurrenceDetails(next);
    out.push({ start: start.toISOString(), end: details.endDate.toJSDate().toISOString() });
  }
  return out;
}

/** node-ical, with its own expansion. */
function nodeIcalDates(text: string, uid: string): Dates {
  const vevent = Object.values(ical.sync.parseICS(text)).find(
    (component) => component?.type === 'VEVENT' && component.uid === uid,
  );
  if (vevent?.type !== 'VEVENT') throw new Error(`node-ical: no VEVENT ${uid}`);
  return ical
    .expandRecurringEvent(vevent, { from: WINDOW_FROM, to: new Date(WINDOW_TO.getTime() - 1) })
    .map((instance) => ({ start: instance.start.toISOString(), end: instance.end.toISOString() }));
}

type Created = { id: string; startDate: string; endDate: string; repeat: EventRepeat; timeZone: string };

/** The server's own dates of the series, cancelled ones left out (as calendar apps should). */
function serverDates(event: Created, cancelled: Date[] = []): Dates {
  return occurrencesBetween(
    {
      startDate: new Date(event.startDate),
      endDate: new Date(event.endDate),
      repeat: event.repeat,
      timeZone: event.timeZone,
      cancelled,
    },
    WINDOW_FROM,
    WINDOW_TO,
  )
    .filter((occurrence) => !occurrence.cancelled)
    .map((occurrence) => ({ start: occurrence.start.toISOString(), end: occurrence.end.toISOString() }));
}

/** The same series' dates as `GET /api/events?from=&to=` lists them (the month grid's range). */
async function rangeDates(
  id: string,
  from: string,
  to: string,
): Promise<(Dates[number] & { cancelled: boolean })[]> {
  const answer = await call(`/api/events?from=${from}&to=${to}`, { token: member.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.occurrences as { eventId: string; start: string; end: string; cancelled: boolean }[])
    .filter((occurrence) => occurrence.eventId === id)
    .map((occurrence) => ({
      start: new Date(occurrence.start).toISOString(),
      end: new Date(occurrence.end).toISOString(),
      cancelled: occurrence.cancelled,
    }));
}

const within = (dates: Dates, from: string, to: string) =>
  dates.filter(({ start }) => start >= new Date(from).toISOString() && start < new Date(to).toISOString());

const hourFormats = new Map<string, Intl.DateTimeFormat>();
function localTime(date: Date, timeZone: string): string {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    hourFormats.set(timeZone, format);
  }
  return format.format(date);
}

async function createSeries(repeat: EventRepeat, sample: Case, title = `${sample.name} ${repeat}`) {
  const answer = await call('/api/events', {
    method: 'POST',
    token: host.token,
    body: {
      title: `${title} ${unique()}`,
      spaceId,
      hostId: host.user.id,
      startDate: sample.start,
      endDate: sample.end,
      location: 'YOUTUBE',
      addressUrl: 'https://www.youtube.com/watch?v=abc',
      repeat,
      timeZone: sample.timeZone,
      published: true,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.event as Created;
}

async function eventFile(id: string): Promise<string> {
  const answer = await fetch(`${baseUrl()}/api/events/${id}.ics`, {
    headers: { Authorization: `Bearer ${member.token}` },
  });
  expect(answer.status).toBe(200);
  return answer.text();
}

async function communityFeed(): Promise<string> {
  const { url } = (await call('/api/events/calendar-feed', { token: member.token })).body as { url: string };
  const answer = await fetch(url);
  expect(answer.status).toBe(200);
  return answer.text();
}

beforeAll(async () => {
  ({ member, host, spaceId } = await calendarFixtures());
});

describe('calendar files read by ical.js and node-ical', () => {
  for (const sample of CASES) {
    for (const repeat of EVENT_REPEATS) {
      it(`${sample.name}, ${repeat}: both parsers give the server's dates, on the local day and hour, across the clock changes`, async () => {
        const event = await createSeries(repeat, sample);
        expect(event.timeZone).toBe(sample.timeZone);
        const text = await eventFile(event.id);
        expect(text).toContain(`\r\nDTSTART;TZID=${sample.timeZone}:20261201T`);
        expect(text).toContain(`\r\nBEGIN:VTIMEZONE\r\nTZID:${sample.timeZone}\r\n`);
        const uid = `${event.id}@localhost`;

        const expected = serverDates(event);
        expect(expected).toHaveLength(COUNTS[repeat]);
        expect(icalJsDates(text, uid)).toEqual(expected);
        expect(nodeIcalDates(text, uid)).toEqual(expected);

        for (const { start } of expected) {
          const date = new Date(start);
          expect(DAYS[repeat], start).toContain(weekdayIn(date, sample.timeZone));
          expect(localTime(date, sample.timeZone), start).toBe(
            `${String(sample.hour).padStart(2, '0')}:${String(sample.minute).padStart(2, '0')}`,
          );
        }
        // The range route (autumn: Berlin's change on 31 Oct, New York's on 7 Nov) lists the same dates.
        const [from, to] = ['2027-10-15T00:00:00Z', WINDOW_TO.toISOString()];
        expect((await rangeDates(event.id, from, to)).map(({ start, end }) => ({ start, end }))).toEqual(
          within(expected, from, to),
        );
        if (repeat !== 'NO_REPEAT') {
          // Both clock changes lie inside: the UTC time of day differs before and after them.
          const utcTimes = new Set(expected.map(({ start }) => start.slice(11, 16)));
          expect(utcTimes.size).toBe(2);
        }
      });
    }
  }
});

describe('weekly series on the day they start (issue 26)', () => {
  // Thursday 3 December 2026, 20:00–21:30 in New York: Friday 01:00 UTC.
  const thursdayEvening: Case = {
    name: 'New York Thursday evening',
    timeZone: 'America/New_York',
    start: '2026-12-04T01:00:00Z',
    end: '2026-12-04T02:30:00Z',
    hour: 20,
    minute: 0,
  };
  for (const [repeat, count, rule] of [
    ['WEEKLY', 52, 'FREQ=WEEKLY;BYDAY=TH'],
    ['BI_WEEKLY', 26, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH'],
  ] as const) {
    it(`${repeat}: stays on Thursday evenings in New York in both parsers (Fridays in UTC)`, async () => {
      const event = await createSeries(repeat, thursdayEvening);
      const text = await eventFile(event.id);
      expect(text).toContain(`\r\nRRULE:${rule}\r\n`);
      const uid = `${event.id}@localhost`;
      const expected = serverDates(event);
      expect(expected).toHaveLength(count);
      expect(icalJsDates(text, uid)).toEqual(expected);
      expect(nodeIcalDates(text, uid)).toEqual(expected);
      for (const { start } of expected) {
        expect(weekdayIn(new Date(start), 'America/New_York'), start).toBe(4);
        expect(localTime(new Date(start), 'America/New_York'), start).toBe('20:00');
      }
    });
  }
});

describe('cancelled and deleted events in calendar files', () => {
  it('leaves a cancelled date (after the March change) out of both parsers’ expansions', async () => {
    const sample = CASES[1]!; // New York evening
    const event = await createSeries('TUESDAY', sample, 'Cancelled date');
    // Tuesday 16 March 2027, 8 PM EDT: 00:00 UTC on the 17th.
    const cancelledStart = '2027-03-17T00:00:00.000Z';
    const cancel = await call(`/api/events/${event.id}/cancelled-occurrences`, {
      method: 'POST',
      token: host.token,
      body: { occurrenceStart: cancelledStart },
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBeLessThan(300);

    const text = await eventFile(event.id);
    expect(text).toContain('\r\nEXDATE;TZID=America/New_York:20270316T200000\r\n');
    expect(text).toMatch(/\r\nSEQUENCE:[1-9]\d*\r\n/); // bumped by the cancellation
    const uid = `${event.id}@localhost`;
    const expected = serverDates(event, [new Date(cancelledStart)]);
    expect(expected).toHaveLength(COUNTS.TUESDAY - 1);
    expect(expected.map(({ start }) => start)).not.toContain(cancelledStart);
    for (const dates of [icalJsDates(text, uid), nodeIcalDates(text, uid)]) {
      expect(dates).toEqual(expected);
      expect(dates.map(({ start }) => start)).not.toContain(cancelledStart);
      expect(dates.map(({ start }) => start)).toContain('2027-03-24T00:00:00.000Z');
    }
    // The range route lists the date as cancelled, the others as the parsers have them.
    const [from, to] = ['2027-02-20T00:00:00Z', '2027-04-20T00:00:00Z'];
    const listed = await rangeDates(event.id, from, to);
    expect(listed.filter((date) => date.cancelled).map(({ start }) => start)).toEqual([cancelledStart]);
    expect(listed.filter((date) => !date.cancelled).map(({ start, end }) => ({ start, end }))).toEqual(
      within(expected, from, to),
    );
    // The community feed says the same.
    const feed = await communityFeed();
    expect(icalJsDates(feed, uid)).toEqual(expected);
    expect(nodeIcalDates(feed, uid)).toEqual(expected);
  });

  it('shows a deleted event as STATUS:CANCELLED with a higher SEQUENCE in the community feed', async () => {
    const event = await createSeries('BI_WEEKLY_TUESDAY', CASES[2]!, 'Deleted series');
    const uid = `${event.id}@localhost`;
    const before = new ICAL.Component(ICAL.parse(await communityFeed()))
      .getAllSubcomponents('vevent')
      .find((vevent) => vevent.getFirstPropertyValue('uid') === uid);
    expect(before?.getFirstPropertyValue('status')).toBeNull();
    const sequence = Number(before?.getFirstPropertyValue('sequence'));

    // A published event is cancelled (sequence + 1) before it may be deleted (issue 29).
    const cancelled = await call(`/api/events/${event.id}/cancellation`, {
      method: 'POST',
      token: host.token,
      body: { reason: 'Called off' },
    });
    expect(cancelled.status).toBe(200);
    const deleted = await call(`/api/events/${event.id}`, { method: 'DELETE', token: host.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    expect((await call(`/api/events/${event.id}`, { token: member.token })).status).toBe(404);

    const feed = await communityFeed();
    const viaIcalJs = new ICAL.Component(ICAL.parse(feed))
      .getAllSubcomponents('vevent')
      .filter((vevent) => vevent.getFirstPropertyValue('uid') === uid);
    expect(viaIcalJs).toHaveLength(1);
    expect(viaIcalJs[0]!.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(viaIcalJs[0]!.getFirstPropertyValue('sequence')).toBe(sequence + 2);
    const viaNodeIcal = Object.values(ical.sync.parseICS(feed)).find(
      (component) => component?.type === 'VEVENT' && component.uid === uid,
    );
    expect(viaNodeIcal).toMatchObject({ status: 'CANCELLED', sequence: sequence + 2 });
  });

  it('keeps tombstones 90 days: older ones leave the feed and housekeeping removes them', async () => {
    const [fresh, old] = [crypto.randomUUID(), crypto.randomUUID()];
    await withDatabase((db) =>
      db.query(
        `insert into event_tombstones (event_id, space_id, title, start_date, end_date, time_zone, repeat, sequence, deleted_at)
         values ($1, $3, 'Fresh', '2027-01-05T14:00:00Z', '2027-01-05T15:00:00Z', 'Asia/Tokyo', 'NO_REPEAT', 2, now() - interval '89 days'),
                ($2, $3, 'Old', '2027-01-05T14:00:00Z', '2027-01-05T15:00:00Z', 'Asia/Tokyo', 'NO_REPEAT', 2, now() - interval '91 days')`,
        [fresh, old, spaceId],
      ),
    );
    const feed = await communityFeed();
    expect(feed).toContain(`UID:${fresh}@localhost`);
    expect(feed).not.toContain(`UID:${old}@localhost`);
    // A zone used only by a tombstone still gets its VTIMEZONE, so the file stays valid.
    expect(feed).toContain('\r\nTZID:Asia/Tokyo\r\n');

    const run = await fetch(`${baseUrl()}/cdn-cgi/local/scheduled?cron=17+*+*+*+*`);
    expect(run.status).toBe(200);
    const left = await withDatabase(
      async (db) =>
        (await db.query(`select event_id from event_tombstones where event_id = any($1)`, [[fresh, old]]))
          .rows,
    );
    expect(left.map((row) => row.event_id)).toEqual([fresh]);
  });
});
