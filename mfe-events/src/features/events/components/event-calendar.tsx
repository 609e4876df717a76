// The calendar view of the events page (`?view=calendar`): a month grid of the viewer's days with
// every date of the published events (one request for the weeks shown; a repeating series on each of
// its dates, cancelled ones struck through); a click opens the event in the viewEvent modal.
import { Button, EmptyState, icons, openModal, Spinner } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { type MouseEvent, useState } from 'react';
import { type MonthItem, useMonthEvents } from '../api/get-month-events.ts';
import {
  addMonths,
  type CalendarMonth,
  eventsByDay,
  monthLabel,
  monthOfIn,
  monthWeeks,
  WEEKDAY_NAMES,
} from '../lib/calendar-month.ts';
import { formatClockTime, formatEventTime, sessionOf, zoneOf } from '../lib/event-dates.ts';
import { NO_AVAILABLE_EVENTS } from '../lib/event-texts.ts';
import { dayKeyIn, viewerTimeZone } from '../lib/zoned-time.ts';

const chip = css({
  display: 'block',
  px: '1.5',
  py: '0.5',
  borderRadius: 'l1',
  textStyle: 'xs',
  bg: 'accent.subtle',
  color: 'accent.text',
  truncate: true,
  borderLeftWidth: '3px',
  borderLeftColor: 'accent.default',
  _hover: { bg: 'accent.muted' },
});

/** A plain click opens the event in the viewEvent modal over the calendar; the link still opens the page. */
function openInModal(event: MouseEvent<HTMLAnchorElement>, eventId: string) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  openModal('viewEvent', { eventId });
}

const cancelledChip = css({ textDecoration: 'line-through', opacity: '0.7' });

function DayEvents({ events, timeZone }: { events: MonthItem[]; timeZone: string }) {
  return (
    <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1', mt: '1' })}>
      {events.map((event) => {
        const session = sessionOf(event);
        const time = formatClockTime(session.start, timeZone);
        const own = formatEventTime(session.start, zoneOf(event));
        const label = `${time} ${event.title}${session.cancelled ? ' (cancelled)' : ''}`;
        return (
          <li key={`${event.id}@${session.start}`} data-cancelled={session.cancelled || undefined}>
            <a
              href={`/events/${event.id}`}
              onClick={(click) => openInModal(click, event.id)}
              className={cx(chip, session.cancelled ? cancelledChip : undefined)}
              style={event.color ? { borderLeftColor: event.color } : undefined}
              aria-label={label}
              title={`${event.title} (${own})`}
            >
              {/* The visible text starts the accessible name, so speech input finds the chip by what it shows. */}
              {session.cancelled ? (
                <s>{`${time} ${event.title}`}</s>
              ) : (
                <>
                  <span className={css({ fontWeight: 'semibold' })}>{time}</span> {event.title}
                </>
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export function EventCalendar({
  initialMonth,
  timeZone = viewerTimeZone(),
}: {
  initialMonth?: CalendarMonth;
  /** The viewer's zone, whose days the grid shows (tests fix it). */
  timeZone?: string;
}) {
  const [month, setMonth] = useState<CalendarMonth>(() => initialMonth ?? monthOfIn(new Date(), timeZone));
  const data = useMonthEvents(month, timeZone);
  const days = data.status === 'ready' ? eventsByDay(data.events, timeZone) : new Map<string, MonthItem[]>();
  const today = dayKeyIn(new Date(), timeZone);
  const label = monthLabel(month);

  return (
    <section aria-label="Calendar" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
        <h2
          aria-live="polite"
          className={css({ textStyle: 'xl', fontWeight: 'semibold', flex: '1', minW: '40' })}
        >
          {label}
        </h2>
        {data.status === 'loading' ? <Spinner size="sm" label="Loading events" /> : null}
        <Button variant="outline" size="sm" onClick={() => setMonth(monthOfIn(new Date(), timeZone))}>
          Today
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Previous month"
          onClick={() => setMonth(addMonths(month, -1))}
        >
          <icons.ChevronLeft />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Next month"
          onClick={() => setMonth(addMonths(month, 1))}
        >
          <icons.ChevronRight />
        </Button>
      </div>
      {data.status === 'error' ? (
        <EmptyState
          icon={<icons.AlertTriangle />}
          title="Unable to load events"
          action={
            <Button variant="outline" size="sm" onClick={data.reload}>
              Retry
            </Button>
          }
        />
      ) : null}
      <div className={css({ overflowX: 'auto' })}>
        <table
          aria-label={label}
          className={css({
            w: 'full',
            minW: '2xl',
            tableLayout: 'fixed',
            borderCollapse: 'collapse',
            bg: 'bg.default',
          })}
        >
          <thead>
            <tr>
              {WEEKDAY_NAMES.map((name) => (
                <th
                  key={name}
                  scope="col"
                  className={css({
                    textStyle: 'xs',
                    color: 'fg.muted',
                    fontWeight: 'semibold',
                    py: '2',
                    borderWidth: '1px',
                  })}
                >
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(month).map((week) => (
              <tr key={week[0]?.key}>
                {week.map((day) => {
                  const events = days.get(day.key) ?? [];
                  return (
                    <td
                      key={day.key}
                      data-day={day.key}
                      aria-label={day.inMonth ? `${label.split(' ')[0]} ${day.day}` : undefined}
                      className={cx(
                        css({ verticalAlign: 'top', h: '28', p: '1.5', borderWidth: '1px' }),
                        // fg.muted: fg.subtle on bg.subtle is below 4.5:1 (axe color-contrast).
                        day.inMonth ? undefined : css({ bg: 'bg.subtle', color: 'fg.muted' }),
                      )}
                    >
                      <span
                        className={cx(
                          css({
                            display: 'inline-grid',
                            placeItems: 'center',
                            w: '6',
                            h: '6',
                            textStyle: 'xs',
                            fontWeight: 'medium',
                            borderRadius: 'full',
                          }),
                          day.key === today ? css({ bg: 'accent.default', color: 'accent.fg' }) : undefined,
                        )}
                      >
                        {day.day}
                      </span>
                      {events.length > 0 ? <DayEvents events={events} timeZone={timeZone} /> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.status === 'ready' && data.events.length === 0 ? (
        <EmptyState icon={<icons.CalendarDays />} title={NO_AVAILABLE_EVENTS} />
      ) : null}
    </section>
  );
}
