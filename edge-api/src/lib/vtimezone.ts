// VTIMEZONE components (RFC 5545 3.6.5) generated from the runtime's IANA time zone data (Intl), so
// any zone an event may carry gets one without a hand-written table. The offset transitions of the
// years a calendar file covers are found by sampling the zone's UTC offset and narrowing each change
// down to the minute; transitions that recur on the same rule every year (e.g. "second Sunday of
// March at 02:00") become one observance with a yearly RRULE, so a series that runs on past the
// scanned years still gets the right offsets; irregular ones are listed one by one (RDATE).
// Zones without clock changes (Asia/Tokyo) get a single STANDARD observance.

const MINUTE = 60_000;
const DAY = 86_400_000;
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC on the clocks of `timeZone` at `instant` (UTC ms). */
export function utcOffsetMinutes(timeZone: string, instant: number): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?/.exec(name);
  if (!match) return 0; // "GMT": UTC itself
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** One change of a zone's UTC offset: the instant, and the offsets before and after it. */
export type Transition = { at: number; from: number; to: number };

/** Every offset change of `timeZone` from the start of `fromYear` to the end of `toYear` (UTC). */
export function offsetTransitions(timeZone: string, fromYear: number, toYear: number): Transition[] {
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const found: Transition[] = [];
  let previous = utcOffsetMinutes(timeZone, start);
  // A day's step: no zone changes its clocks twice within one day.
  for (let time = start + DAY; time <= end; time += DAY) {
    const offset = utcOffsetMinutes(timeZone, time);
    if (offset === previous) continue;
    // The change lies in (time - DAY, time]: narrow it down to the minute.
    let low = time - DAY;
    let high = time;
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (utcOffsetMinutes(timeZone, middle) === previous) low = middle;
      else high = middle;
    }
    found.push({ at: high, from: previous, to: offset });
    previous = offset;
  }
  return found;
}

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

/** The ways a transition's local day can be named in a yearly BYDAY: "2SU", and "-1SU" in a month's last week. */
function weekdayNames(wallClock: number): string[] {
  const date = new Date(wallClock);
  const day = date.getUTCDate();
  const weekday = WEEKDAYS[date.getUTCDay()]!;
  const monthDays = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  const names = [`${Math.ceil(day / 7)}${weekday}`];
  if (day + 7 > monthDays) names.push(`-1${weekday}`);
  return names;
}

/**
 * The yearly rule all these transitions follow (same month, same nth weekday, same local time, one
 * per year in consecutive years), or null when they follow none.
 */
function yearlyRule(wallClocks: number[]): string | null {
  if (wallClocks.length < 2) return null;
  const dates = wallClocks.map((time) => new Date(time));
  const first = dates[0]!;
  const timeOfDay = (date: Date) => date.getTime() % DAY;
  const consistent = dates.every(
    (date, index) =>
      date.getUTCMonth() === first.getUTCMonth() &&
      timeOfDay(date) === timeOfDay(first) &&
      date.getUTCFullYear() === first.getUTCFullYear() + index,
  );
  if (!consistent) return null;
  const common = wallClocks
    .map(weekdayNames)
    .reduce((kept, names) => kept.filter((name) => names.includes(name)));
  const byDay = common.find((name) => !name.startsWith('-')) ?? common[0];
  return byDay ? `FREQ=YEARLY;BYMONTH=${first.getUTCMonth() + 1};BYDAY=${byDay}` : null;
}

function observance(
  kind: 'STANDARD' | 'DAYLIGHT',
  from: number,
  to: number,
  start: string,
  recurrence: string[],
): string[] {
  return [
    `BEGIN:${kind}`,
    `DTSTART:${start}`,
    `TZOFFSETFROM:${formatOffset(from)}`,
    `TZOFFSETTO:${formatOffset(to)}`,
    ...recurrence,
    `END:${kind}`,
  ];
}

const cache = new Map<string, string[]>();

/**
 * The VTIMEZONE lines of `timeZone` for a file whose events start from `fromYear` and are read up
 * to `toYear` (a yearly rule still found there is left open-ended, so later years follow it too).
 */
export function vtimezoneLines(timeZone: string, fromYear: number, toYear: number): string[] {
  const key = `${timeZone}|${fromYear}|${toYear}`;
  const cached = cache.get(key);
  if (cached) return cached;
  // From the year before: an event early in `fromYear` lies in the observance begun the year before.
  const transitions = offsetTransitions(timeZone, fromYear - 1, toYear);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  if (transitions.length === 0) {
    const offset = utcOffsetMinutes(timeZone, Date.UTC(fromYear, 0, 1));
    lines.push(...observance('STANDARD', offset, offset, '19700101T000000', []));
  } else {
    // One group per kind of change (same offsets before and after): e.g. New York's spring and fall.
    const groups = new Map<string, Transition[]>();
    for (const transition of transitions) {
      const group = `${transition.from}|${transition.to}`;
      groups.set(group, [...(groups.get(group) ?? []), transition]);
    }
    for (const group of groups.values()) {
      const { from, to } = group[0]!;
      // DTSTART and RDATE are local times on the clocks before the change (TZOFFSETFROM).
      const wallClocks = group.map((transition) => transition.at + transition.from * MINUTE);
      const kind = to > from ? 'DAYLIGHT' : 'STANDARD';
      const rule = yearlyRule(wallClocks);
      const last = group.at(-1)!;
      if (rule) {
        // Still in force in the last year read: it goes on (until tzdb says otherwise in a later file).
        const openEnded = new Date(last.at).getUTCFullYear() >= toYear;
        const until = openEnded ? '' : `;UNTIL=${localStamp(last.at)}Z`;
        lines.push(...observance(kind, from, to, localStamp(wallClocks[0]!), [`RRULE:${rule}${until}`]));
      } else {
        const rest = wallClocks.slice(1).map((time) => `RDATE:${localStamp(time)}`);
        lines.push(...observance(kind, from, to, localStamp(wallClocks[0]!), rest));
      }
    }
  }
  lines.push('END:VTIMEZONE');
  cache.set(key, lines);
  return lines;
}
