// The dates of an event series, expanded on the server (issue 12, ADR 0016) with rrule-temporal:
// DTSTART in the event's own IANA zone plus the RRULE of lib/repeat-rules.ts, so a weekly series
// follows that zone's days and keeps its wall-clock time across clock changes (7:00 PM in New York
// stays 7:00 PM after March and November). The calendar files (lib/ical.ts) write the same DTSTART
// and RRULE, so what the grid shows and what calendar apps compute agree.
import type { EventRepeat } from '@community/domain';
import { RRuleTemporal } from 'rrule-temporal';
import { localStamp } from './ical.ts';
import { repeatRule } from './repeat-rules.ts';

export type Series = {
  startDate: Date;
  endDate: Date;
  repeat: EventRepeat;
  timeZone: string;
  cancelled: readonly Date[];
};
export type Occurrence = { start: Date; end: Date; cancelled: boolean };

// Parsing a rule costs more than expanding a month of it, and a page or a month grid asks about the
// same few hundred series again and again: keep the recent ones (bounded, oldest dropped first).
const RULE_CACHE_MAX = 5000;
const rules = new Map<string, RRuleTemporal>();

function ruleOf(series: Series, rrule: string): RRuleTemporal {
  const key = `${series.startDate.getTime()}|${series.timeZone}|${rrule}`;
  let rule = rules.get(key);
  if (!rule) {
    // Sub-second parts are not part of DTSTART; event starts are whole minutes anyway.
    rule = new RRuleTemporal({
      rruleString: `DTSTART;TZID=${series.timeZone}:${localStamp(series.startDate, series.timeZone)}\nRRULE:${rrule}`,
    });
    if (rules.size >= RULE_CACHE_MAX) rules.delete(rules.keys().next().value as string);
    rules.set(key, rule);
  }
  return rule;
}

function occurrenceAt(series: Series, start: Date): Occurrence {
  const duration = series.endDate.getTime() - series.startDate.getTime();
  const time = start.getTime();
  return {
    start,
    end: new Date(time + duration),
    cancelled: series.cancelled.some((date) => date.getTime() === time),
  };
}

/** Series starts in [from, to), as instants, ascending. */
function startsBetween(series: Series, from: Date, to: Date): Date[] {
  const rrule = repeatRule(series);
  if (!rrule) return series.startDate >= from && series.startDate < to ? [series.startDate] : [];
  if (to <= series.startDate || to <= from) return [];
  return ruleOf(series, rrule)
    .between(from, to, true)
    .map((zoned) => new Date(zoned.epochMilliseconds))
    .filter((start) => start >= from && start < to);
}

/** Every date whose start is in [from, to), cancelled ones included and marked. */
export function occurrencesBetween(series: Series, from: Date, to: Date): Occurrence[] {
  return startsBetween(series, from, to).map((start) => occurrenceAt(series, start));
}

const isCancelled = (series: Series, start: Date) =>
  series.cancelled.some((date) => date.getTime() === start.getTime());

/** First date not cancelled with start >= after, or null. */
export function nextOccurrence(series: Series, after: Date): Occurrence | null {
  const rrule = repeatRule(series);
  if (!rrule) {
    return series.startDate >= after && !isCancelled(series, series.startDate)
      ? occurrenceAt(series, series.startDate)
      : null;
  }
  const rule = ruleOf(series, rrule);
  let from = after;
  // Each cancelled date skips one; there are never more of them than the series has dates.
  for (let i = 0; i <= series.cancelled.length; i++) {
    const zoned = rule.next(from, true);
    if (!zoned) return null;
    const start = new Date(zoned.epochMilliseconds);
    if (!isCancelled(series, start)) return occurrenceAt(series, start);
    from = new Date(start.getTime() + 1);
  }
  return null;
}

/** Last date not cancelled with start < before, or null. */
export function previousOccurrence(series: Series, before: Date): Occurrence | null {
  const rrule = repeatRule(series);
  if (!rrule) {
    return series.startDate < before && !isCancelled(series, series.startDate)
      ? occurrenceAt(series, series.startDate)
      : null;
  }
  if (series.startDate >= before) return null;
  const rule = ruleOf(series, rrule);
  let until = before;
  for (let i = 0; i <= series.cancelled.length; i++) {
    const zoned = rule.previous(until, false);
    if (!zoned) return null;
    const start = new Date(zoned.epochMilliseconds);
    if (start < series.startDate) return null;
    if (!isCancelled(series, start)) return occurrenceAt(series, start);
    until = start;
  }
  return null;
}

/** Whether `start` is exactly one of the series' dates (cancelled or not). */
export function isOccurrenceStart(series: Series, start: Date): boolean {
  if (Number.isNaN(start.getTime())) return false;
  const rrule = repeatRule(series);
  if (!rrule) return start.getTime() === series.startDate.getTime();
  if (start < series.startDate) return false;
  return startsBetween(series, start, new Date(start.getTime() + 1)).length === 1;
}
