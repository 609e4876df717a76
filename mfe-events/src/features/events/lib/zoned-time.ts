// Wall clocks in an IANA time zone (issue 12): an event's times are entered and shown on its own
// zone's clock, and the viewer's clock beside them. Instants stay `Date`s; these helpers translate.
import { DEFAULT_TIME_ZONE, wallClockIn } from '@community/domain';

// The wall-clock arithmetic lives in packages/domain: the demo seed places its events with it too.
export { instantIn, type WallClock, wallClockIn } from '@community/domain';

/** The zone this browser shows its clock in. */
export const viewerTimeZone = (): string =>
  Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;

/** Every zone this browser knows (for the form's picker), with the given ones kept first if missing. */
export function timeZoneNames(...keep: string[]): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIME_ZONE];
  const names = new Set(known);
  const missing = keep.filter((name) => name && !names.has(name));
  return [...missing, ...known];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** "2026-03-08": the calendar day of an instant in `timeZone`. */
export function dayKeyIn(date: Date, timeZone: string): string {
  const { year, month, day } = wallClockIn(date, timeZone);
  return `${year}-${pad(month + 1)}-${pad(day)}`;
}
