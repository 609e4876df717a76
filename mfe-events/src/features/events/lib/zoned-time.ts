// Wall clocks in an IANA time zone (issue 12): an event's times are entered and shown on its own
// zone's clock, and the viewer's clock beside them. Instants stay `Date`s; these helpers translate.
import { DEFAULT_TIME_ZONE } from '@community/domain';

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

/** The zone this browser shows its clock in. */
export const viewerTimeZone = (): string =>
  Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;

/** Every zone this browser knows (for the form's picker), with the given ones kept first if missing. */
export function timeZoneNames(...keep: string[]): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIME_ZONE];
  const names = new Set(known);
  const missing = keep.filter((name) => name && !names.has(name));
  return [...missing, ...known];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** "2026-03-08": the calendar day of an instant in `timeZone`. */
export function dayKeyIn(date: Date, timeZone: string): string {
  const { year, month, day } = wallClockIn(date, timeZone);
  return `${year}-${pad(month + 1)}-${pad(day)}`;
}
