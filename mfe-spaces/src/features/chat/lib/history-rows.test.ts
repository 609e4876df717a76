import { describe, expect, it } from 'vitest';
import { dayLabel, type HistoryOptions, historyRows } from './history-rows.ts';

let nextSeq = 1;
const message = (authorId: string, createdAt: string) => {
  const seq = nextSeq++;
  return { id: `m${seq}`, seq, author: { id: authorId }, createdAt };
};

/** The rows as short strings: "day:Today", "new", "ana*" (a group's start) or "ana" (continued). */
function shape(messages: ReturnType<typeof message>[], options: Partial<HistoryOptions> = {}) {
  return historyRows(messages, {
    now: new Date('2026-11-27T10:00:00Z'),
    timeZone: 'UTC',
    locale: 'en-US',
    ...options,
  }).map((row) => {
    if (row.kind === 'day') return `day:${row.label}`;
    if (row.kind === 'new-messages') return 'new';
    return `${row.message.author.id}${row.groupStart ? '*' : ''}`;
  });
}

describe('day separators', () => {
  it('name today, yesterday, an older day of this year and a day of another year', () => {
    const rows = shape([
      message('ana', '2025-12-31T09:00:00Z'),
      message('ana', '2026-11-23T09:00:00Z'),
      message('ana', '2026-11-26T09:00:00Z'),
      message('ana', '2026-11-27T09:00:00Z'),
    ]);
    expect(rows).toEqual([
      'day:Wednesday, December 31, 2025',
      'ana*',
      'day:Monday, November 23',
      'ana*',
      'day:Yesterday',
      'ana*',
      'day:Today',
      'ana*',
    ]);
  });

  it('fall on midnight in the member’s time zone, not in UTC', () => {
    // 23:58 and 00:01 in Berlin are 22:58 and 23:01 UTC: one UTC day, two Berlin days.
    const late = message('ana', '2026-11-26T22:58:00Z');
    const early = message('ana', '2026-11-26T23:01:00Z');
    expect(shape([late, early], { timeZone: 'UTC' })).toEqual(['day:Yesterday', 'ana*', 'ana']);
    expect(shape([late, early], { timeZone: 'Europe/Berlin' })).toEqual([
      'day:Yesterday',
      'ana*',
      'day:Today',
      'ana*',
    ]);
    // In New York (UTC-5) the same instants are both still on the 26th, and "today" is the 27th.
    expect(shape([late, early], { timeZone: 'America/New_York' })).toEqual(['day:Yesterday', 'ana*', 'ana']);
  });

  it('count yesterday by the calendar across a month’s end and a clock change', () => {
    expect(dayLabel('2026-02-28', '2026-03-01', 'en-US')).toBe('Yesterday');
    expect(dayLabel('2026-03-28', '2026-03-29', 'en-US')).toBe('Yesterday');
    expect(dayLabel('2026-03-27', '2026-03-29', 'en-US')).toBe('Friday, March 27');
  });

  it('speak the member’s locale', () => {
    expect(dayLabel('2026-11-23', '2026-11-27', 'de-DE')).toBe('Montag, 23. November');
  });
});

describe('groups', () => {
  it('keep one author’s messages under one name while each is within 5 minutes of the one before', () => {
    const rows = shape([
      message('ana', '2026-11-27T09:00:00Z'),
      message('ana', '2026-11-27T09:04:59Z'),
      message('ana', '2026-11-27T09:09:00Z'), // 4:01 after the one before: still grouped
      message('ana', '2026-11-27T09:14:00Z'), // exactly 5 minutes: a new group
    ]);
    expect(rows).toEqual(['day:Today', 'ana*', 'ana', 'ana', 'ana*']);
  });

  it('end when another member writes', () => {
    const rows = shape([
      message('ana', '2026-11-27T09:00:00Z'),
      message('ben', '2026-11-27T09:01:00Z'),
      message('ana', '2026-11-27T09:02:00Z'),
      message('ana', '2026-11-27T09:03:00Z'),
    ]);
    expect(rows).toEqual(['day:Today', 'ana*', 'ben*', 'ana*', 'ana']);
  });

  it('end at a day separator, even a minute apart', () => {
    const rows = shape([message('ana', '2026-11-26T23:59:30Z'), message('ana', '2026-11-27T00:00:30Z')]);
    expect(rows).toEqual(['day:Yesterday', 'ana*', 'day:Today', 'ana*']);
  });
});

describe('the new-messages line', () => {
  const history = () => [
    message('me', '2026-11-27T09:00:00Z'),
    message('ben', '2026-11-27T09:01:00Z'),
    message('ben', '2026-11-27T09:02:00Z'),
    message('ben', '2026-11-27T09:03:00Z'),
  ];

  it('goes before the first message someone else wrote after the read position, and starts a group', () => {
    const messages = history();
    const lastReadSeq = messages[1]?.seq ?? 0;
    const rows = shape(messages, { unread: { lastReadSeq, lastSeqAtOpen: lastReadSeq + 2, meId: 'me' } });
    expect(rows).toEqual(['day:Today', 'me*', 'ben*', 'new', 'ben*', 'ben']);
  });

  it('is not drawn above the member’s own messages, nor for messages that came while the chat was open', () => {
    const messages = history();
    const first = messages[0]?.seq ?? 0;
    // Everything after "me" but written after opening: no line.
    expect(
      shape(messages, { unread: { lastReadSeq: first, lastSeqAtOpen: first, meId: 'me' } }),
    ).not.toContain('new');
    // Read up to before my own message: the line skips it and sits before ben's.
    const rows = shape(messages, {
      unread: { lastReadSeq: first - 1, lastSeqAtOpen: first + 3, meId: 'me' },
    });
    expect(rows).toEqual(['day:Today', 'me*', 'new', 'ben*', 'ben', 'ben']);
  });

  it('is not drawn when everything was read', () => {
    const messages = history();
    const last = messages.at(-1)?.seq ?? 0;
    expect(shape(messages, { unread: { lastReadSeq: last, lastSeqAtOpen: last, meId: 'me' } })).not.toContain(
      'new',
    );
  });
});
