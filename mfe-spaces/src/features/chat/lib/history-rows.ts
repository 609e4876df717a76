// How a chat's history reads (docs/product-decisions.md, "Chat"): a day separator before the first
// message of each day in the member's time zone ("Today", "Yesterday", "Monday, November 23", with the
// year when it is not this year), a "New messages" line before the first message another member wrote
// after the member last read the chat, and one person's messages within five minutes of each other
// grouped under one name and avatar. A pure function of the messages, so it is tested without a page.

/** Consecutive messages of one author closer than this share one name and avatar (as Discord and Slack). */
export const GROUP_WINDOW_MS = 5 * 60 * 1000;

export const TODAY = 'Today';
export const YESTERDAY = 'Yesterday';
export const NEW_MESSAGES = 'New messages';

type RowMessage = { id: string; seq: number; author: { id: string }; createdAt: string };

export type HistoryRow<M extends RowMessage> =
  | { kind: 'day'; key: string; label: string; day: string }
  | { kind: 'new-messages'; key: string }
  | { kind: 'message'; key: string; message: M; groupStart: boolean };

export type HistoryOptions = {
  /** Now (for "Today" and "Yesterday"). */
  now: Date;
  /** The member's time zone and locale; the browser's when left out. */
  timeZone?: string | undefined;
  locale?: string | undefined;
  /**
   * Where the member had read to when the chat opened, the newest message there was then, and who
   * the member is: the line goes before the first message of someone else in between. Null: no line.
   */
  unread?: { lastReadSeq: number; lastSeqAtOpen: number; meId: string } | null;
};

/** "2026-11-23" of an instant in a time zone: a calendar day to compare and to name. */
function dayKeyFormat(timeZone: string | undefined) {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (date: Date) => {
    const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
    return `${parts.year}-${parts.month}-${parts.day}`;
  };
}

/** The calendar day before `day` ("2026-03-01" → "2026-02-28"), whatever the time zone's clock did. */
function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** The separator's text for a calendar day, in the member's locale. */
export function dayLabel(day: string, today: string, locale?: string): string {
  if (day === today) return TODAY;
  if (day === dayBefore(today)) return YESTERDAY;
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  // The day is already a calendar day: name it at noon UTC, in UTC, so no time zone moves it.
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(new Date(`${day}T12:00:00Z`));
}

/** The rows of a history: separators, the new-messages line, and each message as a group's start or not. */
export function historyRows<M extends RowMessage>(
  messages: readonly M[],
  { now, timeZone, locale, unread = null }: HistoryOptions,
): HistoryRow<M>[] {
  const dayOf = dayKeyFormat(timeZone);
  const today = dayOf(now);
  const rows: HistoryRow<M>[] = [];
  let lineShown = false;
  let previous: { authorId: string; at: number; day: string } | undefined;
  for (const message of messages) {
    const at = Date.parse(message.createdAt);
    const day = dayOf(new Date(at));
    const newDay = previous?.day !== day;
    let groupStart =
      newDay || previous?.authorId !== message.author.id || at - (previous?.at ?? 0) >= GROUP_WINDOW_MS;
    if (newDay) rows.push({ kind: 'day', key: `day-${day}`, label: dayLabel(day, today, locale), day });
    if (
      unread &&
      !lineShown &&
      message.seq > unread.lastReadSeq &&
      message.seq <= unread.lastSeqAtOpen &&
      message.author.id !== unread.meId
    ) {
      rows.push({ kind: 'new-messages', key: 'new-messages' });
      lineShown = true;
      groupStart = true; // the line parts a group, as in Slack
    }
    rows.push({ kind: 'message', key: message.id, message, groupStart });
    previous = { authorId: message.author.id, at, day };
  }
  return rows;
}
