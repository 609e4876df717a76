// Issue 27, item 11: calendar files carry VTIMEZONEs from the tz database package (ADR 0016). A
// daily noon series in each zone that trips generators up is created through the API, its .ics read
// by ical.js (which uses the file's own VTIMEZONE) and node-ical (which uses the runtime's zone data
// for IANA names) up to mid-2033, past the five years the file lists changes for: every date must
// be at noon local time by the tz database, and the server's month grid must say the same.
import ICAL from 'ical.js';
import ical from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, type Session, unique } from '../../scripts/lib/api-test-client.ts';
import { offsetAt, TZDB_VERSION } from '../src/lib/tzdb.ts';
import { calendarFixtures } from './calendar-fixtures.ts';

let host: Session;
let member: Session;
let spaceId: string;

const DAY = 86_400_000;
const FIRST_DAY = Date.UTC(2026, 11, 1);
const LAST_DAY = Date.UTC(2033, 5, 1); // exclusive

/** Noon local time in `zone` on the UTC date of `day`, by the tz database (no change happens at noon). */
function noonIn(zone: string, day: number): number {
  const noon = day + 12 * 3_600_000;
  return noon - offsetAt(zone, noon - offsetAt(zone, noon)! * 60_000)! * 60_000;
}

const expectedStarts = (zone: string, from: number, to: number) => {
  const starts: string[] = [];
  for (let day = from; day < to; day += DAY) starts.push(new Date(noonIn(zone, day)).toISOString());
  return starts;
};

function icalJsStarts(text: string, uid: string, from: Date, to: Date): string[] {
  const vevent = new ICAL.Component(ICAL.parse(text))
    .getAllSubcomponents('vevent')
    .find((component) => component.getFirstPropertyValue('uid') === uid);
  const iterator = new ICAL.Event(vevent!).iterator();
  const starts: string[] = [];
  for (let next = iterator.next(); next; next = iterator.next()) {
    const start = next.toJSDate();
    if (start >= to) break;
    if (start >= from) starts.push(start.toISOString());
  }
  return starts;
}

function nodeIcalStarts(text: string, uid: string, from: Date, to: Date): string[] {
  const vevent = Object.values(ical.sync.parseICS(text)).find(
    (component) => component?.type === 'VEVENT' && component.uid === uid,
  );
  if (vevent?.type !== 'VEVENT') throw new Error(`node-ical: no VEVENT ${uid}`);
  return ical
    .expandRecurringEvent(vevent, { from, to: new Date(to.getTime() - 1) })
    .map((instance) => instance.start.toISOString());
}

beforeAll(async () => {
  ({ member, host, spaceId } = await calendarFixtures());
});

describe(`calendar files in tricky zones, by the tz database ${TZDB_VERSION}`, () => {
  for (const zone of [
    'Africa/Casablanca',
    'America/Santiago',
    'Europe/Berlin',
    'America/New_York',
    'Australia/Lord_Howe',
    'Asia/Tokyo',
    'Pacific/Chatham',
  ]) {
    it(`${zone}: ical.js, node-ical and the month grid put every date at noon local time until 2033`, async () => {
      const start = noonIn(zone, FIRST_DAY);
      const created = await call('/api/events', {
        method: 'POST',
        token: host.token,
        body: {
          title: `Noon in ${zone} ${unique()}`,
          spaceId,
          hostId: host.user.id,
          startDate: new Date(start).toISOString(),
          endDate: new Date(start + 3_600_000).toISOString(),
          location: 'YOUTUBE',
          addressUrl: 'https://www.youtube.com/watch?v=abc',
          repeat: 'DAILY',
          timeZone: zone,
          published: true,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.event.id as string;
      const file = await (
        await fetch(`${baseUrl()}/api/events/${id}.ics`, {
          headers: { Authorization: `Bearer ${member.token}` },
        })
      ).text();
      expect(file).toContain(`\r\nDTSTART;TZID=${zone}:20261201T120000\r\n`);
      expect(file).toContain(`\r\nBEGIN:VTIMEZONE\r\nTZID:${zone}\r\n`);

      // From the first date (Chatham's noon is the day before in UTC) to the last day's noon.
      const [from, to] = [new Date(start), new Date(noonIn(zone, LAST_DAY))];
      const expected = expectedStarts(zone, FIRST_DAY, LAST_DAY);
      expect(expected).toHaveLength((LAST_DAY - FIRST_DAY) / DAY);
      const uid = `${id}@localhost`;
      expect(icalJsStarts(file, uid, from, to)).toEqual(expected);
      expect(nodeIcalStarts(file, uid, from, to)).toEqual(expected);

      // The server's own dates in a month past the years the file lists (2032's autumn changes).
      const [monthFrom, monthTo] = [Date.UTC(2032, 8, 1), Date.UTC(2032, 9, 31)];
      const grid = await call(
        `/api/events?from=${new Date(monthFrom).toISOString()}&to=${new Date(monthTo).toISOString()}`,
        { token: member.token },
      );
      expect(grid.status).toBe(200);
      const listed = (grid.body.occurrences as { eventId: string; start: string }[])
        .filter((occurrence) => occurrence.eventId === id)
        .map((occurrence) => new Date(occurrence.start).toISOString());
      expect(listed).toEqual(
        expectedStarts(zone, monthFrom - DAY, monthTo + DAY).filter(
          (iso) => Date.parse(iso) >= monthFrom && Date.parse(iso) < monthTo,
        ),
      );
    });
  }
});
