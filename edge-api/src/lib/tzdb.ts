// The IANA time zone database as the `tzdata` package ships it (its zone and rule lines as JSON, its
// release in `version`; ADR 0016), read the way zic reads the source: a zone's lines in order, each
// with its standard offset and either no daylight saving, a fixed amount, or a named set of rules
// ("Apr Sun>=2 3:00u"). From these come the zone's offset changes in any years (lib/vtimezone.ts
// writes them as VTIMEZONE), and which of them recur under a rule still in force ("max"), so a
// calendar file can say so for the years after it too.
import tzdata, { type RuleEntry } from 'tzdata';

/** The tz database release the package holds (e.g. "2026d"). */
export const TZDB_VERSION: string = tzdata.version;

const MINUTE = 60_000;
const DAY = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** How a rule names its day in the month: "lastSun", "Sun>=8", "Sun<=25" or "15". */
export type RuleDay =
  | { kind: 'last'; weekday: number }
  | { kind: 'onOrAfter' | 'onOrBefore'; weekday: number; day: number }
  | { kind: 'fixed'; day: number };

/** A yearly rule still in force: its month (0-11), day and local time (minutes, on the clocks before). */
export type YearlyRule = { month: number; day: RuleDay; localMinutes: number };

/** One offset change: the instant (UTC ms), offsets before and after (minutes east of UTC). */
export type Transition = {
  at: number;
  from: number;
  to: number;
  /** Daylight saving after the change (minutes; 0 on standard time). */
  save: number;
  /** Set when a rule still in force makes this change every year. */
  yearly?: YearlyRule;
};

type RuleLine = {
  from: number;
  to: number;
  month: number;
  day: RuleDay;
  atMinutes: number;
  atKind: 'wall' | 'standard' | 'utc';
  save: number;
};
type ZoneLine = { std: number; rules: string; until: number };

function parseDay(on: string): RuleDay {
  if (on.startsWith('last')) return { kind: 'last', weekday: WEEKDAYS.indexOf(on.slice(4)) };
  const match = /^([A-Z][a-z]{2})([<>]=)(\d+)$/.exec(on);
  if (match)
    return {
      kind: match[2] === '>=' ? 'onOrAfter' : 'onOrBefore',
      weekday: WEEKDAYS.indexOf(match[1]!),
      day: Number(match[3]),
    };
  return { kind: 'fixed', day: Number(on) };
}

const ruleCache = new Map<string, RuleLine[]>();

function rulesNamed(name: string): RuleLine[] {
  let parsed = ruleCache.get(name);
  if (!parsed) {
    parsed = (tzdata.rules[name] ?? ([] as RuleEntry[])).map(([from, to, , month, on, at, save]) => ({
      from: Number(from),
      to: to === 'max' ? Number.POSITIVE_INFINITY : to === 'only' ? Number(from) : Number(to),
      month: MONTHS.indexOf(month),
      day: parseDay(on),
      atMinutes: Number(at[0]) * 60 + Number(at[1]) + Number(at[2]) / 60,
      atKind: at[3] === 'u' || at[3] === 'g' || at[3] === 'z' ? 'utc' : at[3] === 's' ? 'standard' : 'wall',
      save: Number(save),
    }));
    ruleCache.set(name, parsed);
  }
  return parsed;
}

/** The day of the month (1-31) a rule day falls on in `year`. */
export function dayOfMonth(day: RuleDay, year: number, month: number): number {
  if (day.kind === 'fixed') return day.day;
  const weekdayOf = (date: number) => new Date(Date.UTC(year, month, date)).getUTCDay();
  if (day.kind === 'last') {
    const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return last - ((weekdayOf(last) - day.weekday + 7) % 7);
  }
  if (day.kind === 'onOrAfter') return day.day + ((day.weekday - weekdayOf(day.day) + 7) % 7);
  return day.day - ((weekdayOf(day.day) - day.weekday + 7) % 7);
}

/** The zone a name stands for: links ("US/Eastern", "Asia/Calcutta") lead to their zone. */
export function zoneName(name: string): string | undefined {
  let current = name;
  for (let hops = 0; hops < 5; hops++) {
    const entry = tzdata.zones[current];
    if (entry === undefined) return undefined;
    if (typeof entry !== 'string') return current;
    current = entry;
  }
  return undefined;
}

function zoneLines(name: string): ZoneLine[] | undefined {
  const zone = zoneName(name);
  if (!zone) return undefined;
  return (tzdata.zones[zone] as [string, string, string, string | null][]).map(([std, rules, , until]) => ({
    // The package writes offsets as minutes west of UTC.
    std: -Number(std) || 0,
    rules,
    until: until === null ? Number.POSITIVE_INFINITY : Number(until),
  }));
}

/** "1:00" (a fixed amount of daylight saving in a zone line) in minutes. */
const fixedSave = (rules: string) => {
  const [hours, minutes] = rules.split(':');
  return Number(hours) * 60 + Number(minutes ?? 0);
};

/** A rule's change: the instant, the saving after it, and the rule's date (00:00 of its day, as UTC ms). */
type RuleChange = { at: number; save: number; rule: RuleLine; date: number };

/** The changes a set of rules makes from `firstYear` to `lastYear`, each placed on the clocks before it. */
function ruleChanges(rules: RuleLine[], std: number, firstYear: number, lastYear: number, save: number) {
  const changes: RuleChange[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    const inYear = rules
      .filter((rule) => rule.from <= year && year <= rule.to)
      .map((rule) => ({ rule, date: Date.UTC(year, rule.month, dayOfMonth(rule.day, year, rule.month)) }))
      .sort((a, b) => a.date + a.rule.atMinutes * MINUTE - (b.date + b.rule.atMinutes * MINUTE));
    for (const { rule, date } of inYear) {
      const offset = rule.atKind === 'utc' ? 0 : rule.atKind === 'standard' ? std : std + save;
      changes.push({ at: date + (rule.atMinutes - offset) * MINUTE, save: rule.save, rule, date });
      save = rule.save;
    }
  }
  return changes;
}

const transitionCache = new Map<string, Transition[]>();

/**
 * Every offset change of `name` from the start of `fromYear` to the end of `toYear` (UTC), or
 * undefined for a name the database does not know.
 */
export function transitions(name: string, fromYear: number, toYear: number): Transition[] | undefined {
  const key = `${name}|${fromYear}|${toYear}`;
  const cached = transitionCache.get(key);
  if (cached) return cached;
  const lines = zoneLines(name);
  if (!lines) return undefined;
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const found: Transition[] = [];
  let offset: number | undefined;
  let lineStart = Number.NEGATIVE_INFINITY;
  const change = (at: number, to: number, save: number, yearly?: YearlyRule) => {
    if (offset !== undefined && to !== offset && at >= start && at < end)
      found.push({ at, from: offset, to, save, yearly });
    offset = to;
  };
  for (const [index, line] of lines.entries()) {
    const isLast = index === lines.length - 1;
    if (line.until > start - 2 * 366 * DAY && lineStart < end) {
      if (line.rules === '-' || /^-?\d/.test(line.rules)) {
        const save = line.rules === '-' ? 0 : fixedSave(line.rules);
        change(lineStart, line.std + save, save);
      } else {
        const rules = rulesNamed(line.rules);
        // From two years before (or the line's start), so the saving in force when the range opens is known.
        const firstYear = Math.max(
          fromYear - 2,
          Number.isFinite(lineStart) ? new Date(lineStart).getUTCFullYear() - 1 : fromYear - 2,
        );
        const lastYear = Math.min(
          toYear,
          Number.isFinite(line.until) ? new Date(line.until).getUTCFullYear() : toYear,
        );
        const changes = ruleChanges(rules, line.std, firstYear, lastYear, 0);
        // The saving in force when the line begins: the last change before it (none: standard time).
        const before = changes.filter((each) => each.at <= lineStart).at(-1);
        change(lineStart, line.std + (before?.save ?? 0), before?.save ?? 0);
        for (const each of changes) {
          if (each.at <= lineStart || each.at >= line.until) continue;
          // On the clocks before the change, minutes after the start of the rule's day: a yearly
          // rule a calendar file can repeat only while that stays within the day.
          const localMinutes = (each.at - each.date) / MINUTE + (offset ?? 0);
          const yearly =
            isLast && each.rule.to === Number.POSITIVE_INFINITY && localMinutes >= 0 && localMinutes < 1440
              ? { month: each.rule.month, day: each.rule.day, localMinutes }
              : undefined;
          change(each.at, line.std + each.save, each.save, yearly);
        }
      }
    }
    lineStart = line.until;
  }
  transitionCache.set(key, found);
  return found;
}

/** Minutes east of UTC in `name` at `instant` (UTC ms), by the package's data. */
export function offsetAt(name: string, instant: number): number | undefined {
  const year = new Date(instant).getUTCFullYear();
  const changes = transitions(name, year - 1, year);
  if (!changes) return undefined;
  const last = changes.filter((change) => change.at <= instant).at(-1);
  if (last) return last.to;
  return changes[0]?.from ?? standingOffset(name, instant);
}

/** The offset of a zone without changes around `instant` (the line in force then, with its saving). */
function standingOffset(name: string, instant: number): number | undefined {
  const lines = zoneLines(name);
  const line = lines?.find((each) => instant < each.until);
  if (!line) return undefined;
  if (line.rules === '-') return line.std;
  if (/^-?\d/.test(line.rules)) return line.std + fixedSave(line.rules);
  const year = new Date(instant).getUTCFullYear();
  const before = ruleChanges(rulesNamed(line.rules), line.std, year - 2, year, 0)
    .filter((each) => each.at <= instant)
    .at(-1);
  return line.std + (before?.save ?? 0);
}
