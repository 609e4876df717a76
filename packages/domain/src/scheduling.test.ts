import { describe, expect, it } from 'vitest';
import {
  clampHours,
  clampMinutes,
  clampSeconds,
  isDayDisabled,
  readClock,
  resetPastToNow,
  toLocalDay,
} from './scheduling.ts';

describe('time clamps', () => {
  it('clamps hours to 0-23', () => {
    expect(clampHours(-1)).toBe(0);
    expect(clampHours(0)).toBe(0);
    expect(clampHours(23)).toBe(23);
    expect(clampHours(24)).toBe(23);
  });

  it('clamps minutes and seconds to 0-59', () => {
    expect(clampMinutes(-5)).toBe(0);
    expect(clampMinutes(60)).toBe(59);
    expect(clampSeconds(75)).toBe(59);
    expect(clampSeconds(30)).toBe(30);
  });

  it('drops fractions and turns NaN into 0', () => {
    expect(clampMinutes(12.9)).toBe(12);
    expect(clampHours(Number.NaN)).toBe(0);
    expect(clampHours(Number.POSITIVE_INFINITY)).toBe(23);
  });
});

describe('resetPastToNow', () => {
  const now = new Date(2030, 5, 15, 12, 0, 0);

  it('resets a past date to now', () => {
    const reset = resetPastToNow(new Date(2030, 5, 15, 11, 59), now);
    expect(reset.getTime()).toBe(now.getTime());
    expect(reset).not.toBe(now);
  });

  it('keeps now and future dates', () => {
    const future = new Date(2030, 5, 16);
    expect(resetPastToNow(future, now)).toBe(future);
    expect(resetPastToNow(now, now)).toBe(now);
  });
});

describe('isDayDisabled', () => {
  const now = new Date(2030, 5, 15, 0, 30);

  it('disables days before yesterday', () => {
    expect(isDayDisabled(new Date(2030, 5, 13, 23, 59), now)).toBe(true);
    expect(isDayDisabled(new Date(2029, 11, 31), now)).toBe(true);
  });

  it('keeps yesterday, today and later days selectable', () => {
    expect(isDayDisabled(new Date(2030, 5, 14, 0, 0), now)).toBe(false);
    expect(isDayDisabled(new Date(2030, 5, 15, 23, 0), now)).toBe(false);
    expect(isDayDisabled(new Date(2030, 6, 1), now)).toBe(false);
  });

  it('handles yesterday across a month boundary', () => {
    const firstOfJuly = new Date(2030, 6, 1, 9, 0);
    expect(isDayDisabled(new Date(2030, 5, 30), firstOfJuly)).toBe(false);
    expect(isDayDisabled(new Date(2030, 5, 29), firstOfJuly)).toBe(true);
  });
});

describe('clock helpers', () => {
  it('reads a fixed date or a function', () => {
    const date = new Date(2030, 0, 1);
    expect(readClock(date)).toBe(date);
    expect(readClock(() => date)).toBe(date);
  });

  it('formats the local day as YYYY-MM-DD', () => {
    expect(toLocalDay(new Date(2030, 0, 5, 23, 59))).toBe('2030-01-05');
  });
});
