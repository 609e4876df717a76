// The month grid of the calendar view. Days are US Eastern days, like every date the events
// feature shows, so an event sits on the day its card names.
import { EVENT_TIME_ZONE } from './event-dates.ts';

export type CalendarMonth = { year: number; month: number }; // month 0-11
export type CalendarDay = { key: string; year: number; month: number; day: number; inMonth: boolean };

const pad = (n: number) => String(n).padStart(2, '0');
export const dayKey = (year: number, month: number, day: number) => `${year}-${pad(month + 1)}-${pad(day)}`;

const easternParts = new Intl.DateTimeFormat('en-US', {
  timeZone: EVENT_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

function wallClock(date: Date) {
  const parts: Record<string, number> = {};
  for (const part of easternParts.formatToParts(date)) {
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

/** "2026-03-08": the Eastern calendar day of an instant. */
export function easternDayKey(date: Date): string {
  const { year, month, day } = wallClock(date);
  return dayKey(year, month, day);
}

export function easternMonthOf(date: Date): CalendarMonth {
  const { year, month } = wallClock(date);
  return { year, month };
}

/** The instant of midnight in New York on a calendar day. */
export function easternMidnight(year: number, month: number, day: number): Date {
  // US clocks change at 2:00, so the offset at 5:00 UTC (midnight EST, 1:00 EDT) is midnight's.
  const probe = new Date(Date.UTC(year, month, day, 5));
  const wall = wallClock(probe);
  const offset =
    Date.UTC(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second) - probe.getTime();
  return new Date(Date.UTC(year, month, day) - offset);
}

export const addMonths = ({ year, month }: CalendarMonth, delta: number): CalendarMonth => {
  const index = year * 12 + month + delta;
  return { year: Math.floor(index / 12), month: ((index % 12) + 12) % 12 };
};

/** [start, end) of a month in Eastern time. */
export function easternMonthRange({ year, month }: CalendarMonth): { start: Date; end: Date } {
  const next = addMonths({ year, month }, 1);
  return { start: easternMidnight(year, month, 1), end: easternMidnight(next.year, next.month, 1) };
}

/** The weeks (Sunday first) covering a month, with the neighbouring months' days to fill them. */
export function monthWeeks({ year, month }: CalendarMonth): CalendarDay[][] {
  const first = new Date(Date.UTC(year, month, 1));
  const start = new Date(first);
  start.setUTCDate(1 - first.getUTCDay());
  const weeks: CalendarDay[][] = [];
  const cursor = new Date(start);
  do {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i++) {
      week.push({
        key: dayKey(cursor.getUTCFullYear(), cursor.getUTCMonth(), cursor.getUTCDate()),
        year: cursor.getUTCFullYear(),
        month: cursor.getUTCMonth(),
        day: cursor.getUTCDate(),
        inMonth: cursor.getUTCMonth() === month,
      });
      cursor.setUTCDate(cursor.getUTCDate() + 1);
    }
    weeks.push(week);
  } while (cursor.getUTCMonth() === month);
  return weeks;
}

const monthTitle = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "March 2026". */
export const monthLabel = ({ year, month }: CalendarMonth) =>
  monthTitle.format(new Date(Date.UTC(year, month, 15)));

export const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Groups events by their Eastern start day. */
export function eventsByDay<T extends { startDate: string }>(events: readonly T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const event of events) {
    const key = easternDayKey(new Date(event.startDate));
    const list = days.get(key);
    if (list) list.push(event);
    else days.set(key, [event]);
  }
  return days;
}
