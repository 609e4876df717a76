import { describe, expect, it } from 'vitest';
import { CreateEventInput } from './event.ts';
import { REPEAT_START_DAY_MISMATCH } from './messages.ts';
import { isTimeZone, repeatAllowsStart, repeatLabel, repeatStartMismatch, weekdayIn } from './time-zones.ts';

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
