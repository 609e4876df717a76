// Event times are shown on the event's own clock with its zone label ("7:00 PM EST", "19:00 CET"
// reads "7:00 PM GMT+1" in en-US), and the viewer's clock beside them when it reads differently.
// Lists are grouped by the month of the date they show. Before issue 12 every event was in New York.
import { type CommunityEvent, DEFAULT_TIME_ZONE } from '@community/domain';
import { viewerTimeZone } from './zoned-time.ts';

/** The zone events had before they carried one; still the community's default. */
export const EVENT_TIME_ZONE = DEFAULT_TIME_ZONE;

type Formats = {
  day: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
  zone: Intl.DateTimeFormat;
  month: Intl.DateTimeFormat;
};
const formatsByZone = new Map<string, Formats>();

function formatsIn(timeZone: string): Formats {
  let formats = formatsByZone.get(timeZone);
  if (!formats) {
    formats = {
      day: new Intl.DateTimeFormat('en-US', {
        timeZone,
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      }),
      time: new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }),
      zone: new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }),
      month: new Intl.DateTimeFormat('en-US', { timeZone, month: 'long', year: 'numeric' }),
    };
    formatsByZone.set(timeZone, formats);
  }
  return formats;
}

const shortName = (format: Intl.DateTimeFormat, date: Date) =>
  format.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
const britishZones = new Map<string, Intl.DateTimeFormat>();

/**
 * "EST", "EDT", "CET", "BST", else "GMT+9": the short name of `timeZone` at that instant. US English
 * names only American zones; British English adds the European ones ("CET" rather than "GMT+1").
 */
export function zoneLabel(date: Date, timeZone: string): string {
  const american = shortName(formatsIn(timeZone).zone, date) ?? timeZone;
  if (!american.startsWith('GMT')) return american;
  let british = britishZones.get(timeZone);
  if (!british) {
    british = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' });
    britishZones.set(timeZone, british);
  }
  const name = shortName(british, date);
  return name && !name.startsWith('GMT') && !name.startsWith('UTC') ? name : american;
}

/** "EST" or "EDT", whichever applies in New York at that instant. */
export const easternZoneLabel = (date: Date): string => zoneLabel(date, EVENT_TIME_ZONE);

/** "January 2025": the month-and-year header an event is listed under (the community's zone). */
export function monthAndYear(date: Date, timeZone: string = EVENT_TIME_ZONE): string {
  return formatsIn(timeZone).month.format(date);
}

/**
 * "Tue, Jan 14, 2025 · 6:00 PM – 8:00 PM EST" on one day, otherwise both days in full; each end keeps its
 * own zone label when daylight saving time starts or ends in between.
 */
export function formatEventDateRange(
  startIso: string,
  endIso: string,
  timeZone: string = EVENT_TIME_ZONE,
): string {
  const { day, time } = formatsIn(timeZone);
  const start = new Date(startIso);
  const end = new Date(endIso);
  const startDay = day.format(start);
  const endDay = day.format(end);
  const startZone = zoneLabel(start, timeZone);
  const endZone = zoneLabel(end, timeZone);
  if (startDay === endDay) {
    return `${startDay} · ${time.format(start)} – ${time.format(end)} ${endZone}`;
  }
  const startTime = startZone === endZone ? time.format(start) : `${time.format(start)} ${startZone}`;
  return `${startDay}, ${startTime} – ${endDay}, ${time.format(end)} ${endZone}`;
}

/**
 * The same session on the viewer's clock ("Wed, Jan 15, 2025 · 8:00 AM – 10:00 AM GMT+9 your time"),
 * or null when the viewer's clock reads the same as the event's (same zone, or same offset then).
 */
export function formatViewerDateRange(
  startIso: string,
  endIso: string,
  timeZone: string,
  viewerZone: string = viewerTimeZone(),
): string | null {
  const theirs = formatEventDateRange(startIso, endIso, timeZone);
  const ours = formatEventDateRange(startIso, endIso, viewerZone);
  const clockOnly = (text: string) => text.replace(/ \S+$/, '');
  if (viewerZone === timeZone || clockOnly(theirs) === clockOnly(ours)) return null;
  return `${ours} your time`;
}

export type MonthGroup<T> = { label: string; items: T[] };

/** Groups an ordered list under month-and-year headers, keeping the list's order (ascending or not). */
export function groupByMonth<T>(items: readonly T[], dateOf: (item: T) => string): MonthGroup<T>[] {
  const groups: MonthGroup<T>[] = [];
  for (const item of items) {
    const label = monthAndYear(new Date(dateOf(item)));
    const last = groups[groups.length - 1];
    if (last && last.label === label) last.items.push(item);
    else groups.push({ label, items: [item] });
  }
  return groups;
}

/** "6:00 PM EST": a start time on the event's clock. */
export function formatEventTime(iso: string, timeZone: string = EVENT_TIME_ZONE): string {
  const date = new Date(iso);
  return `${formatsIn(timeZone).time.format(date)} ${zoneLabel(date, timeZone)}`;
}

/** "6:00 PM": a start time on the viewer's clock (the month grid's days are the viewer's). */
export function formatClockTime(iso: string, timeZone: string): string {
  return formatsIn(timeZone).time.format(new Date(iso));
}

/** The session a card stands for: the list's occurrence (next, last, or the grid's date), else the series' first. */
export function sessionOf(event: Pick<CommunityEvent, 'startDate' | 'endDate' | 'occurrence'>): {
  start: string;
  end: string;
  cancelled: boolean;
} {
  return event.occurrence ?? { start: event.startDate, end: event.endDate, cancelled: false };
}

/** The event's zone, for events read from an older server that did not send one. */
export const zoneOf = (event: Pick<CommunityEvent, 'timeZone'>): string => event.timeZone || EVENT_TIME_ZONE;
