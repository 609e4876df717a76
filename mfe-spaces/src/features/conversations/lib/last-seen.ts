// "Last seen 5 minutes ago" for an offline member (issue 10: "last seen …" for offline members).
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "Last seen just now", "Last seen 3 hours ago"; "Offline" when we do not know when. */
export function lastSeenText(lastSeenAt: string | null, now = Date.now()): string {
  if (!lastSeenAt) return 'Offline';
  const then = Date.parse(lastSeenAt);
  if (Number.isNaN(then)) return 'Offline';
  let value = (then - now) / 1000;
  if (value > -45) return 'Last seen just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return `Last seen ${relative.format(Math.round(value), unit)}`;
    value /= size;
  }
  return 'Offline';
}
