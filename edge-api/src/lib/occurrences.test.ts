import type { EventRepeat } from '@community/domain';
import { describe, expect, it } from 'vitest';
import {
  isOccurrenceStart,
  listDateOf,
  nextOccurrence,
  occurrencesBetween,
  previousOccurrence,
  ruleStampOf,
  type Series,
} from './occurrences.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function series(start: string, repeat: EventRepeat, timeZone: string, cancelled: string[] = []): Series {
  const startDate = new Date(start);
  return {
    startDate,
    endDate: new Date(startDate.getTime() + 2 * HOUR),
    repeat,
    timeZone,
    cancelled: cancelled.map((date) => new Date(date)),
  };
}

/** "Tue 19:00" on the clocks of `timeZone`. */
function localDayAndTime(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.hour}:${parts.minute}`;
}

describe('occurrences of a series', () => {
  it('keeps 7:00 PM in New York across the March and November clock changes', () => {
    // 2027: clocks go forward on 14 March and back on 7 November.
    const tuesday = series('2027-03-03T00:00:00Z', 'TUESDAY', 'America/New_York'); // Tue 2 March, 7 PM EST
    const march = occurrencesBetween(
      tuesday,
      new Date('2027-03-01T00:00:00Z'),
      new Date('2027-03-25T00:00:00Z'),
    );
    expect(march.map((date) => date.start.toISOString())).toEqual([
      '2027-03-03T00:00:00.000Z',
      '2027-03-10T00:00:00.000Z',
      '2027-03-16T23:00:00.000Z', // EDT: 7 PM is 23:00 UTC now
      '2027-03-23T23:00:00.000Z',
    ]);
    const november = occurrencesBetween(
      tuesday,
      new Date('2027-10-25T00:00:00Z'),
      new Date('2027-11-20T00:00:00Z'),
    );
    expect(november.map((date) => date.start.toISOString())).toEqual([
      '2027-10-26T23:00:00.000Z',
      '2027-11-02T23:00:00.000Z',
      '2027-11-10T00:00:00.000Z', // EST again
      '2027-11-17T00:00:00.000Z',
    ]);
    for (const date of [...march, ...november]) {
      expect(localDayAndTime(date.start, 'America/New_York')).toBe('Tue 19:00');
      expect(date.end.getTime() - date.start.getTime()).toBe(2 * HOUR);
      expect(date.cancelled).toBe(false);
    }
  });

  it('follows Berlin’s own clock change (last Sunday of March), not New York’s', () => {
    const daily = series('2027-03-25T17:30:00Z', 'DAILY', 'Europe/Berlin'); // 18:30 CET
    const dates = occurrencesBetween(
      daily,
      new Date('2027-03-25T00:00:00Z'),
      new Date('2027-04-01T00:00:00Z'),
    );
    expect(dates).toHaveLength(7);
    for (const date of dates) expect(localDayAndTime(date.start, 'Europe/Berlin')).toMatch(/ 18:30$/);
    expect(dates[2]?.start.toISOString()).toBe('2027-03-27T17:30:00.000Z'); // Saturday, CET
    expect(dates[3]?.start.toISOString()).toBe('2027-03-28T16:30:00.000Z'); // Sunday, CEST
  });

  it('repeats every weekday on local days: an 8 PM New York event is Tuesday–Saturday in UTC', () => {
    const weekday = series('2027-01-05T01:00:00Z', 'WEEKDAY', 'America/New_York'); // Mon 4 Jan, 8 PM
    const dates = occurrencesBetween(
      weekday,
      new Date('2027-01-04T00:00:00Z'),
      new Date('2027-01-18T00:00:00Z'),
    );
    expect(dates.map((date) => localDayAndTime(date.start, 'America/New_York'))).toEqual([
      'Mon 20:00',
      'Tue 20:00',
      'Wed 20:00',
      'Thu 20:00',
      'Fri 20:00',
      'Mon 20:00',
      'Tue 20:00',
      'Wed 20:00',
      'Thu 20:00',
      'Fri 20:00',
    ]);
    expect(dates.map((date) => date.start.getUTCDay())).not.toContain(1); // no UTC Monday at all
  });

  it('repeats every other Tuesday: 14 days apart, first date included', () => {
    const biWeekly = series('2027-01-06T00:00:00Z', 'BI_WEEKLY_TUESDAY', 'America/New_York'); // Tue 5 Jan, 7 PM
    const dates = occurrencesBetween(
      biWeekly,
      new Date('2027-01-01T00:00:00Z'),
      new Date('2027-03-01T00:00:00Z'),
    );
    expect(dates.map((date) => date.start.toISOString())).toEqual([
      '2027-01-06T00:00:00.000Z',
      '2027-01-20T00:00:00.000Z',
      '2027-02-03T00:00:00.000Z',
      '2027-02-17T00:00:00.000Z',
    ]);
    for (let i = 1; i < dates.length; i++)
      expect((dates[i]?.start.getTime() ?? 0) - (dates[i - 1]?.start.getTime() ?? 0)).toBe(14 * DAY);
    expect(nextOccurrence(biWeekly, new Date('2027-01-07T00:00:00Z'))?.start.toISOString()).toBe(
      '2027-01-20T00:00:00.000Z',
    );
  });

  it('marks cancelled dates in a range and skips them for the next and the last date', () => {
    const daily = series('2027-01-04T15:00:00Z', 'DAILY', 'America/New_York', [
      '2027-01-06T15:00:00Z',
      '2027-01-07T15:00:00Z',
    ]);
    const dates = occurrencesBetween(
      daily,
      new Date('2027-01-04T00:00:00Z'),
      new Date('2027-01-09T00:00:00Z'),
    );
    expect(dates.map((date) => date.cancelled)).toEqual([false, false, true, true, false]);
    expect(nextOccurrence(daily, new Date('2027-01-05T16:00:00Z'))?.start.toISOString()).toBe(
      '2027-01-08T15:00:00.000Z',
    );
    expect(previousOccurrence(daily, new Date('2027-01-08T12:00:00Z'))?.start.toISOString()).toBe(
      '2027-01-05T15:00:00.000Z',
    );
    expect(previousOccurrence(daily, new Date('2027-01-04T15:00:00Z'))).toBeNull(); // nothing before the first
    expect(isOccurrenceStart(daily, new Date('2027-01-06T15:00:00Z'))).toBe(true); // cancelled is still a date
    expect(isOccurrenceStart(daily, new Date('2027-01-06T15:01:00Z'))).toBe(false);
    expect(isOccurrenceStart(daily, new Date('2027-01-03T15:00:00Z'))).toBe(false); // before the series
  });

  it('gives a single event its one date', () => {
    const once = series('2027-01-04T15:00:00Z', 'NO_REPEAT', 'America/New_York');
    const inside = occurrencesBetween(
      once,
      new Date('2027-01-01T00:00:00Z'),
      new Date('2027-02-01T00:00:00Z'),
    );
    expect(inside).toEqual([{ start: once.startDate, end: once.endDate, cancelled: false }]);
    expect(
      occurrencesBetween(once, new Date('2027-01-04T15:00:01Z'), new Date('2027-02-01T00:00:00Z')),
    ).toEqual([]);
    expect(nextOccurrence(once, new Date('2027-01-04T15:00:00Z'))?.start).toEqual(once.startDate);
    expect(nextOccurrence(once, new Date('2027-01-05T00:00:00Z'))).toBeNull();
    expect(previousOccurrence(once, new Date('2027-01-05T00:00:00Z'))?.start).toEqual(once.startDate);
    expect(previousOccurrence(once, once.startDate)).toBeNull();
    expect(isOccurrenceStart(once, once.startDate)).toBe(true);
    expect(isOccurrenceStart(once, new Date('2027-01-05T15:00:00Z'))).toBe(false);
  });

  it('finds the next and the last date of a weekly series from any instant', () => {
    const tuesday = series('2027-03-03T00:00:00Z', 'TUESDAY', 'America/New_York');
    expect(nextOccurrence(tuesday, new Date('2026-01-01T00:00:00Z'))?.start.toISOString()).toBe(
      '2027-03-03T00:00:00.000Z',
    );
    expect(nextOccurrence(tuesday, new Date('2027-03-10T00:00:00Z'))?.start.toISOString()).toBe(
      '2027-03-10T00:00:00.000Z', // inclusive
    );
    expect(previousOccurrence(tuesday, new Date('2027-03-10T00:00:00Z'))?.start.toISOString()).toBe(
      '2027-03-03T00:00:00.000Z', // exclusive
    );
    expect(previousOccurrence(tuesday, new Date('2029-06-01T00:00:00Z'))?.start.toISOString()).toBe(
      '2029-05-29T23:00:00.000Z',
    );
  });
});

describe('dates a clock change skips (issue 27)', () => {
  // Clocks skip 02:00–03:00 on 14 March 2027 in New York and on 28 March 2027 in Berlin.
  for (const [zone, start, gapDay] of [
    ['America/New_York', '2027-03-11T07:30:00Z', '2027-03-14T07:30:00.000Z'],
    ['Europe/Berlin', '2027-03-25T01:30:00Z', '2027-03-28T01:30:00.000Z'],
  ] as const) {
    it(`${zone}: a daily 02:30 happens at 03:30 on the spring-forward day, in ranges, next, last and checks`, () => {
      const daily = series(start, 'DAILY', zone);
      const week = occurrencesBetween(
        daily,
        new Date(start),
        new Date(Date.parse(start) + 7 * DAY - 2 * HOUR),
      );
      expect(week).toHaveLength(7);
      expect(week.map((date) => localDayAndTime(date.start, zone))).toEqual([
        'Thu 02:30',
        'Fri 02:30',
        'Sat 02:30',
        'Sun 03:30',
        'Mon 02:30',
        'Tue 02:30',
        'Wed 02:30',
      ]);
      expect(week[3]?.start.toISOString()).toBe(gapDay);
      expect(isOccurrenceStart(daily, new Date(gapDay))).toBe(true);
      const saturday = week[2]!.start;
      expect(nextOccurrence(daily, new Date(saturday.getTime() + 1))?.start.toISOString()).toBe(gapDay);
      expect(previousOccurrence(daily, week[4]!.start)?.start.toISOString()).toBe(gapDay);
      // Called off, the date is passed over by next and last.
      const cancelled = series(start, 'DAILY', zone, [gapDay]);
      expect(nextOccurrence(cancelled, new Date(saturday.getTime() + 1))?.start).toEqual(week[4]!.start);
      expect(occurrencesBetween(cancelled, week[3]!.start, week[4]!.start)).toEqual([
        { start: new Date(gapDay), end: new Date(Date.parse(gapDay) + 2 * HOUR), cancelled: true },
      ]);
      // The calendar file's EXDATE names the rule's 02:30, which calendar apps place at 03:30 too.
      expect(ruleStampOf(daily, new Date(gapDay))).toMatch(/T023000$/);
      expect(ruleStampOf(daily, week[4]!.start)).toMatch(/T023000$/);
    });
  }
});

describe('where a list shows a series (kept until its next date starts)', () => {
  it('answers as nextOccurrence and previousOccurrence at every instant around each date, kept or not', () => {
    // Asked in time order, as a running isolate is: every answer may come from the kept one.
    const daily = series('2027-03-01T23:00:00Z', 'DAILY', 'America/New_York', ['2027-03-04T23:00:00Z']);
    for (
      let at = Date.parse('2027-02-28T00:00:00Z');
      at < Date.parse('2027-03-09T00:00:00Z');
      at += HOUR / 2
    ) {
      for (const instant of [new Date(at), new Date(at + 1), new Date(at - 1)]) {
        expect(listDateOf(daily, instant, 'upcoming'), `${instant.toISOString()} upcoming`).toEqual(
          nextOccurrence(daily, instant),
        );
        expect(listDateOf(daily, instant, 'past'), `${instant.toISOString()} past`).toEqual(
          previousOccurrence(daily, instant),
        );
      }
    }
    // On a date's very start it is still the next one; a millisecond later it is the last one.
    const start = new Date('2027-03-05T23:00:00Z');
    expect(listDateOf(daily, start, 'upcoming')?.start).toEqual(start);
    expect(listDateOf(daily, new Date(start.getTime() + 1), 'past')?.start).toEqual(start);
  });

  it('never answers for another schedule: a called-off date or a new start is a new question', () => {
    const weekly = series('2027-03-03T00:00:00Z', 'TUESDAY', 'America/New_York');
    const now = new Date('2027-03-05T00:00:00Z');
    expect(listDateOf(weekly, now, 'upcoming')?.start.toISOString()).toBe('2027-03-10T00:00:00.000Z');
    const calledOff = { ...weekly, cancelled: [new Date('2027-03-10T00:00:00Z')] };
    // A week later, after New York's clocks went forward: still 7 PM there.
    expect(listDateOf(calledOff, now, 'upcoming')?.start.toISOString()).toBe('2027-03-16T23:00:00.000Z');
    const moved = {
      ...weekly,
      startDate: new Date('2027-03-03T01:00:00Z'),
      endDate: new Date('2027-03-03T03:00:00Z'),
    };
    expect(listDateOf(moved, now, 'upcoming')?.start.toISOString()).toBe('2027-03-10T01:00:00.000Z');
  });
});
