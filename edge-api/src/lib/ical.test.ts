import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type CalendarEntry, foldLine, toICalendar } from './ical.ts';

const base: CalendarEntry = {
  id: 'e1',
  title: 'Standup',
  description: null,
  startDate: new Date('2026-12-01T14:00:00Z'), // a Tuesday
  endDate: new Date('2026-12-01T15:00:00Z'),
  repeat: 'NO_REPEAT',
  location: null,
  url: null,
  updatedAt: new Date('2026-11-20T10:00:00Z'),
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
  it('writes UTC instants a real parser reads back', () => {
    const [event] = parse(toICalendar([base], { name: 'Test', domain: 'example.com' }));
    expect(event!.summary).toBe('Standup');
    expect(event!.uid).toBe('e1@example.com');
    expect(event!.startDate.toJSDate().toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(event!.endDate.toJSDate().toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(event!.isRecurring()).toBe(false);
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

  it('expands DAILY, WEEKDAY, TUESDAY and BI_WEEKLY_TUESDAY repeats', () => {
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
  });
});
