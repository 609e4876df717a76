// A date and time input for the event form (spec section 5, "Scheduling picker"): a month grid where
// days before yesterday are disabled, and hour, minute and second fields clamped to 0-23 and 0-59.
// A value that ends up in the past is reset to now. Times are the browser's local time.
import { clampHours, clampMinutes, clampSeconds, isDayDisabled, resetPastToNow } from '@community/domain';
import { Button, icons } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { input } from '@community/ui/styled-system/recipes';
import { useState } from 'react';
import {
  addMonths,
  type CalendarDay,
  type CalendarMonth,
  monthLabel,
  monthWeeks,
  WEEKDAY_NAMES,
} from '../lib/calendar-month.ts';

const dayName = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const shortDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (day: Pick<CalendarDay, 'year' | 'month' | 'day'>) =>
  new Date(day.year, day.month, day.day);
const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

export type DateTimePickerProps = {
  id: string;
  label: string;
  value: Date;
  onChange: (value: Date) => void;
  error?: string | undefined;
  /** The clock the past rules read; tests fix it. */
  now?: () => Date;
};

const timeInput = cx(input({ size: 'md' }), css({ w: '16', textAlign: 'center', px: '1' }));

export function DateTimePicker({
  id,
  label,
  value,
  onChange,
  error,
  now = () => new Date(),
}: DateTimePickerProps) {
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState<CalendarMonth>({ year: value.getFullYear(), month: value.getMonth() });
  const errorId = `${id}-error`;

  const commit = (next: Date) => onChange(resetPastToNow(next, now()));
  const setTime = (unit: 'hours' | 'minutes' | 'seconds', raw: string) => {
    const next = new Date(value);
    const n = Number(raw);
    if (unit === 'hours') next.setHours(clampHours(n));
    if (unit === 'minutes') next.setMinutes(clampMinutes(n));
    if (unit === 'seconds') next.setSeconds(clampSeconds(n));
    commit(next);
  };
  const pickDay = (day: CalendarDay) => {
    const next = new Date(value);
    next.setFullYear(day.year, day.month, day.day);
    commit(next);
    setOpen(false);
  };
  const toggle = () => {
    if (!open) setMonth({ year: value.getFullYear(), month: value.getMonth() });
    setOpen(!open);
  };
  const describedBy = error ? errorId : undefined;

  return (
    <fieldset
      className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', minW: '0' })}
      aria-describedby={describedBy}
    >
      <legend className={css({ textStyle: 'label', mb: '1.5' })}>{label}</legend>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
        <Button
          id={`${id}-date`}
          variant="outline"
          aria-label={`${label} date: ${dayName.format(value)}`}
          aria-expanded={open}
          aria-controls={`${id}-calendar`}
          aria-invalid={Boolean(error) || undefined}
          onClick={toggle}
        >
          <icons.CalendarDays aria-hidden="true" />
          {shortDay.format(value)}
        </Button>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '1' })}>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={23}
            aria-label={`${label} hours`}
            className={timeInput}
            value={pad(value.getHours())}
            onChange={(event) => setTime('hours', event.target.value)}
          />
          <span aria-hidden="true">:</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={59}
            aria-label={`${label} minutes`}
            className={timeInput}
            value={pad(value.getMinutes())}
            onChange={(event) => setTime('minutes', event.target.value)}
          />
          <span aria-hidden="true">:</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={59}
            aria-label={`${label} seconds`}
            className={timeInput}
            value={pad(value.getSeconds())}
            onChange={(event) => setTime('seconds', event.target.value)}
          />
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
                    const date = localDate(day);
                    const selected = sameDay(date, value);
                    return (
                      <td key={day.key} className={css({ p: '0.5' })}>
                        <button
                          type="button"
                          aria-label={dayName.format(date)}
                          aria-pressed={selected}
                          disabled={isDayDisabled(date, now())}
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
