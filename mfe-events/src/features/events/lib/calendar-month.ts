// The month grid of the calendar view. Its days are the viewer's own (a calendar shows the days the
// person looking at it lives in; docs/product-decisions.md "Repeating events"), so an evening event
// in New York sits on the next day for a viewer in Tokyo; its chip says the time on the viewer's clock.
import { EVENT_TIME_ZONE } from './event-dates.ts';
import { dayKeyIn, instantIn, wallClockIn } from './zoned-time.ts';

export type CalendarMonth = { year: number; month: number }; // month 0-11
export type CalendarDay = { key: string; year: number; month: number; day: number; inMonth: boolean };

const pad = (n: number) => String(n).padStart(2, '0');
export const dayKey = (year: number, month: number, day: number) => `${year}-${pad(month + 1)}-${pad(day)}`;

/** "2026-03-08": the Eastern calendar day of an instant. */
export const easternDayKey = (date: Date): string => dayKeyIn(date, EVENT_TIME_ZONE);

/** The month an instant falls in on the clocks of `timeZone`. */
export function monthOfIn(date: Date, timeZone: string): CalendarMonth {
  const { year, month } = wallClockIn(date, timeZone);
  return { year, month };
}
export const easternMonthOf = (date: Date): CalendarMonth => monthOfIn(date, EVENT_TIME_ZONE);

/** The instant a calendar day begins in `timeZone`. */
export const midnightIn = (year: number, month: number, day: number, timeZone: string): Date =>
  instantIn({ year, month, day, hour: 0, minute: 0, second: 0 }, timeZone);

/** The instant of midnight in New York on a calendar day. */
export const easternMidnight = (year: number, month: number, day: number): Date =>
  midnightIn(year, month, day, EVENT_TIME_ZONE);

export const addMonths = ({ year, month }: CalendarMonth, delta: number): CalendarMonth => {
  const index = year * 12 + month + delta;
  return { year: Math.floor(index / 12), month: ((index % 12) + 12) % 12 };
};

/** [start, end) of a month in Eastern time (the lists' month headers). */
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

/** [from, to) of the weeks a month's grid shows, midnight to midnight in `timeZone`: what the grid asks for. */
export function gridRange(month: CalendarMonth, timeZone: string): { from: Date; to: Date } {
  const weeks = monthWeeks(month);
  const first = weeks[0]?.[0];
  const last = weeks[weeks.length - 1]?.[6];
  if (!first || !last) throw new Error('a month has weeks');
  return {
    from: midnightIn(first.year, first.month, first.day, timeZone),
    to: midnightIn(last.year, last.month, last.day + 1, timeZone),
  };
}

/** Groups events (or their occurrences) by the day they start on in `timeZone` (Eastern by default). */
export function eventsByDay<T extends { startDate: string; occurrence?: { start: string } | null }>(
  events: readonly T[],
  timeZone: string = EVENT_TIME_ZONE,
): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const event of events) {
    const key = dayKeyIn(new Date(event.occurrence?.start ?? event.startDate), timeZone);
    const list = days.get(key);
    if (list) list.push(event);
    else days.set(key, [event]);
  }
  return days;
}
