// When a post should appear (spec section 5, Scheduling picker): a day (none before today), hours
// 0–23 and minutes 0–59, clamped as they are typed; a time in the past becomes now. `null` means
// "post now". The rules are the domain's (scheduling.ts), shared with the event form.
import {
  type Clock,
  clampHours,
  clampMinutes,
  readClock,
  resetPastToNow,
  toLocalDay,
} from '@community/domain';
import { css } from '@community/ui/styled-system/css';
import { useEffect, useId } from 'react';

export type SchedulePickerProps = {
  value: Date | null;
  onChange: (value: Date | null) => void;
  /** Injected in tests. */
  now?: Clock;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The next full hour: a sensible first choice when scheduling is switched on. */
export function defaultScheduleTime(now: Date): Date {
  const next = new Date(now);
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return next;
}

/** A day (YYYY-MM-DD, local), hours and minutes as one local time, never before `now`. */
export function composeSchedule(day: string, hours: number, minutes: number, now: Date): Date {
  const [year, month, date] = day.split('-').map(Number);
  const value =
    year && month && date
      ? new Date(year, month - 1, date, clampHours(hours), clampMinutes(minutes))
      : new Date(now);
  return resetPastToNow(value, now);
}

const fieldClass = css({
  h: '9',
  px: '2',
  textStyle: 'sm',
  borderWidth: '1px',
  borderColor: 'border.emphasized',
  borderRadius: 'l2',
  bg: 'bg.default',
  _focusVisible: { outline: 'none', borderColor: 'accent.default' },
});

export function SchedulePicker({ value, onChange, now = () => new Date() }: SchedulePickerProps) {
  const switchId = useId();
  const current = readClock(now);

  // A value left in the past (the dialog stayed open) is moved up to now.
  useEffect(() => {
    if (value && value.getTime() < readClock(now).getTime()) onChange(resetPastToNow(value, readClock(now)));
  }, [value, now, onChange]);

  const set = (day: string, hours: number, minutes: number) =>
    onChange(composeSchedule(day, hours, minutes, readClock(now)));

  return (
    <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '2', border: 'none', p: '0' })}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'sm' })}>
        <input
          id={switchId}
          type="checkbox"
          checked={value !== null}
          onChange={(event) => onChange(event.target.checked ? defaultScheduleTime(readClock(now)) : null)}
        />
        <label htmlFor={switchId} className={css({ fontWeight: 'medium' })}>
          Schedule for later
        </label>
      </div>
      {value ? (
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
          <input
            type="date"
            aria-label="Day"
            className={fieldClass}
            min={toLocalDay(current)}
            value={toLocalDay(value)}
            onChange={(event) => set(event.target.value, value.getHours(), value.getMinutes())}
          />
          <input
            type="number"
            aria-label="Hours"
            inputMode="numeric"
            min={0}
            max={23}
            className={`${fieldClass} ${css({ w: '16' })}`}
            value={pad(value.getHours())}
            onChange={(event) => set(toLocalDay(value), Number(event.target.value), value.getMinutes())}
          />
          <span aria-hidden="true">:</span>
          <input
            type="number"
            aria-label="Minutes"
            inputMode="numeric"
            min={0}
            max={59}
            className={`${fieldClass} ${css({ w: '16' })}`}
            value={pad(value.getMinutes())}
            onChange={(event) => set(toLocalDay(value), value.getHours(), Number(event.target.value))}
          />
          <span className={css({ textStyle: 'xs', color: 'fg.muted' })}>
            {value.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
          </span>
        </div>
      ) : null}
    </fieldset>
  );
}
