// How the member's locale writes a time of day (issue 26): 12-hour with AM/PM (en-US) or 24-hour
// (en-GB, de-DE). Read from Intl's own locale data, so no list of locales is kept here. Event times
// are whole minutes: the form has no seconds.
import { clampHours } from '@community/domain';

export type ClockFormat = {
  twelveHour: boolean;
  /** The locale's names of the morning and the afternoon ("AM", "PM"); unused on a 24-hour clock. */
  dayPeriods: readonly [string, string];
};

const formats = new Map<string, ClockFormat>();

const dayPeriodAt = (locale: string, hour: number) =>
  new Intl.DateTimeFormat(locale, { hour: 'numeric', hour12: true, timeZone: 'UTC' })
    .formatToParts(new Date(Date.UTC(2000, 0, 1, hour)))
    .find((part) => part.type === 'dayPeriod')?.value;

/** The browser's locale, which is the member's (as the profile's country names read it). */
export const viewerLocale = (): string => globalThis.navigator?.language ?? 'en-US';

export function clockFormatOf(locale: string = viewerLocale()): ClockFormat {
  let format = formats.get(locale);
  if (!format) {
    const resolved = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions();
    const twelveHour = resolved.hourCycle ? resolved.hourCycle.startsWith('h1') : Boolean(resolved.hour12);
    format = {
      twelveHour,
      dayPeriods: [dayPeriodAt(locale, 9) ?? 'AM', dayPeriodAt(locale, 21) ?? 'PM'],
    };
    formats.set(locale, format);
  }
  return format;
}

/** The hour as the field shows it: 0-23, or 1-12 on a 12-hour clock (0 is 12 AM). */
export const shownHour = (hour: number, twelveHour: boolean): number => (twelveHour ? hour % 12 || 12 : hour);

export const isAfternoon = (hour: number): boolean => hour >= 12;

/**
 * The hour (0-23) a typed number means, clamped to 0-23 as the spec asks. On a 12-hour clock 1-12
 * are read in the chosen half of the day; 0 and 13-23 are 24-hour times already.
 */
export function hourFromTyped(typed: number, twelveHour: boolean, afternoon: boolean): number {
  const hour = clampHours(typed);
  if (!twelveHour || hour === 0 || hour > 12) return hour;
  return (hour % 12) + (afternoon ? 12 : 0);
}

/** The same hour in the other half of the day: 7 PM for 7 AM. */
export const withDayPeriod = (hour: number, afternoon: boolean): number => (hour % 12) + (afternoon ? 12 : 0);
