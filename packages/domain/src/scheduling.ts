// Pure rules behind the date and time pickers (spec section 5, "Scheduling picker" and "Event"),
// kept here so the event and post forms behave the same and can be tested without a browser.

const clampTo = (value: number, max: number): number => {
  const n = Math.trunc(value);
  if (Number.isNaN(n)) return 0;
  return Math.min(max, Math.max(0, n));
};

export const clampHours = (value: number): number => clampTo(value, 23);
export const clampMinutes = (value: number): number => clampTo(value, 59);
export const clampSeconds = (value: number): number => clampTo(value, 59);

/** A past time cannot be picked: it becomes `now` instead. */
export const resetPastToNow = (value: Date, now: Date = new Date()): Date =>
  value.getTime() < now.getTime() ? new Date(now) : value;

const startOfDay = (date: Date): Date => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/** The event date picker disables days before yesterday (yesterday itself stays selectable). */
export const isDayDisabled = (day: Date, now: Date = new Date()): boolean => {
  const yesterday = startOfDay(now);
  yesterday.setDate(yesterday.getDate() - 1);
  return startOfDay(day).getTime() < yesterday.getTime();
};

/** `now` for rules that depend on the time: a fixed date in tests, the running clock otherwise. */
export type Clock = Date | (() => Date);
export const readClock = (clock: Clock): Date => (typeof clock === 'function' ? clock() : clock);

/** The local calendar day of a date as YYYY-MM-DD. */
export const toLocalDay = (date: Date): string => {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};
