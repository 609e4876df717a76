import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type CalendarEntry, foldLine, localStamp, toICalendar } from './ical.ts';

const base: CalendarEntry = {
  id: 'e1',
  title: 'Standup',
  description: null,
  startDate: new Date('2026-12-01T14:00:00Z'), // a Tuesday
  endDate: new Date('2026-12-01T15:00:00Z'),
  repeat: 'NO_REPEAT',
  timeZone: 'America/New_York',
  location: null,
  url: null,
  updatedAt: new Date('2026-11-20T10:00:00Z'),
  sequence: 0,
  cancelledDates: [],
};

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

function firstOccurrences(entry: CalendarEntry, count: number): string[] {
  const [event] = parse(toICalendar([entry], { name: 'Test', domain: 'example.com' }));
  const iterator = event!.iterator();
  const out: string[] = [];
  for (let next = iterator.next(); next && out.length < count; next = iterator.next()) {
    out.push(next.toJSDate().toISOString());
  }
  return out;
}

describe('iCalendar feed', () => {
  it('writes clock times in the event’s zone, with its VTIMEZONE, that a real parser reads back as the same instants', () => {
    const [event] = parse(toICalendar([base], { name: 'Test', domain: 'example.com' }));
    expect(event!.summary).toBe('Standup');
    expect(event!.uid).toBe('e1@example.com');
    expect(event!.startDate.toJSDate().toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(event!.endDate.toJSDate().toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(event!.isRecurring()).toBe(false);
    const text = toICalendar([base], {
      name: 'Test',
      domain: 'example.com',
      now: new Date('2026-11-23T12:00:00Z'),
    });
    expect(text).toContain('DTSTART;TZID=America/New_York:20261201T090000\r\n');
    expect(text).toContain('DTEND;TZID=America/New_York:20261201T100000\r\n');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n');
    expect(text).toContain('DTSTAMP:20261123T120000Z\r\n');
    expect(text).toContain('LAST-MODIFIED:20261120T100000Z\r\n');
    expect(text).toContain('SEQUENCE:0\r\n');
  });

  it('writes one VTIMEZONE per zone used, however many events use it', () => {
    const text = toICalendar(
      [
        base,
        { ...base, id: 'e2' },
        { ...base, id: 'e3', timeZone: 'Europe/Berlin' },
        { ...base, id: 'e4', timeZone: 'Asia/Tokyo' },
      ],
      { name: 'Test', domain: 'example.com' },
    );
    const zones = [...text.matchAll(/^TZID:(.+)\r$/gm)].map((match) => match[1]);
    expect(zones).toEqual(['America/New_York', 'Europe/Berlin', 'Asia/Tokyo']);
    expect(text).toContain('DTSTART;TZID=Asia/Tokyo:20261201T230000');
  });

  it('lists cancelled dates as EXDATE in the zone, and marks a deleted event cancelled with its sequence', () => {
    const series: CalendarEntry = {
      ...base,
      repeat: 'TUESDAY',
      sequence: 3,
      cancelledDates: [new Date('2026-12-08T14:00:00Z'), new Date('2027-03-16T13:00:00Z')],
    };
    const text = toICalendar([series, { ...base, id: 'gone', sequence: 7, cancelled: true }], {
      name: 'Test',
      domain: 'example.com',
    });
    expect(text).toContain('EXDATE;TZID=America/New_York:20261208T090000\r\n');
    // After the March clock change 13:00 UTC is still 9 AM in New York.
    expect(text).toContain('EXDATE;TZID=America/New_York:20270316T090000\r\n');
    const [kept, gone] = parse(text);
    expect(kept!.component.getFirstPropertyValue('sequence')).toBe(3);
    expect(kept!.component.getFirstPropertyValue('status')).toBeNull();
    expect(gone!.uid).toBe('gone@example.com');
    expect(gone!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(gone!.component.getFirstPropertyValue('sequence')).toBe(7);
    expect(firstOccurrences(series, 3)).toEqual([
      '2026-12-01T14:00:00.000Z',
      '2026-12-15T14:00:00.000Z',
      '2026-12-22T14:00:00.000Z',
    ]);
  });

  it('reads local clock times across midnight and clock changes', () => {
    expect(localStamp(new Date('2027-01-06T01:00:00Z'), 'America/New_York')).toBe('20270105T200000');
    expect(localStamp(new Date('2027-03-30T17:00:00Z'), 'Europe/Berlin')).toBe('20270330T190000');
    expect(localStamp(new Date('2027-01-06T01:00:00Z'), 'Asia/Tokyo')).toBe('20270106T100000');
  });

  it('escapes commas, semicolons, backslashes and new lines', () => {
    const text = 'Bring: snacks, drinks; a \\ backslash\nand a second line';
    const [event] = parse(
      toICalendar([{ ...base, description: text, location: 'Room 1, Floor 2' }], {
        name: 'Test',
        domain: 'example.com',
      }),
    );
    expect(event!.description).toBe(text);
    expect(event!.location).toBe('Room 1, Floor 2');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const title = 'Événement très long — '.repeat(12);
    const output = toICalendar([{ ...base, title }], { name: 'Test', domain: 'example.com' });
    for (const line of output.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(parse(output)[0]!.summary).toBe(title);
    expect(foldLine('short')).toBe('short');
  });

  it('expands DAILY, WEEKDAY, TUESDAY and BI_WEEKLY_TUESDAY repeats on the zone’s days', () => {
    expect(firstOccurrences({ ...base, repeat: 'DAILY' }, 3)).toEqual([
      '2026-12-01T14:00:00.000Z',
      '2026-12-02T14:00:00.000Z',
      '2026-12-03T14:00:00.000Z',
    ]);
    // Friday 4th, then Monday 7th: weekends skipped.
    expect(firstOccurrences({ ...base, repeat: 'WEEKDAY' }, 5)).toEqual([
      '2026-12-01T14:00:00.000Z',
      '2026-12-02T14:00:00.000Z',
      '2026-12-03T14:00:00.000Z',
      '2026-12-04T14:00:00.000Z',
      '2026-12-07T14:00:00.000Z',
    ]);
    expect(firstOccurrences({ ...base, repeat: 'TUESDAY' }, 3)).toEqual([
      '2026-12-01T14:00:00.000Z',
      '2026-12-08T14:00:00.000Z',
      '2026-12-15T14:00:00.000Z',
    ]);
    expect(firstOccurrences({ ...base, repeat: 'BI_WEEKLY_TUESDAY' }, 3)).toEqual([
      '2026-12-01T14:00:00.000Z',
      '2026-12-15T14:00:00.000Z',
      '2026-12-29T14:00:00.000Z',
    ]);
    // Tuesday 8 PM in New York is Wednesday 01:00 UTC: the repeat keeps to Tuesdays in New York.
    const evening = {
      ...base,
      startDate: new Date('2026-12-02T01:00:00Z'),
      endDate: new Date('2026-12-02T02:00:00Z'),
    };
    expect(firstOccurrences({ ...evening, repeat: 'TUESDAY' }, 2)).toEqual([
      '2026-12-02T01:00:00.000Z',
      '2026-12-09T01:00:00.000Z',
    ]);
  });
});
