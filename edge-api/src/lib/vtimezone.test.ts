import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { offsetAt, TZDB_VERSION, transitions } from './tzdb.ts';
import { formatOffset, vtimezoneLines } from './vtimezone.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const block = (zone: string, from = 2026, to = 2031) => vtimezoneLines(zone, from, to)!.join('\r\n');

/** ical.js reading only our VTIMEZONE of `zone` (the lines of a file covering `from` to `to`). */
function icalJsZone(zone: string, from: number, to: number): ICAL.Timezone {
  const text = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ...vtimezoneLines(zone, from, to)!,
    'END:VCALENDAR',
  ];
  const vtimezone = new ICAL.Component(ICAL.parse(text.join('\r\n'))).getFirstSubcomponent('vtimezone')!;
  return new ICAL.Timezone(vtimezone);
}

/** The UTC instant ical.js gives a local time (2027-03-13T19:00:00) in `zone`. */
function viaVtimezone(zone: string, local: string, from = 2026, to = 2031): string {
  const time = ICAL.Time.fromDateTimeString(local);
  time.zone = icalJsZone(zone, from, to);
  return time.toJSDate().toISOString();
}

/** The UTC instant of a local time by the tz database (the offset in force there; no gap or repeat at noon). */
function viaTzdb(zone: string, year: number, month: number, day: number, hour: number): number {
  const asUtc = Date.UTC(year, month, day, hour);
  return asUtc - offsetAt(zone, asUtc - offsetAt(zone, asUtc)! * 60_000)! * 60_000;
}

// Zones whose rules trip generators up: Ramadan changes and a change of standard time (Casablanca),
// "Sunday on or after the 2nd" at midnight (Santiago), half-hour saving (Lord Howe), 2:45 standard
// time and a 12:45 offset (Chatham), no changes at all (Tokyo), the usual two (New York, Berlin).
const TRICKY_ZONES = [
  'Africa/Casablanca',
  'America/Santiago',
  'Europe/Berlin',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Tokyo',
  'Pacific/Chatham',
];

describe('the tz database package (ADR 0016)', () => {
  it('is the release ADR 0016 records', () => {
    expect(TZDB_VERSION).toMatch(/^20\d\d[a-z]$/);
    const adr = readFileSync(
      new URL('../../../docs/decisions/0016-repeating-events.md', import.meta.url),
      'utf8',
    );
    expect(adr).toContain(`tz database ${TZDB_VERSION}`);
  });

  it('agrees with the runtime’s zone data where both hold the same release’s rules', () => {
    const formats = new Map<string, Intl.DateTimeFormat>();
    const runtime = (zone: string, instant: number) => {
      if (!formats.has(zone))
        formats.set(zone, new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }));
      const name = formats
        .get(zone)!
        .formatToParts(instant)
        .find((part) => part.type === 'timeZoneName')!.value;
      const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
      return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
    };
    const disagreements: string[] = [];
    for (const zone of [
      ...TRICKY_ZONES,
      'Europe/Dublin',
      'America/Sao_Paulo',
      'Asia/Kolkata',
      'US/Eastern',
    ]) {
      for (let instant = Date.UTC(2024, 0, 1); instant < Date.UTC(2036, 0, 1); instant += 13 * HOUR) {
        const ours = offsetAt(zone, instant);
        const theirs = runtime(zone, instant);
        // Collected, then compared once: an expect per instant (80,000 of them) took over 5 s under load.
        if (ours !== theirs)
          disagreements.push(`${zone} ${new Date(instant).toISOString()}: ${ours} vs ${theirs}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('VTIMEZONE from the tz database', () => {
  it('formats offsets and finds New York’s changes', () => {
    expect(formatOffset(-300)).toBe('-0500');
    expect(formatOffset(330)).toBe('+0530');
    expect(formatOffset(765)).toBe('+1245');
    expect(
      transitions('America/New_York', 2027, 2027)?.map(({ at, from, to }) => ({ at, from, to })),
    ).toEqual([
      { at: Date.parse('2027-03-14T07:00:00Z'), from: -300, to: -240 },
      { at: Date.parse('2027-11-07T06:00:00Z'), from: -240, to: -300 },
    ]);
  });

  it('gives New York and Berlin their yearly rules, open-ended', () => {
    const newYork = block('America/New_York');
    expect(newYork).toContain(
      'BEGIN:DAYLIGHT\r\nDTSTART:20250309T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\r\nEND:DAYLIGHT',
    );
    expect(newYork).toContain(
      'BEGIN:STANDARD\r\nDTSTART:20251102T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU\r\nEND:STANDARD',
    );
    const berlin = block('Europe/Berlin');
    expect(berlin).toContain(
      'DTSTART:20250330T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
    );
    expect(berlin).toContain(
      'DTSTART:20251026T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    );
    expect(viaVtimezone('America/New_York', '2027-03-13T19:00:00')).toBe('2027-03-14T00:00:00.000Z');
    expect(viaVtimezone('America/New_York', '2027-03-16T19:00:00')).toBe('2027-03-16T23:00:00.000Z');
    expect(viaVtimezone('America/New_York', '2045-07-01T12:00:00')).toBe('2045-07-01T16:00:00.000Z');
  });

  it('names Santiago’s “Sunday on or after the 2nd” by its days, so it holds after the years listed', () => {
    const santiago = block('America/Santiago');
    expect(santiago).toContain('RRULE:FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=2,3,4,5,6,7,8;BYDAY=SU');
    expect(santiago).toContain('RRULE:FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=2,3,4,5,6,7,8;BYDAY=SU');
    expect(santiago).not.toContain('RDATE');
    // 1 April 2029 is a Sunday, but the change is on the 8th; in 2035, past the file's years, too.
    expect(viaVtimezone('America/Santiago', '2029-04-04T12:00:00')).toBe('2029-04-04T15:00:00.000Z'); // -03
    expect(viaVtimezone('America/Santiago', '2035-06-01T12:00:00')).toBe('2035-06-01T16:00:00.000Z'); // -04
    expect(viaVtimezone('America/Santiago', '2035-10-01T12:00:00')).toBe('2035-10-01T15:00:00.000Z'); // -03
  });

  it('lists Casablanca’s changes one by one, ending on the offset the tz database keeps', () => {
    const casablanca = block('Africa/Casablanca', 2025, 2031);
    expect(casablanca).not.toContain('RRULE');
    expect(casablanca).toMatch(/RDATE:/);
    const last = transitions('Africa/Casablanca', 2024, 2031)!.at(-1)!;
    expect(offsetAt('Africa/Casablanca', Date.UTC(2040, 5, 1))).toBe(last.to);
    expect(viaVtimezone('Africa/Casablanca', '2040-06-01T12:00:00', 2025, 2031)).toBe(
      new Date(Date.UTC(2040, 5, 1, 12) - last.to * 60_000).toISOString(),
    );
  });

  it('gives a zone without changes (Tokyo) one observance, and none to a name the database lacks', () => {
    expect(vtimezoneLines('Asia/Tokyo', 2026, 2031)).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Tokyo',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0900',
      'TZOFFSETTO:+0900',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
    expect(vtimezoneLines('Mars/Olympus', 2026, 2031)).toBeUndefined();
    // A link is written under its own name with its zone's rules.
    expect(block('US/Eastern')).toContain('TZID:US/Eastern\r\n');
    expect(block('US/Eastern')).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU');
  });

  for (const zone of TRICKY_ZONES) {
    it(`${zone}: ical.js reading the VTIMEZONE gives the tz database's offset every day to 2045`, () => {
      const timezone = icalJsZone(zone, 2026, 2031);
      for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2046, 0, 1); day += DAY) {
        const date = new Date(day);
        const [year, month, dayOfMonth] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
        const time = new ICAL.Time(
          { year, month: month + 1, day: dayOfMonth, hour: 12, minute: 0, second: 0 },
          timezone,
        );
        expect(time.toJSDate().getTime(), `${zone} ${date.toISOString().slice(0, 10)} 12:00`).toBe(
          viaTzdb(zone, year, month, dayOfMonth, 12),
        );
      }
    });
  }
});
