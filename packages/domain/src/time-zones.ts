// Time zones and repeat rules that the event form and the server check alike (issue 12): an event
// lives in an IANA time zone, and a weekly repeat must start on one of the days it repeats on, in
// that zone (a Tuesday 8 PM in New York is a Wednesday in UTC). Wall clocks translate between an
// instant and a zone's calendar day and clock time.
import type { EventRepeat } from './entities.ts';
import { DEFAULT_TIME_ZONE } from './limits.ts';
import { REPEAT_START_DAY_MISMATCH } from './messages.ts';

/**
 * The shape of an IANA zone name: "/"-separated parts of letters, digits, "_", "-" and "+", the
 * first starting with a letter ("America/Argentina/Buenos_Aires", "Etc/GMT+5", "UTC"). UTC offsets
 * such as "+05:30", which newer runtimes (workerd) accept as a time zone too, are not zone names:
 * calendar files, RRULE expansion and other runtimes cannot use them (issue 27).
 */
const IANA_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * The runtime's spelling of an IANA zone name ("america/new_york" → "America/New_York", "Etc/UTC"
 * → "UTC"; a link may resolve to its zone, e.g. "US/Eastern" → "America/New_York"), or undefined
 * when `name` is not a zone this runtime's IANA data knows.
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (!name || name.length > 64 || !IANA_ZONE_NAME.test(name)) return undefined;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return IANA_ZONE_NAME.test(resolved) ? resolved : undefined;
  } catch {
    return undefined;
  }
}

/** True for a zone name this runtime's IANA data knows (e.g. "Europe/Berlin"), in any letter case. */
export function isTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== undefined;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day of the week (0 = Sunday … 6 = Saturday) of an instant on the clocks of `timeZone`. */
export function weekdayIn(date: Date, timeZone: string = DEFAULT_TIME_ZONE): number {
  let format = weekdayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' });
    weekdayFormats.set(timeZone, format);
  }
  return WEEKDAYS.indexOf(format.format(date));
}

/** A calendar day (month 0-11) and clock time on the clocks of some zone. */
export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day and clock time (month 0-11) of an instant in `timeZone`. */
export function wallClockIn(date: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: (parts.month ?? 1) - 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const offsetAt = (instant: number, timeZone: string): number => {
  const wall = wallClockIn(new Date(instant), timeZone);
  return (
    Date.UTC(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second) -
    Math.floor(instant / 1000) * 1000
  );
};

/**
 * The instant a wall-clock time happens in `timeZone`. A time skipped by a clock change (2:30 on the
 * March Sunday in New York) moves forward by the gap; a repeated one (1:30 in November) is the first.
 */
export function instantIn(wall: WallClock, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second);
  // Two passes settle on the offset that applies at the answer itself, clock changes included.
  const first = asUtc - offsetAt(asUtc, timeZone);
  const second = asUtc - offsetAt(first, timeZone);
  if (second === first) return new Date(first);
  // Ambiguous or skipped: the earlier candidate whose clock reads the wanted time, else the later one.
  const earlier = Math.min(first, second);
  return new Date(offsetAt(earlier, timeZone) === asUtc - earlier ? earlier : Math.max(first, second));
}

/**
 * The local days of the week a series may start on; null when any day will do (DAILY, and WEEKLY and
 * BI_WEEKLY, which repeat on whatever day they start).
 */
export const REPEAT_START_DAYS: Record<EventRepeat, readonly number[] | null> = {
  NO_REPEAT: null,
  DAILY: null,
  WEEKDAY: [1, 2, 3, 4, 5],
  TUESDAY: [2],
  BI_WEEKLY_TUESDAY: [2],
  WEEKLY: null,
  BI_WEEKLY: null,
};

/** Whether a series with this repeat may start at `start` in `timeZone` (its first session is one of its days). */
export function repeatAllowsStart(repeat: EventRepeat, start: Date, timeZone: string): boolean {
  const days = REPEAT_START_DAYS[repeat];
  return days === null || days.includes(weekdayIn(start, timeZone));
}

/** Why a series may not start at `start` (the message names its day), or undefined when it may. */
export function repeatStartMismatch(repeat: EventRepeat, start: Date, timeZone: string): string | undefined {
  if (repeat !== 'WEEKDAY' && repeat !== 'TUESDAY' && repeat !== 'BI_WEEKLY_TUESDAY') return undefined;
  return repeatAllowsStart(repeat, start, timeZone) ? undefined : REPEAT_START_DAY_MISMATCH[repeat];
}

export const LONG_WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** What the detail card says of a series; a weekly one names the day it starts on (in its zone). */
export function repeatLabel(repeat: EventRepeat, start: Date, timeZone: string): string {
  const day = LONG_WEEKDAY_NAMES[weekdayIn(start, timeZone)];
  switch (repeat) {
    case 'NO_REPEAT':
      return 'Does not repeat';
    case 'DAILY':
      return 'Repeats every day';
    case 'WEEKDAY':
      return 'Repeats every weekday (Monday to Friday)';
    case 'TUESDAY':
      return 'Repeats every Tuesday';
    case 'BI_WEEKLY_TUESDAY':
      return 'Repeats every other Tuesday';
    case 'WEEKLY':
      return `Repeats every ${day}`;
    case 'BI_WEEKLY':
      return `Repeats every other ${day}`;
  }
}
