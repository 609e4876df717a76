import { describe, expect, it } from 'vitest';
import { clockFormatOf, hourFromTyped, shownHour, withDayPeriod } from './clock-format.ts';

describe('clock format of a locale', () => {
  it('is 12-hour with AM/PM in en-US and 24-hour in en-GB and de-DE, from Intl', () => {
    expect(clockFormatOf('en-US')).toEqual({ twelveHour: true, dayPeriods: ['AM', 'PM'] });
    expect(clockFormatOf('en-GB').twelveHour).toBe(false);
    expect(clockFormatOf('de-DE').twelveHour).toBe(false);
    expect(clockFormatOf('ko-KR')).toEqual({ twelveHour: true, dayPeriods: ['오전', '오후'] });
  });

  it('shows 0-23 on a 24-hour clock and 1-12 on a 12-hour one', () => {
    expect([0, 9, 12, 19].map((hour) => shownHour(hour, false))).toEqual([0, 9, 12, 19]);
    expect([0, 9, 12, 19].map((hour) => shownHour(hour, true))).toEqual([12, 9, 12, 7]);
  });

  it('reads a typed hour in the chosen half of the day, clamped to 0-23', () => {
    expect(hourFromTyped(7, true, true)).toBe(19);
    expect(hourFromTyped(12, true, false)).toBe(0);
    expect(hourFromTyped(12, true, true)).toBe(12);
    expect(hourFromTyped(15, true, false)).toBe(15);
    expect(hourFromTyped(40, true, false)).toBe(23);
    expect(hourFromTyped(7, false, true)).toBe(7);
    expect(hourFromTyped(-3, false, false)).toBe(0);
    expect(withDayPeriod(7, true)).toBe(19);
    expect(withDayPeriod(19, false)).toBe(7);
  });
});
