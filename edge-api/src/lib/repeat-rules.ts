// The iCalendar RRULE of each repeat choice (spec section 9), in the event's own time zone: both the
// server's expansion of a series (lib/occurrences.ts) and the calendar files (lib/ical.ts) read it
// here, so what the grid shows and what calendar apps compute come from one rule.
import type { EventRepeat } from '@community/domain';

const RRULES: Record<EventRepeat, string | null> = {
  NO_REPEAT: null,
  DAILY: 'FREQ=DAILY',
  WEEKDAY: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  TUESDAY: 'FREQ=WEEKLY;BYDAY=TU',
  BI_WEEKLY_TUESDAY: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU',
};

export function repeatRule(repeat: EventRepeat): string | null {
  return RRULES[repeat];
}
