// Writes events as iCalendar (RFC 5545): clock times in the event's own IANA zone (DTSTART;TZID=…)
// with a VTIMEZONE from the tz database package (lib/vtimezone.ts) for each zone used, RRULE for repeats and
// EXDATE for cancelled dates (both then follow that zone's days and clock changes, as the server's
// own expansion does), SEQUENCE/LAST-MODIFIED so subscribed calendars take edits, STATUS:CANCELLED
// for cancelled and deleted events; text escaping and line folding at 75 octets, CRLF line ends. Calendar apps
// subscribe to the community feed or import one event.
import type { EventRepeat } from '@community/domain';
import { ruleStampOf } from './occurrences.ts';
import { repeatRule } from './repeat-rules.ts';
import { vtimezoneLines } from './vtimezone.ts';
import { localStamp, readableTimeZone } from './zone-clock.ts';

export { localStamp };

export type CalendarEntry = {
  id: string;
  title: string;
  description: string | null;
  startDate: Date;
  endDate: Date;
  repeat: EventRepeat;
  /** IANA zone the clock times and the repeat rule are written in. */
  timeZone: string;
  location: string | null;
  url: string | null;
  updatedAt: Date;
  /** iCalendar SEQUENCE (events.sequence; a tombstone's is one more than the deleted event's). */
  sequence: number;
  /** Starts of the series' dates the host called off (EXDATE). */
  cancelledDates: Date[];
  /** A cancelled or deleted event: the same UID, marked cancelled so subscribed calendars drop it. */
  cancelled?: boolean;
};

/** How many years past the current one a VTIMEZONE lists changes for (rules still in force go on). */
const ZONE_YEARS_AHEAD = 5;

/** 20261122T153000Z */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT value escaping (RFC 5545 3.3.11). */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds a content line so no line exceeds 75 octets, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let currentBytes = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (currentBytes + size > limit) {
      parts.push(current);
      current = '';
      currentBytes = 0;
    }
    current += char;
    currentBytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(given: CalendarEntry, domain: string, stamp: Date): string[] {
  const entry = { ...given, timeZone: readableTimeZone(given.timeZone) };
  const rule = repeatRule(entry);
  const zone = `TZID=${entry.timeZone}`;
  return [
    'BEGIN:VEVENT',
    `UID:${entry.id}@${domain}`,
    `DTSTAMP:${utcStamp(stamp)}`,
    `LAST-MODIFIED:${utcStamp(entry.updatedAt)}`,
    `SEQUENCE:${entry.sequence}`,
    `DTSTART;${zone}:${localStamp(entry.startDate, entry.timeZone)}`,
    `DTEND;${zone}:${localStamp(entry.endDate, entry.timeZone)}`,
    ...(rule ? [`RRULE:${rule}`] : []),
    // The reading the RRULE makes (02:30 on a spring-forward night, though that date happens at 03:30).
    ...(rule ? entry.cancelledDates.map((date) => `EXDATE;${zone}:${ruleStampOf(entry, date)}`) : []),
    ...(entry.cancelled ? ['STATUS:CANCELLED'] : []),
    `SUMMARY:${escapeText(entry.title)}`,
    ...(entry.description ? [`DESCRIPTION:${escapeText(entry.description)}`] : []),
    ...(entry.location ? [`LOCATION:${escapeText(entry.location)}`] : []),
    ...(entry.url ? [`URL:${entry.url}`] : []),
    'END:VEVENT',
  ];
}

/** One VTIMEZONE per zone the entries use, covering their earliest start to a few years ahead. */
function timeZoneLines(entries: CalendarEntry[], now: Date): string[] {
  const firstYear = new Map<string, number>();
  for (const entry of entries) {
    const year = entry.startDate.getUTCFullYear();
    const zone = readableTimeZone(entry.timeZone);
    firstYear.set(zone, Math.min(year, firstYear.get(zone) ?? year));
  }
  const lastYear = now.getUTCFullYear() + ZONE_YEARS_AHEAD;
  return [...firstYear].flatMap(
    ([zone, year]) => vtimezoneLines(zone, year, Math.max(year, lastYear)) ?? runtimeOnlyZone(zone, year),
  );
}

/**
 * A zone the runtime knows but the tz database package does not (a package older than the runtime):
 * one observance with the offset the event's year starts with, so the file stays valid.
 */
function runtimeOnlyZone(zone: string, year: number): string[] {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(Date.UTC(year, 0, 1))
    .find((part) => part.type === 'timeZoneName')?.value;
  const offset = /GMT([+-]\d{2}):?(\d{2})?/.exec(name ?? '');
  const tzOffset = offset ? `${offset[1]}${offset[2] ?? '00'}` : '+0000';
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${tzOffset}`,
    `TZOFFSETTO:${tzOffset}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ];
}

/** `domain` names the UIDs (`<event id>@<domain>`): the configured public host, never a request's Host. */
export function toICalendar(
  entries: CalendarEntry[],
  options: { name: string; domain: string; now?: Date },
): string {
  const now = options.now ?? new Date();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Community Platform//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
    ...timeZoneLines(entries, now),
    ...entries.flatMap((entry) => eventLines(entry, options.domain, now)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
