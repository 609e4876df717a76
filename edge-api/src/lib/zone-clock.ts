// Clock readings in an event's zone, for the server's expansion (lib/occurrences.ts) and the
// calendar files (lib/ical.ts) alike.
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from '@community/domain';

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

const localFormats = new Map<string, Intl.DateTimeFormat>();

/** The clock reading of `date` in `timeZone` as an iCalendar local DATE-TIME: 20261201T190000. */
export function localStamp(date: Date, timeZone: string): string {
  let format = localFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    localFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}
