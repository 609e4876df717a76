// The iCalendar RRULE of each repeat choice (spec section 9, and issue 26's weekly ones), in the
// event's own time zone: both the server's expansion of a series (lib/occurrences.ts) and the calendar
// files (lib/ical.ts) read it here, so what the grid shows and what calendar apps compute come from
// one rule. WEEKLY and BI_WEEKLY repeat on the start's weekday in that zone, named in BYDAY rather
// than left to DTSTART: parsers that expand in UTC (rrule.js) would otherwise take the UTC day.
import { type EventRepeat, weekdayIn } from '@community/domain';

const RRULES: Record<EventRepeat, string | null> = {
  NO_REPEAT: null,
  DAILY: 'FREQ=DAILY',
  WEEKDAY: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  TUESDAY: 'FREQ=WEEKLY;BYDAY=TU',
  BI_WEEKLY_TUESDAY: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU',
  WEEKLY: 'FREQ=WEEKLY',
  BI_WEEKLY: 'FREQ=WEEKLY;INTERVAL=2',
};
const ICAL_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

export function repeatRule(series: {
  repeat: EventRepeat;
  startDate: Date;
  timeZone: string;
}): string | null {
  const rule = RRULES[series.repeat];
  if (series.repeat !== 'WEEKLY' && series.repeat !== 'BI_WEEKLY') return rule;
  return `${rule};BYDAY=${ICAL_DAYS[weekdayIn(series.startDate, series.timeZone)]}`;
}
