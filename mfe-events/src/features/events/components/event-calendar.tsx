// The calendar view of the events page (`?view=calendar`): a month of the viewer's days with every
// date of the published events (one request for the weeks shown; a repeating series on each of its
// dates, cancelled ones struck through); a click opens the event in the viewEvent modal. On desktop a
// month grid; on a phone, whose width cannot hold seven readable columns, the month's days with events
// as an agenda list (docs/product-decisions.md, "Events").
import { Button, DESKTOP_QUERY, EmptyState, icons, openModal, Spinner, useMediaQuery } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { type MouseEvent, useState } from 'react';
import { type MonthItem, useMonthEvents } from '../api/get-month-events.ts';
import {
  addMonths,
  type CalendarDay,
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

const eventLink = css({
  display: 'block',
  borderRadius: 'l1',
  bg: 'accent.subtle',
  color: 'accent.text',
  borderLeftWidth: '3px',
  borderLeftColor: 'accent.default',
  _hover: { bg: 'accent.muted' },
});
// A grid cell is narrow: the time takes a small line of its own, so the title's line starts with the
// title (it used to read "12:00 PM Foun…"); the full title is in the tooltip.
const chip = css({ display: 'block', px: '1.5', py: '0.5', textStyle: 'xs', lineHeight: 'tight' });
const chipTime = css({ display: 'block', fontWeight: 'semibold' });
const chipTitle = css({ display: 'block', truncate: true });
// An agenda row has the phone's width: time and title on one line, the title wrapping.
const agendaLink = css({ display: 'flex', gap: '2', px: '3', py: '2', textStyle: 'sm' });
const agendaTime = css({ flexShrink: 0, fontWeight: 'semibold', minW: '16' });
// Struck through, with a grey edge: not faded, whose half-transparent text fails contrast (axe).
const cancelledLink = css({ textDecoration: 'line-through', borderLeftColor: 'border.default' });

/** A plain click opens the event in the viewEvent modal over the calendar; the link still opens the page. */
function openInModal(event: MouseEvent<HTMLAnchorElement>, eventId: string) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  openModal('viewEvent', { eventId });
}

/** One date of an event: a grid chip or an agenda row, named by what it shows (time, then title). */
function EventLink({
  event,
  timeZone,
  layout,
}: {
  event: MonthItem;
  timeZone: string;
  layout: 'chip' | 'agenda';
}) {
  const session = sessionOf(event);
  const time = formatClockTime(session.start, timeZone);
  const own = formatEventTime(session.start, zoneOf(event));
  // A cancelled date is struck through, time and title together.
  const Text = session.cancelled ? 's' : 'span';
  return (
    <a
      href={`/events/${event.id}`}
      onClick={(click) => openInModal(click, event.id)}
      className={cx(eventLink, session.cancelled && cancelledLink)}
      style={event.color ? { borderLeftColor: event.color } : undefined}
      aria-label={`${time} ${event.title}${session.cancelled ? ' (cancelled)' : ''}`}
      title={`${event.title} (${own})`}
    >
      {/* The visible text starts the accessible name, so speech input finds the link by what it shows. */}
      <Text className={layout === 'chip' ? chip : agendaLink}>
        <span className={layout === 'chip' ? chipTime : agendaTime}>{time}</span>{' '}
        <span className={layout === 'chip' ? chipTitle : undefined}>{event.title}</span>
      </Text>
    </a>
  );
}

function DayEvents({ events, timeZone }: { events: MonthItem[]; timeZone: string }) {
  return (
    <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1', mt: '1' })}>
      {events.map((event) => (
        <li
          key={`${event.id}@${sessionOf(event).start}`}
          data-cancelled={sessionOf(event).cancelled || undefined}
        >
          <EventLink event={event} timeZone={timeZone} layout="chip" />
        </li>
      ))}
    </ul>
  );
}

type GridProps = {
  month: CalendarMonth;
  label: string;
  days: Map<string, MonthItem[]>;
  today: string;
  timeZone: string;
};

function MonthGrid({ month, label, days, today, timeZone }: GridProps) {
  return (
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
  );
}

const agendaDayName = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** The month's own days that have events, in order: what the agenda lists. */
const datedDaysOf = (month: CalendarMonth, days: Map<string, MonthItem[]>): CalendarDay[] =>
  monthWeeks(month)
    .flat()
    .filter((day) => day.inMonth && days.has(day.key));

/** The month's days with events, each with its events in order: the phone's calendar. */
function MonthAgenda({ month, label, days, today, timeZone }: GridProps) {
  const dated = datedDaysOf(month, days);
  if (dated.length === 0) return null;
  return (
    <ol aria-label={label} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      {dated.map((day) => (
        <li key={day.key} data-day={day.key}>
          <h3
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '2',
              textStyle: 'sm',
              fontWeight: 'semibold',
              color: 'fg.muted',
              mb: '1.5',
            })}
          >
            {agendaDayName.format(new Date(Date.UTC(day.year, day.month, day.day)))}
            {day.key === today ? (
              <span
                className={css({
                  px: '1.5',
                  borderRadius: 'full',
                  textStyle: 'xs',
                  bg: 'accent.default',
                  color: 'accent.fg',
                })}
              >
                Today
              </span>
            ) : null}
          </h3>
          <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
            {(days.get(day.key) ?? []).map((event) => (
              <li
                key={`${event.id}@${sessionOf(event).start}`}
                data-cancelled={sessionOf(event).cancelled || undefined}
              >
                <EventLink event={event} timeZone={timeZone} layout="agenda" />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
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
  const desktop = useMediaQuery(DESKTOP_QUERY);
  // The grid also shows its neighbours' days; the agenda lists the month's own days only.
  const empty =
    data.status === 'ready' && (desktop ? data.events.length === 0 : datedDaysOf(month, days).length === 0);

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
          reference={data.reference}
          action={
            <Button variant="outline" size="sm" onClick={data.reload}>
              Retry
            </Button>
          }
        />
      ) : null}
      {desktop ? (
        <MonthGrid month={month} label={label} days={days} today={today} timeZone={timeZone} />
      ) : (
        <MonthAgenda month={month} label={label} days={days} today={today} timeZone={timeZone} />
      )}
      {empty ? <EmptyState icon={<icons.CalendarDays />} title={NO_AVAILABLE_EVENTS} /> : null}
    </section>
  );
}
