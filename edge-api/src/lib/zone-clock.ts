// Clock readings in an event's zone, for the server's expansion (lib/occurrences.ts) and the
// calendar files (lib/ical.ts) alike.
import { canonicalTimeZone, DEFAULT_TIME_ZONE, wallClockIn } from '@community/domain';

const readable = new Map<string, string>();

/**
 * The zone an event's dates are computed and written in. The API stores IANA zone names only and
 * migration 0010 repaired the rows stored before (issue 27); a name this runtime does not know (a
 * row written by hand, a zone newer than the runtime's data) is read in the default zone rather than
 * making every read of its event fail.
 */
export function readableTimeZone(name: string): string {
  let zone = readable.get(name);
  if (zone === undefined) {
    zone = canonicalTimeZone(name) ?? DEFAULT_TIME_ZONE;
    // Few distinct zones exist; the bound only keeps hand-written rows from growing the map.
    if (readable.size < 1000) readable.set(name, zone);
  }
  return zone;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The clock reading of `date` in `timeZone` as an iCalendar local DATE-TIME: 20261201T190000. */
export function localStamp(date: Date, timeZone: string): string {
  const wall = wallClockIn(date, timeZone);
  return `${pad(wall.year, 4)}${pad(wall.month + 1)}${pad(wall.day)}T${pad(wall.hour)}${pad(wall.minute)}${pad(wall.second)}`;
}
