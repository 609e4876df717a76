// Event times are shown in US Eastern time with their zone label (EST in winter, EDT in summer), and
// lists are grouped by the Eastern month, so a header always matches the dates under it.
export const EVENT_TIME_ZONE = 'America/New_York';

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: EVENT_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: EVENT_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});
const zoneFormat = new Intl.DateTimeFormat('en-US', { timeZone: EVENT_TIME_ZONE, timeZoneName: 'short' });
const monthFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: EVENT_TIME_ZONE,
  month: 'long',
  year: 'numeric',
});

/** "EST" or "EDT", whichever applies in New York at that instant. */
export function easternZoneLabel(date: Date): string {
  return zoneFormat.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? 'ET';
}

/** "January 2025": the month-and-year header an event is listed under. */
export function monthAndYear(date: Date): string {
  return monthFormat.format(date);
}

/**
 * "Tue, Jan 14, 2025 · 6:00 PM – 8:00 PM EST" on one day, otherwise both days in full; each end keeps its
 * own zone label when daylight saving time starts or ends in between.
 */
export function formatEventDateRange(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const startDay = dayFormat.format(start);
  const endDay = dayFormat.format(end);
  const startZone = easternZoneLabel(start);
  const endZone = easternZoneLabel(end);
  if (startDay === endDay) {
    return `${startDay} · ${timeFormat.format(start)} – ${timeFormat.format(end)} ${endZone}`;
  }
  const startTime =
    startZone === endZone ? timeFormat.format(start) : `${timeFormat.format(start)} ${startZone}`;
  return `${startDay}, ${startTime} – ${endDay}, ${timeFormat.format(end)} ${endZone}`;
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

/** "6:00 PM EST": a start time for the calendar grid. */
export function formatEventTime(iso: string): string {
  const date = new Date(iso);
  return `${timeFormat.format(date)} ${easternZoneLabel(date)}`;
}
