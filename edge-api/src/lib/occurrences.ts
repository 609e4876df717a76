// The dates of an event series, expanded on the server (issue 12, ADR 0016) with rrule-temporal:
// DTSTART in the event's own IANA zone plus the RRULE of lib/repeat-rules.ts, so a weekly series
// follows that zone's days and keeps its wall-clock time across clock changes (7:00 PM in New York
// stays 7:00 PM after March and November). The calendar files (lib/ical.ts) write the same DTSTART
// and RRULE, so what the grid shows and what calendar apps compute agree.
// The dates of an event series, expanded on the server (issue 12, ADR 0016) with rrule-temporal:
// the RRULE of lib/repeat-rules.ts from the series' first wall-clock reading in its own IANA zone, so
// a weekly series follows that zone's days and keeps its wall-clock time across clock changes (7:00 PM
// in New York stays 7:00 PM after March and November). The calendar files (lib/ical.ts) write the
// same DTSTART and RRULE, so what the grid shows and what calendar apps compute agree.
//
// The rule is expanded in wall-clock readings (DTSTART in UTC carrying the local time, so BYDAY and
// the time of day are the zone's), and each reading is then placed in the zone. A reading a clock
// change skips (a daily 02:30 on the spring-forward night) happens the gap later, at 03:30, as RFC
// 5545 3.3.5 has it for DTSTART and as calendar apps (ical.js, node-ical, Google, Apple) expand it;
// expanding in the zone instead dropped that date (issue 27).
import type { EventRepeat } from '@community/domain';
import { RRuleTemporal } from 'rrule-temporal';
import { repeatRule } from './repeat-rules.ts';
import { localStamp, readableTimeZone } from './zone-clock.ts';

export type Series = {
  startDate: Date;
  endDate: Date;
  repeat: EventRepeat;
  timeZone: string;
  cancelled: readonly Date[];
};
export type Occurrence = { start: Date; end: Date; cancelled: boolean };

const DAY = 86_400_000;

/** One wall-clock reading of a rule (a ZonedDateTime in UTC whose fields are the zone's clock). */
type Reading = NonNullable<ReturnType<RRuleTemporal['next']>>;

/** A series' zone (readable even for a hand-written row) and RRULE, or null for a single date. */
type Plan = { zone: string; rule: RRuleTemporal } | null;

// Parsing a rule costs more than expanding a month of it, and a page or a month grid asks about the
// same few hundred series again and again: keep the recent ones (bounded, oldest dropped first).
const RULE_CACHE_MAX = 5000;
const rules = new Map<string, RRuleTemporal>();

function planOf(series: Series): Plan {
  const zone = readableTimeZone(series.timeZone);
  const rrule = repeatRule({ ...series, timeZone: zone });
  if (!rrule) return null;
  const key = `${series.startDate.getTime()}|${zone}|${rrule}`;
  let rule = rules.get(key);
  if (!rule) {
    // Sub-second parts are not part of DTSTART; event starts are whole minutes anyway.
    rule = new RRuleTemporal({
      rruleString: `DTSTART;TZID=UTC:${localStamp(series.startDate, zone)}\nRRULE:${rrule}`,
    });
    if (rules.size >= RULE_CACHE_MAX) rules.delete(rules.keys().next().value as string);
    rules.set(key, rule);
  }
  return { zone, rule };
}

/**
 * When a reading happens in `zone`: Temporal's "compatible" disambiguation is RFC 5545 3.3.5's rule —
 * a skipped time moves forward by the gap, a repeated one (01:30 in November) is the first.
 */
const instantOf = (reading: Reading, zone: string): Date =>
  new Date(
    reading.toPlainDateTime().toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds,
  );

function occurrenceAt(series: Series, start: Date): Occurrence {
  const duration = series.endDate.getTime() - series.startDate.getTime();
  const time = start.getTime();
  return {
    start,
    end: new Date(time + duration),
    cancelled: series.cancelled.some((date) => date.getTime() === time),
  };
}

/**
 * Series starts in [from, to), as instants, ascending. A zone's clocks run at most 14 hours ahead of
 * UTC and 12 behind it: the readings of a day either side of the range hold all of its dates.
 */
function startsBetween(series: Series, from: Date, to: Date): Date[] {
  const plan = planOf(series);
  if (!plan) return series.startDate >= from && series.startDate < to ? [series.startDate] : [];
  if (to <= series.startDate || to <= from) return [];
  return plan.rule
    .between(new Date(from.getTime() - DAY), new Date(to.getTime() + DAY), true)
    .map((reading) => instantOf(reading, plan.zone))
    .filter((start) => start >= from && start < to);
}

/** Every date whose start is in [from, to), cancelled ones included and marked. */
export function occurrencesBetween(series: Series, from: Date, to: Date): Occurrence[] {
  return startsBetween(series, from, to).map((start) => occurrenceAt(series, start));
}

const isCancelled = (series: Series, start: Date) =>
  series.cancelled.some((date) => date.getTime() === start.getTime());

// Walking readings from a day before `after` (or after `before`) passes at most two dates of a daily
// series on the wrong side of it (see startsBetween), then at most one per cancelled date.
const WALK_SLACK = 3;

/** First date not cancelled with start >= after, or null. */
export function nextOccurrence(series: Series, after: Date): Occurrence | null {
  const plan = planOf(series);
  if (!plan) {
    return series.startDate >= after && !isCancelled(series, series.startDate)
      ? occurrenceAt(series, series.startDate)
      : null;
  }
  let from = new Date(after.getTime() - DAY);
  for (let i = 0; i <= series.cancelled.length + WALK_SLACK; i++) {
    const reading = plan.rule.next(from, true);
    if (!reading) return null;
    const start = instantOf(reading, plan.zone);
    if (start >= after && !isCancelled(series, start)) return occurrenceAt(series, start);
    from = new Date(reading.epochMilliseconds + 1);
  }
  return null;
}

/** Last date not cancelled with start < before, or null. */
export function previousOccurrence(series: Series, before: Date): Occurrence | null {
  const plan = planOf(series);
  if (!plan) {
    return series.startDate < before && !isCancelled(series, series.startDate)
      ? occurrenceAt(series, series.startDate)
      : null;
  }
  if (series.startDate >= before) return null;
  let until = new Date(before.getTime() + DAY);
  for (let i = 0; i <= series.cancelled.length + WALK_SLACK; i++) {
    const reading = plan.rule.previous(until, false);
    if (!reading) return null;
    const start = instantOf(reading, plan.zone);
    if (start < series.startDate) return null;
    if (start < before && !isCancelled(series, start)) return occurrenceAt(series, start);
    until = new Date(reading.epochMilliseconds);
  }
  return null;
}

/** Whether `start` is exactly one of the series' dates (cancelled or not). */
export function isOccurrenceStart(series: Series, start: Date): boolean {
  if (Number.isNaN(start.getTime())) return false;
  if (!planOf(series)) return start.getTime() === series.startDate.getTime();
  if (start < series.startDate) return false;
  return startsBetween(series, start, new Date(start.getTime() + 1)).length === 1;
}

/**
 * The wall-clock reading the RRULE gives the date starting at `start`, as an iCalendar local
 * DATE-TIME: what an EXDATE must name. It is the clock time the date happens at, except on a
 * spring-forward night, where the rule's 02:30 happens at 03:30.
 */
export function ruleStampOf(series: Omit<Series, 'cancelled'>, start: Date): string {
  const plan = planOf({ ...series, cancelled: [] });
  const zone = readableTimeZone(series.timeZone);
  if (plan) {
    const readings = plan.rule.between(
      new Date(start.getTime() - DAY),
      new Date(start.getTime() + DAY),
      true,
    );
    const reading = readings.find((each) => instantOf(each, zone).getTime() === start.getTime());
    if (reading) return reading.toPlainDateTime().toString().replace(/[-:]/g, '').slice(0, 15);
  }
  return localStamp(start, zone);
}

// A list asks every series where it stands now: its next date (upcoming) or its last (past). The
// answer changes only when the next date starts or the series is edited, and walking the rule up to
// now is a list page's costliest part (issue 31: with 1,000 series, every request expanded every
// series). So each answer is kept until the series' next date starts (bounded, oldest dropped
// first); the key is the whole schedule (dates, repeat, zone, cancelled dates), so an edit is a new
// key and never meets a stale answer.
const STANDINGS_MAX = 5000;
const standings = new Map<string, { occurrence: Occurrence | null; from: number; until: number }>();

/** The date a list shows a series at as of `now`: `nextOccurrence` (upcoming) or `previousOccurrence` (past). */
export function listDateOf(series: Series, now: Date, when: 'upcoming' | 'past'): Occurrence | null {
  const key = [
    when,
    series.startDate.getTime(),
    series.endDate.getTime(),
    series.repeat,
    series.timeZone,
    ...series.cancelled.map((date) => date.getTime()),
  ].join('|');
  const known = standings.get(key);
  const at = now.getTime();
  if (known && known.from <= at && at <= known.until) return known.occurrence;
  // Both answers hold from `now` until the next date not cancelled starts (a request that began a
  // moment earlier, answered later, is not served a later answer).
  const next = nextOccurrence(series, now);
  const occurrence = when === 'upcoming' ? next : previousOccurrence(series, now);
  if (standings.size >= STANDINGS_MAX) standings.delete(standings.keys().next().value as string);
  standings.set(key, {
    occurrence,
    from: at,
    until: next ? next.start.getTime() : Number.POSITIVE_INFINITY,
  });
  return occurrence;
}
