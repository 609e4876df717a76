// The `tzdata` package (the IANA time zone database as JSON, read by lib/tzdb.ts) ships no types.
declare module 'tzdata' {
  /** A zone's lines ([offset west in minutes, rules, format, until as UTC ms]) or, for a link, its target. */
  export type ZoneEntry = string | [string, string, string, string | null][];
  /** [from, to, type, month, day, [hours, minutes, seconds, suffix], save in minutes, letter] */
  export type RuleEntry = [
    string,
    string,
    string,
    string,
    string,
    [string, string, string, string | null],
    string,
    string,
  ];
  const data: { version: string; zones: Record<string, ZoneEntry>; rules: Record<string, RuleEntry[]> };
  export default data;
}
