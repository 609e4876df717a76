// Writes events as iCalendar (RFC 5545): UTC instants, RRULE for repeats, text escaping and line
// folding at 75 octets, CRLF line ends. Calendar apps subscribe to the community feed or import one
// event.
import type { EventRepeat } from '@community/domain';
import { repeatRule } from './repeat-rules.ts';

export type CalendarEntry = {
  id: string;
  title: string;
  description: string | null;
  startDate: Date;
  endDate: Date;
  repeat: EventRepeat;
  location: string | null;
  url: string | null;
  updatedAt: Date;
};

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

function eventLines(entry: CalendarEntry, domain: string): string[] {
  const rule = repeatRule(entry.repeat);
  return [
    'BEGIN:VEVENT',
    `UID:${entry.id}@${domain}`,
    `DTSTAMP:${utcStamp(entry.updatedAt)}`,
    `DTSTART:${utcStamp(entry.startDate)}`,
    `DTEND:${utcStamp(entry.endDate)}`,
    ...(rule ? [`RRULE:${rule}`] : []),
    `SUMMARY:${escapeText(entry.title)}`,
    ...(entry.description ? [`DESCRIPTION:${escapeText(entry.description)}`] : []),
    ...(entry.location ? [`LOCATION:${escapeText(entry.location)}`] : []),
    ...(entry.url ? [`URL:${entry.url}`] : []),
    'END:VEVENT',
  ];
}

/** `domain` names the UIDs (`<event id>@<domain>`): the configured public host, never a request's Host. */
export function toICalendar(entries: CalendarEntry[], options: { name: string; domain: string }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Community Platform//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
    ...entries.flatMap((entry) => eventLines(entry, options.domain)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
