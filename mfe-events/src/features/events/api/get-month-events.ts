// The published events of the weeks a calendar month shows, one item per date (a daily series is on
// every day): one request, `GET /api/events?from=&to=`, expanded by the server (issue 12).
import { api, referenceOf, withQuery } from '@community/api-client';
import type { EventOccurrence, EventRange, EventSummary } from '@community/domain';
import { useEffect, useState } from 'react';
import { type CalendarMonth, gridRange } from '../lib/calendar-month.ts';
import { sessionOf } from '../lib/event-dates.ts';
import { useEventsRevision } from '../lib/events-revision.ts';

/** One date of an event on the grid. */
export type MonthItem = EventSummary & { occurrence: EventOccurrence };

export async function getMonthEvents(
  month: CalendarMonth,
  timeZone: string,
  signal: AbortSignal,
): Promise<MonthItem[]> {
  const { from, to } = gridRange(month, timeZone);
  const range = await api.get<EventRange>(
    withQuery('/api/events', { from: from.toISOString(), to: to.toISOString() }),
    { signal },
  );
  // The server sends each event once and its dates by id: one item per date for the grid.
  const byId = new Map(range.events.map((event) => [event.id, event]));
  const items = range.occurrences.flatMap(({ eventId, ...occurrence }) => {
    const event = byId.get(eventId);
    return event ? [{ ...event, occurrence }] : [];
  });
  return items.sort((a, b) => Date.parse(sessionOf(a).start) - Date.parse(sessionOf(b).start));
}

export type MonthEventsState =
  | { status: 'loading' }
  | { status: 'error'; reference: string | null }
  | { status: 'ready'; events: MonthItem[] };

export function useMonthEvents(
  month: CalendarMonth,
  timeZone: string,
): MonthEventsState & { reload: () => void } {
  const [state, setState] = useState<MonthEventsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const revision = useEventsRevision();
  const { year, month: monthIndex } = month;

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getMonthEvents({ year, month: monthIndex }, timeZone, controller.signal).then(
      (events) => setState({ status: 'ready', events }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[events] month', error);
        setState({ status: 'error', reference: referenceOf(error) });
      },
    );
    return () => controller.abort();
  }, [year, monthIndex, timeZone, attempt, revision]);

  return { ...state, reload: () => setAttempt((n) => n + 1) };
}
