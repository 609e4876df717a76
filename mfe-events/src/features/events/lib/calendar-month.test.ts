import { describe, expect, it } from 'vitest';
import {
  addMonths,
  easternDayKey,
  easternMidnight,
  easternMonthRange,
  eventsByDay,
  monthLabel,
  monthWeeks,
} from './calendar-month.ts';

describe('calendar month', () => {
  it('finds midnight in New York on both sides of a daylight saving change', () => {
    expect(easternMidnight(2026, 2, 8).toISOString()).toBe('2026-03-08T05:00:00.000Z'); // EST at midnight
    expect(easternMidnight(2026, 2, 9).toISOString()).toBe('2026-03-09T04:00:00.000Z'); // EDT
    expect(easternMidnight(2026, 10, 1).toISOString()).toBe('2026-11-01T04:00:00.000Z'); // EDT at midnight
    expect(easternMidnight(2026, 10, 2).toISOString()).toBe('2026-11-02T05:00:00.000Z'); // EST
  });

  it('gives a month as [first midnight, next month’s first midnight) in Eastern time', () => {
    const { start, end } = easternMonthRange({ year: 2026, month: 10 });
    expect(start.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(end.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(easternMonthRange({ year: 2026, month: 11 }).end.toISOString()).toBe('2027-01-01T05:00:00.000Z');
  });

  it('moves across years', () => {
    expect(addMonths({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
    expect(addMonths({ year: 2026, month: 0 }, -1)).toEqual({ year: 2025, month: 11 });
    expect(monthLabel({ year: 2026, month: 2 })).toBe('March 2026');
  });

  it('lays a month out in Sunday-first weeks, with the neighbouring days to fill them', () => {
    const weeks = monthWeeks({ year: 2026, month: 10 }); // November 2026 starts on a Sunday
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.[0]).toMatchObject({ key: '2026-11-01', inMonth: true });
    expect(weeks[4]?.map((day) => day.key)).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    expect(weeks[4]?.[2]?.inMonth).toBe(false);
    const march = monthWeeks({ year: 2026, month: 2 });
    expect(march[0]?.[0]?.key).toBe('2026-03-01');
  });

  it('puts an event on its Eastern start day', () => {
    // 02:00 UTC on March 8 is still March 7 in New York.
    expect(easternDayKey(new Date('2026-03-08T02:00:00Z'))).toBe('2026-03-07');
    const days = eventsByDay([
      { id: 'a', startDate: '2026-03-08T02:00:00Z' },
      { id: 'b', startDate: '2026-03-08T15:00:00Z' },
      { id: 'c', startDate: '2026-03-07T15:00:00Z' },
    ]);
    expect(days.get('2026-03-07')?.map((event) => event.id)).toEqual(['a', 'c']);
    expect(days.get('2026-03-08')?.map((event) => event.id)).toEqual(['b']);
  });
});
