import { describe, expect, it } from 'vitest';
import { easternZoneLabel, formatEventDateRange } from './event-dates.ts';

// US daylight saving time in 2026 ends on Sunday November 1 and starts on Sunday March 8, both at 2:00.
describe('EDT/EST label across a daylight saving change', () => {
  it('labels October 31 and the early hours of November 1 EDT, later on November 1 and November 2 EST', () => {
    expect(easternZoneLabel(new Date('2026-10-31T16:00:00Z'))).toBe('EDT');
    expect(easternZoneLabel(new Date('2026-11-01T05:30:00Z'))).toBe('EDT'); // 1:30 EDT, before the change
    expect(easternZoneLabel(new Date('2026-11-01T06:30:00Z'))).toBe('EST'); // 1:30 EST, after it
    expect(easternZoneLabel(new Date('2026-11-01T17:00:00Z'))).toBe('EST');
    expect(easternZoneLabel(new Date('2026-11-02T17:00:00Z'))).toBe('EST');
  });

  it('labels March 7 and the early hours of March 8 EST, later on March 8 EDT', () => {
    expect(easternZoneLabel(new Date('2026-03-07T17:00:00Z'))).toBe('EST');
    expect(easternZoneLabel(new Date('2026-03-08T06:30:00Z'))).toBe('EST'); // 1:30 EST
    expect(easternZoneLabel(new Date('2026-03-08T07:30:00Z'))).toBe('EDT'); // 3:30 EDT
    expect(easternZoneLabel(new Date('2026-03-08T16:00:00Z'))).toBe('EDT');
  });

  it('shows noon on each side of the change with its own label', () => {
    expect(formatEventDateRange('2026-11-01T16:00:00Z', '2026-11-01T17:00:00Z')).toBe(
      'Sun, Nov 1, 2026 · 11:00 AM – 12:00 PM EST',
    );
    expect(formatEventDateRange('2026-10-31T16:00:00Z', '2026-10-31T17:00:00Z')).toBe(
      'Sat, Oct 31, 2026 · 12:00 PM – 1:00 PM EDT',
    );
    expect(formatEventDateRange('2026-03-07T17:00:00Z', '2026-03-07T18:00:00Z')).toBe(
      'Sat, Mar 7, 2026 · 12:00 PM – 1:00 PM EST',
    );
    expect(formatEventDateRange('2026-03-08T16:00:00Z', '2026-03-08T17:00:00Z')).toBe(
      'Sun, Mar 8, 2026 · 12:00 PM – 1:00 PM EDT',
    );
  });
});
