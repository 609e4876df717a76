import { describe, expect, it } from 'vitest';
import { easternZoneLabel, formatEventDateRange, groupByMonth, monthAndYear } from './event-dates.ts';

describe('event dates', () => {
  it('labels a January date EST', () => {
    expect(easternZoneLabel(new Date('2025-01-15T23:00:00Z'))).toBe('EST');
  });

  it('labels a July date EDT', () => {
    expect(easternZoneLabel(new Date('2025-07-15T22:00:00Z'))).toBe('EDT');
  });

  it('shows a same-day event with one date and the Eastern zone', () => {
    expect(formatEventDateRange('2025-01-14T23:00:00Z', '2025-01-15T01:00:00Z')).toBe(
      'Tue, Jan 14, 2025 · 6:00 PM – 8:00 PM EST',
    );
    expect(formatEventDateRange('2025-07-15T14:00:00Z', '2025-07-15T15:30:00Z')).toBe(
      'Tue, Jul 15, 2025 · 10:00 AM – 11:30 AM EDT',
    );
  });

  it('shows both days of an event that spans several', () => {
    expect(formatEventDateRange('2025-06-01T13:00:00Z', '2025-06-03T21:00:00Z')).toBe(
      'Sun, Jun 1, 2025, 9:00 AM – Tue, Jun 3, 2025, 5:00 PM EDT',
    );
  });

  it('labels each end when daylight saving time starts during the event', () => {
    expect(formatEventDateRange('2025-03-08T15:00:00Z', '2025-03-10T15:00:00Z')).toBe(
      'Sat, Mar 8, 2025, 10:00 AM EST – Mon, Mar 10, 2025, 11:00 AM EDT',
    );
  });

  it('names the month and year in Eastern time', () => {
    // 02:00 UTC on February 1st is still January 31st in New York.
    expect(monthAndYear(new Date('2025-02-01T02:00:00Z'))).toBe('January 2025');
  });

  it('groups events under month-and-year headers in list order', () => {
    const events = [
      { id: 'a', startDate: '2025-01-10T15:00:00Z' },
      { id: 'b', startDate: '2025-01-28T15:00:00Z' },
      { id: 'c', startDate: '2025-02-01T02:00:00Z' },
      { id: 'd', startDate: '2025-02-03T15:00:00Z' },
      { id: 'e', startDate: '2026-01-05T15:00:00Z' },
    ];

    const groups = groupByMonth(events, (event) => event.startDate);

    expect(groups.map((group) => [group.label, group.items.map((event) => event.id)])).toEqual([
      ['January 2025', ['a', 'b', 'c']],
      ['February 2025', ['d']],
      ['January 2026', ['e']],
    ]);
  });

  it('keeps descending order for past events', () => {
    const groups = groupByMonth(
      [
        { startDate: '2025-03-02T15:00:00Z' },
        { startDate: '2025-02-20T15:00:00Z' },
        { startDate: '2025-02-01T15:00:00Z' },
      ],
      (event) => event.startDate,
    );
    expect(groups.map((group) => [group.label, group.items.length])).toEqual([
      ['March 2025', 1],
      ['February 2025', 2],
    ]);
  });

  it('returns no groups for no events', () => {
    expect(groupByMonth([], () => '')).toEqual([]);
  });
});
