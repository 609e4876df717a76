// The published events of one calendar month. The API pages upcoming events forwards and past events
// backwards from now, so a month is read by paging each side that overlaps it until past its edge.
import type { CommunityEvent } from '@community/domain';
import { useEffect, useState } from 'react';
import { type CalendarMonth, easternMonthRange } from '../lib/calendar-month.ts';
import { useEventsRevision } from '../lib/events-revision.ts';
import { type EventsWhen, getEvents } from './get-events.ts';

const PAGE_SIZE = 100;
/** Ours: stops a runaway walk through a very large history (10,000 past events at 100 a page). */
const MAX_PAGES = 100;

async function collect(
  when: EventsWhen,
  start: Date,
  end: Date,
  signal: AbortSignal,
  into: CommunityEvent[],
): Promise<void> {
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await getEvents(when, cursor, signal, PAGE_SIZE);
    for (const event of result.items) {
      const startsAt = Date.parse(event.startDate);
      const beyond = when === 'upcoming' ? startsAt >= end.getTime() : startsAt < start.getTime();
      if (beyond) return;
      if (startsAt >= start.getTime() && startsAt < end.getTime()) into.push(event);
    }
    if (!result.nextCursor) return;
    cursor = result.nextCursor;
  }
}

export async function getMonthEvents(
  month: CalendarMonth,
  signal: AbortSignal,
  now: Date = new Date(),
): Promise<CommunityEvent[]> {
  const { start, end } = easternMonthRange(month);
  const events: CommunityEvent[] = [];
  const sides: Promise<void>[] = [];
  if (start.getTime() < now.getTime()) sides.push(collect('past', start, end, signal, events));
  if (end.getTime() > now.getTime()) sides.push(collect('upcoming', start, end, signal, events));
  await Promise.all(sides);
  return events.sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
}

export type MonthEventsState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; events: CommunityEvent[] };

export function useMonthEvents(month: CalendarMonth): MonthEventsState & { reload: () => void } {
  const [state, setState] = useState<MonthEventsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const revision = useEventsRevision();
  const { year, month: monthIndex } = month;

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getMonthEvents({ year, month: monthIndex }, controller.signal).then(
      (events) => setState({ status: 'ready', events }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[events] month', error);
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [year, monthIndex, attempt, revision]);

  return { ...state, reload: () => setAttempt((n) => n + 1) };
}
