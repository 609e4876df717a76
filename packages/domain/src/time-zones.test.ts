import { describe, expect, it } from 'vitest';
import { CreateEventInput } from './event.ts';
import { REPEAT_START_DAY_MISMATCH, TIME_ZONE_INVALID } from './messages.ts';
import {
  canonicalTimeZone,
  instantIn,
  isTimeZone,
  repeatAllowsStart,
  repeatLabel,
  repeatStartMismatch,
  weekdayIn,
} from './time-zones.ts';

const event = {
  title: 'Evening meetup',
  spaceId: '11111111-1111-4111-8111-111111111111',
  hostId: '22222222-2222-4222-8222-222222222222',
  location: 'YOUTUBE',
  addressUrl: 'https://www.youtube.com/watch?v=abc',
};

describe('time zones and repeat start days', () => {
  it('knows IANA zones and refuses made-up ones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('takes IANA names only, spelled as the IANA data spells them (issue 27)', () => {
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimeZone('EUROPE/BERLIN')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('Etc/UTC')).toBe('UTC');
    expect(canonicalTimeZone('US/Eastern')).toBe('America/New_York'); // a link, resolved by the runtime
    expect(canonicalTimeZone('Etc/GMT+5')).toBe('Etc/GMT+5');
    // UTC offsets are not zone names, even where the runtime (workerd) accepts them as a time zone.
    for (const name of ['+05:30', '-05:00', '+0530', 'Mars/Olympus', 'Europe/Berlin ', '', 'a'.repeat(65)]) {
      expect(canonicalTimeZone(name), name).toBeUndefined();
      expect(isTimeZone(name), name).toBe(false);
    }
  });

  it('stores the canonical name from the event schema and refuses the rest with the message', () => {
    const body = { ...event, startDate: '2027-01-06T15:00:00Z', endDate: '2027-01-06T16:00:00Z' };
    const lower = CreateEventInput.safeParse({ ...body, timeZone: 'america/new_york' });
    expect(lower.success && lower.data.timeZone).toBe('America/New_York');
    for (const timeZone of ['+05:30', 'Mars/Olympus']) {
      const refused = CreateEventInput.safeParse({ ...body, timeZone });
      expect(refused.success, timeZone).toBe(false);
      expect(refused.error?.issues).toContainEqual(
        expect.objectContaining({ path: ['timeZone'], message: TIME_ZONE_INVALID }),
      );
    }
  });

  it('moves a wall time skipped by a clock change forward by the gap (RFC 5545 3.3.5)', () => {
    const wall = { year: 2027, month: 2, day: 14, hour: 2, minute: 30, second: 0 };
    expect(instantIn(wall, 'America/New_York').toISOString()).toBe('2027-03-14T07:30:00.000Z'); // 3:30 EDT
    const berlin = { year: 2027, month: 2, day: 28, hour: 2, minute: 30, second: 0 };
    expect(instantIn(berlin, 'Europe/Berlin').toISOString()).toBe('2027-03-28T01:30:00.000Z'); // 3:30 CEST
  });

  it('reads the weekday on the event’s own clock: Tuesday 8 PM in New York is Wednesday in UTC', () => {
    const tuesdayEvening = new Date('2027-01-06T01:00:00Z');
    expect(weekdayIn(tuesdayEvening, 'America/New_York')).toBe(2);
    expect(weekdayIn(tuesdayEvening, 'UTC')).toBe(3);
    expect(repeatAllowsStart('TUESDAY', tuesdayEvening, 'America/New_York')).toBe(true);
    expect(repeatAllowsStart('TUESDAY', tuesdayEvening, 'UTC')).toBe(false);
    expect(repeatAllowsStart('WEEKDAY', new Date('2027-01-09T15:00:00Z'), 'Europe/Berlin')).toBe(false); // Saturday
    expect(repeatAllowsStart('DAILY', new Date('2027-01-09T15:00:00Z'), 'Europe/Berlin')).toBe(true);
  });

  it('refuses a weekly series whose start is not on its day, naming the day, in the event’s zone', () => {
    const wednesday = { ...event, startDate: '2027-01-06T15:00:00Z', endDate: '2027-01-06T16:00:00Z' };
    for (const repeat of ['TUESDAY', 'BI_WEEKLY_TUESDAY', 'WEEKDAY'] as const) {
      const start = repeat === 'WEEKDAY' ? '2027-01-09T15:00:00Z' : wednesday.startDate;
      const answer = CreateEventInput.safeParse({
        ...wednesday,
        startDate: start,
        endDate: start.replace('15:00', '16:00'),
        repeat,
        timeZone: 'Europe/Berlin',
      });
      expect(answer.error?.issues).toEqual([
        expect.objectContaining({ path: ['startDate'], message: REPEAT_START_DAY_MISMATCH[repeat] }),
      ]);
    }
    expect(
      CreateEventInput.safeParse({
        ...wednesday,
        repeat: 'TUESDAY',
        timeZone: 'Mars/Base',
      }).error?.issues.map((issue) => issue.message),
    ).toEqual(['Choose a valid time zone']);
  });

  it('lets WEEKLY and BI_WEEKLY start on any day, and names that day (issue 26)', () => {
    const thursdayEvening = new Date('2027-01-08T01:00:00Z'); // Thursday 8 PM in New York, Friday in UTC
    for (const repeat of ['WEEKLY', 'BI_WEEKLY'] as const) {
      expect(repeatStartMismatch(repeat, thursdayEvening, 'America/New_York')).toBeUndefined();
      expect(
        CreateEventInput.safeParse({
          ...event,
          startDate: '2027-01-08T01:00:00Z',
          endDate: '2027-01-08T02:00:00Z',
          repeat,
        }).success,
      ).toBe(true);
    }
    expect(repeatStartMismatch('TUESDAY', thursdayEvening, 'America/New_York')).toBe(
      REPEAT_START_DAY_MISMATCH.TUESDAY,
    );
    expect(repeatLabel('WEEKLY', thursdayEvening, 'America/New_York')).toBe('Repeats every Thursday');
    expect(repeatLabel('BI_WEEKLY', thursdayEvening, 'UTC')).toBe('Repeats every other Friday');
    expect(repeatLabel('BI_WEEKLY_TUESDAY', thursdayEvening, 'UTC')).toBe('Repeats every other Tuesday');
  });
});
