// The Repeat choices of the event form (spec section 9, issue 26): the weekly ones name the start's
// weekday in the event's zone and move with it, so a series always starts on a day it repeats on (the
// server's rule). On a Tuesday they are the spec's TUESDAY and BI_WEEKLY_TUESDAY; on another day
// WEEKLY and BI_WEEKLY, which repeat on the day they start.
import { type EventRepeat, LONG_WEEKDAY_NAMES, weekdayIn } from '@community/domain';

export type RepeatOption = { value: EventRepeat; label: string; disabled?: boolean };

const TUESDAY = 2;
const isWeekend = (weekday: number) => weekday === 0 || weekday === 6;

export function repeatOptions(start: Date, timeZone: string): RepeatOption[] {
  const weekday = weekdayIn(start, timeZone);
  const day = LONG_WEEKDAY_NAMES[weekday];
  const tuesday = weekday === TUESDAY;
  return [
    { value: 'NO_REPEAT', label: 'Does not repeat' },
    { value: 'DAILY', label: 'Every day' },
    // Offered once the start is on a weekday: a series starts on one of its days.
    { value: 'WEEKDAY', label: 'Every weekday (Monday to Friday)', disabled: isWeekend(weekday) },
    { value: tuesday ? 'TUESDAY' : 'WEEKLY', label: `Every ${day}` },
    { value: tuesday ? 'BI_WEEKLY_TUESDAY' : 'BI_WEEKLY', label: `Every 2 weeks on ${day}` },
  ];
}

const isEveryWeek = (repeat: EventRepeat) => repeat === 'TUESDAY' || repeat === 'WEEKLY';
const isEveryTwoWeeks = (repeat: EventRepeat) => repeat === 'BI_WEEKLY_TUESDAY' || repeat === 'BI_WEEKLY';
export const isWeeklyOnStartDay = (repeat: EventRepeat) => isEveryWeek(repeat) || isEveryTwoWeeks(repeat);

/** The repeat for a start: a weekly one moves to the start's weekday, the others stay. */
export function repeatFollowingStart(repeat: EventRepeat, start: Date, timeZone: string): EventRepeat {
  const tuesday = weekdayIn(start, timeZone) === TUESDAY;
  if (isEveryWeek(repeat)) return tuesday ? 'TUESDAY' : 'WEEKLY';
  if (isEveryTwoWeeks(repeat)) return tuesday ? 'BI_WEEKLY_TUESDAY' : 'BI_WEEKLY';
  return repeat;
}

/** "Now every 2 weeks on Tuesday, the day the event starts.": said when a new start moved the repeat. */
export function repeatFollowedNote(repeat: EventRepeat, start: Date, timeZone: string): string {
  const label = repeatOptions(start, timeZone).find((option) => option.value === repeat)?.label ?? '';
  return `Now ${label.charAt(0).toLowerCase()}${label.slice(1)}, the day the event starts.`;
}
