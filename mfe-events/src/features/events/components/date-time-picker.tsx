// A date and time input for the event form (spec section 5, "Scheduling picker"): a month grid where
// days before yesterday are disabled, and hour and minute fields clamped to 0-23 and 0-59, shown on
// the member's clock (12-hour with AM/PM where their locale uses it, issue 26); events start on whole
// minutes, so there is no seconds field. A value that ends up in the past is reset to now. Times are
// wall-clock times in `timeZone` (the event's zone, issue 12), and `days` limits the offered weekdays.
import { clampMinutes, resetPastToNow } from '@community/domain';
import { Button, icons } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { input } from '@community/ui/styled-system/recipes';
import { type KeyboardEvent, useState } from 'react';
import {
  addMonths,
  type CalendarDay,
  type CalendarMonth,
  monthLabel,
  monthWeeks,
  WEEKDAY_NAMES,
} from '../lib/calendar-month.ts';
import { clockFormatOf, hourFromTyped, isAfternoon, shownHour, withDayPeriod } from '../lib/clock-format.ts';
import { dayKeyIn, instantIn, type WallClock, wallClockIn } from '../lib/zoned-time.ts';

// Formats of a calendar day, whatever zone: the day is built as UTC noon and read back in UTC.
const dayName = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const shortDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const pad = (n: number) => String(n).padStart(2, '0');
const dayAsUtcNoon = (day: Pick<WallClock, 'year' | 'month' | 'day'>) =>
  new Date(Date.UTC(day.year, day.month, day.day, 12));
const keyOf = (day: Pick<WallClock, 'year' | 'month' | 'day'>) =>
  `${day.year}-${pad(day.month + 1)}-${pad(day.day)}`;

/** Days before yesterday (in the zone) cannot be picked; yesterday itself stays selectable. */
function isBeforeYesterday(day: CalendarDay, now: Date, timeZone: string): boolean {
  const today = wallClockIn(now, timeZone);
  const yesterday = new Date(Date.UTC(today.year, today.month, today.day - 1, 12));
  return keyOf(day) < dayKeyIn(yesterday, 'UTC');
}

export type DateTimePickerProps = {
  id: string;
  label: string;
  value: Date;
  onChange: (value: Date) => void;
  error?: string | undefined;
  /** The clock the past rules read; tests fix it. */
  now?: () => Date;
  /** The IANA zone whose wall clock the fields show and set (the event's). */
  timeZone: string;
  /** Days of the week (0 = Sunday) that may be picked; null for any. */
  days?: readonly number[] | null;
  /** The locale whose clock the time fields follow (the browser's); tests fix it. */
  locale?: string;
};

const timeInput = cx(input({ size: 'md' }), css({ w: '16', textAlign: 'center', px: '1' }));
const dayPeriodSelect = cx(input({ size: 'md' }), css({ w: 'auto', px: '2', ml: '1', cursor: 'pointer' }));

export function DateTimePicker({
  id,
  label,
  value,
  onChange,
  error,
  now = () => new Date(),
  timeZone,
  days = null,
  locale,
}: DateTimePickerProps) {
  const wall = wallClockIn(value, timeZone);
  const clock = clockFormatOf(locale);
  const afternoon = isAfternoon(wall.hour);
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState<CalendarMonth>({ year: wall.year, month: wall.month });
  // A field emptied to type a new number stays empty until a digit comes (rather than reading 0).
  const [emptied, setEmptied] = useState<'hours' | 'minutes' | null>(null);
  const errorId = `${id}-error`;

  // Seconds are dropped with any change of time: the fields cannot show them.
  const commit = (next: WallClock) => onChange(resetPastToNow(instantIn(next, timeZone), now()));
  const setTime = (unit: 'hours' | 'minutes', raw: string) => {
    setEmptied(raw.trim() === '' ? unit : null);
    if (raw.trim() === '') return;
    const n = Number(raw);
    if (unit === 'hours') commit({ ...wall, hour: hourFromTyped(n, clock.twelveHour, afternoon), second: 0 });
    else commit({ ...wall, minute: clampMinutes(n), second: 0 });
  };
  const setDayPeriod = (pm: boolean) => commit({ ...wall, hour: withDayPeriod(wall.hour, pm), second: 0 });
  const pickDay = (day: CalendarDay) => {
    commit({ ...wall, year: day.year, month: day.month, day: day.day });
    setOpen(false);
  };
  const toggle = () => {
    if (!open) setMonth({ year: wall.year, month: wall.month });
    setOpen(!open);
  };
  const offered = (day: CalendarDay) =>
    !isBeforeYesterday(day, now(), timeZone) &&
    (days === null || days.includes(dayAsUtcNoon(day).getUTCDay()));
  const describedBy = error ? errorId : undefined;

  // Esc closes the open calendar only, never the dialog around it (the kit's Dialog leaves an element
  // marked data-escape-closes to close itself), and gives the focus back to the date button.
  const closeOnEscape = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (!open || event.key !== 'Escape') return;
    event.preventDefault();
    setOpen(false);
    document.getElementById(`${id}-date`)?.focus();
  };

  return (
    <fieldset
      className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', minW: '0' })}
      aria-describedby={describedBy}
      data-escape-closes={open ? '' : undefined}
      onKeyDown={closeOnEscape}
    >
      <legend className={css({ textStyle: 'label', mb: '1.5' })}>{label}</legend>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
        <Button
          id={`${id}-date`}
          variant="outline"
          // The day as shown, so the name holds the visible text (WCAG 2.5.3 label in name).
          aria-label={`${label} date: ${shortDay.format(dayAsUtcNoon(wall))}`}
          aria-expanded={open}
          aria-controls={`${id}-calendar`}
          aria-invalid={Boolean(error) || undefined}
          onClick={toggle}
        >
          <icons.CalendarDays aria-hidden="true" />
          {shortDay.format(dayAsUtcNoon(wall))}
        </Button>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '1' })}>
          <input
            type="number"
            inputMode="numeric"
            min={clock.twelveHour ? 1 : 0}
            max={clock.twelveHour ? 12 : 23}
            aria-label={`${label} hours`}
            className={timeInput}
            value={emptied === 'hours' ? '' : pad(shownHour(wall.hour, clock.twelveHour))}
            onChange={(event) => setTime('hours', event.target.value)}
            onBlur={() => setEmptied(null)}
          />
          <span aria-hidden="true">:</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={59}
            aria-label={`${label} minutes`}
            className={timeInput}
            value={emptied === 'minutes' ? '' : pad(wall.minute)}
            onChange={(event) => setTime('minutes', event.target.value)}
            onBlur={() => setEmptied(null)}
          />
          {clock.twelveHour ? (
            <select
              aria-label={`${label} AM/PM`}
              className={dayPeriodSelect}
              value={afternoon ? 'PM' : 'AM'}
              onChange={(event) => setDayPeriod(event.target.value === 'PM')}
            >
              <option value="AM">{clock.dayPeriods[0]}</option>
              <option value="PM">{clock.dayPeriods[1]}</option>
            </select>
          ) : null}
        </div>
      </div>
      {open ? (
        <div
          id={`${id}-calendar`}
          className={css({
            borderWidth: '1px',
            borderRadius: 'l3',
            p: '3',
            bg: 'bg.default',
            maxW: 'xs',
            boxShadow: 'card',
          })}
        >
          <div
            className={css({
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              mb: '2',
            })}
          >
            <Button
              variant="ghost"
              size="icon"
              aria-label="Previous month"
              onClick={() => setMonth(addMonths(month, -1))}
            >
              <icons.ChevronLeft />
            </Button>
            <span aria-live="polite" className={css({ fontWeight: 'semibold', textStyle: 'sm' })}>
              {monthLabel(month)}
            </span>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Next month"
              onClick={() => setMonth(addMonths(month, 1))}
            >
              <icons.ChevronRight />
            </Button>
          </div>
          <table
            className={css({ w: 'full', borderCollapse: 'collapse', textAlign: 'center' })}
            aria-label={monthLabel(month)}
          >
            <thead>
              <tr>
                {WEEKDAY_NAMES.map((name) => (
                  <th
                    key={name}
                    scope="col"
                    className={css({ textStyle: 'xs', color: 'fg.muted', fontWeight: 'medium', pb: '1' })}
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
                    const date = dayAsUtcNoon(day);
                    const selected = keyOf(day) === keyOf(wall);
                    return (
                      <td key={day.key} className={css({ p: '0.5' })}>
                        <button
                          type="button"
                          aria-label={dayName.format(date)}
                          aria-pressed={selected}
                          disabled={!offered(day)}
                          onClick={() => pickDay(day)}
                          className={cx(
                            css({
                              w: '9',
                              h: '9',
                              borderRadius: 'l2',
                              textStyle: 'sm',
                              cursor: 'pointer',
                              _hover: { _enabled: { bg: 'bg.subtle' } },
                              _disabled: { color: 'fg.disabled', cursor: 'not-allowed' },
                            }),
                            day.inMonth ? undefined : css({ color: 'fg.subtle' }),
                            selected ? css({ bg: 'accent.default!', color: 'accent.fg!' }) : undefined,
                          )}
                        >
                          {day.day}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className={css({ textStyle: 'xs', color: 'danger.text', fontWeight: 'medium' })}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
