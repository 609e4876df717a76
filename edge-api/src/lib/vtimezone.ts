// VTIMEZONE components (RFC 5545 3.6.5) from the IANA time zone database as the `tzdata` package
// ships it (lib/tzdb.ts; its release is recorded in ADR 0016), so calendar apps that read a file's
// own VTIMEZONE get the tz database's offsets, not the ones a runtime happens to carry (issue 27:
// Africa/Casablanca ended on a switch with no return, America/Santiago's changes stopped after the
// years scanned). The changes of the years a file covers are listed; those a rule still in force
// makes every year ("Apr Sun>=2 3:00u") become one observance with an open-ended yearly RRULE, so a
// series that runs on past those years keeps the right offsets; the others are listed one by one
// (RDATE). A zone without changes in those years (Asia/Tokyo) gets a single observance.
import { offsetAt, type RuleDay, type Transition, transitions, type YearlyRule } from './tzdb.ts';

const MINUTE = 60_000;
const ICAL_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** ±HHMM, as TZOFFSETFROM/TZOFFSETTO want it. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sign}${pad(Math.floor(absolute / 60))}${pad(absolute % 60)}`;
}

/** A UTC-shifted clock reading as an iCalendar local DATE-TIME: 20270314T020000. */
function localStamp(wallClock: number): string {
  return new Date(wallClock)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, '');
}

/** The RRULE parts naming a rule's day: "BYDAY=-1SU", "BYDAY=2SU", "BYMONTHDAY=2,3,4,5,6,7,8;BYDAY=SU". */
function byDay(day: RuleDay): string {
  if (day.kind === 'fixed') return `BYMONTHDAY=${day.day}`;
  const weekday = ICAL_DAYS[day.weekday]!;
  if (day.kind === 'last') return `BYDAY=-1${weekday}`;
  const first = day.kind === 'onOrAfter' ? day.day : day.day - 6;
  // "Sun>=8" is the second Sunday; "Sun>=2" (Chile) is no nth weekday, so the days are named.
  if ((first - 1) % 7 === 0) return `BYDAY=${(first - 1) / 7 + 1}${weekday}`;
  const days = Array.from({ length: 7 }, (_, index) => first + index);
  return `BYMONTHDAY=${days.join(',')};BYDAY=${weekday}`;
}

const yearlyRule = (rule: YearlyRule) => `RRULE:FREQ=YEARLY;BYMONTH=${rule.month + 1};${byDay(rule.day)}`;

function observance(kind: 'STANDARD' | 'DAYLIGHT', change: Transition, start: string, recurrence: string[]) {
  return [
    `BEGIN:${kind}`,
    `DTSTART:${start}`,
    `TZOFFSETFROM:${formatOffset(change.from)}`,
    `TZOFFSETTO:${formatOffset(change.to)}`,
    ...recurrence,
    `END:${kind}`,
  ];
}

/** The local time a change happens at, on the clocks before it (as DTSTART and RDATE name it). */
const wallClockOf = (change: Transition) => localStamp(change.at + change.from * MINUTE);

const cache = new Map<string, string[]>();

/**
 * The VTIMEZONE lines of `timeZone` for a file whose events start from `fromYear` and are read up
 * to `toYear`, or undefined for a zone the tz database does not know.
 */
export function vtimezoneLines(timeZone: string, fromYear: number, toYear: number): string[] | undefined {
  const key = `${timeZone}|${fromYear}|${toYear}`;
  const cached = cache.get(key);
  if (cached) return cached;
  // From the year before: an event early in `fromYear` lies in the observance begun the year before.
  const changes = transitions(timeZone, fromYear - 1, toYear);
  if (!changes) return undefined;
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  if (changes.length === 0) {
    const offset = offsetAt(timeZone, Date.UTC(fromYear, 0, 1)) ?? 0;
    lines.push(
      ...observance('STANDARD', { at: 0, from: offset, to: offset, save: 0 }, '19700101T000000', []),
    );
  } else {
    // One observance per yearly rule still in force, from its first change in the years read.
    const yearly = new Map<string, Transition>();
    // The other changes, grouped by their offsets before and after (and saving).
    const listed = new Map<string, Transition[]>();
    for (const change of changes) {
      const kind = `${change.from}|${change.to}|${change.save}`;
      if (change.yearly) {
        const rule = `${kind}|${yearlyRule(change.yearly)}|${change.yearly.localMinutes}`;
        if (!yearly.has(rule)) yearly.set(rule, change);
      } else {
        listed.set(kind, [...(listed.get(kind) ?? []), change]);
      }
    }
    for (const group of listed.values()) {
      const first = group[0]!;
      // DTSTART is an RDATE too: ical.js reads only the RDATEs of an observance that has any.
      const dates = group.map((change) => `RDATE:${wallClockOf(change)}`);
      lines.push(...observance(first.save > 0 ? 'DAYLIGHT' : 'STANDARD', first, wallClockOf(first), dates));
    }
    for (const first of yearly.values()) {
      const kind = first.save > 0 ? 'DAYLIGHT' : 'STANDARD';
      lines.push(...observance(kind, first, wallClockOf(first), [yearlyRule(first.yearly!)]));
    }
  }
  lines.push('END:VTIMEZONE');
  cache.set(key, lines);
  return lines;
}
