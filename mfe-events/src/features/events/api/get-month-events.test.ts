import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeEvent, stubFetch } from '../../../test/fetch-stub.ts';
import { getMonthEvents } from './get-month-events.ts';

afterEach(() => vi.unstubAllGlobals());

const daily = makeEvent({ id: 'daily', repeat: 'DAILY' });
const on = (start: string, cancelled = false) => ({ eventId: 'daily', start, end: start, cancelled });

describe('events of a calendar month', () => {
  it('asks once for the weeks the grid shows, midnight to midnight on the viewer’s clock', async () => {
    const calls = stubFetch({
      'GET /api/events': () =>
        json(200, {
          events: [daily],
          occurrences: [on('2026-12-02T15:00:00Z'), on('2026-12-01T15:00:00Z', true)],
        }),
    });
    const events = await getMonthEvents(
      { year: 2026, month: 11 },
      'Asia/Tokyo',
      new AbortController().signal,
    );
    // December 2026 starts on a Tuesday: the grid runs from Sunday November 29 to Saturday January 2.
    expect(calls.map((call) => call.path)).toEqual([
      `/api/events?from=${encodeURIComponent('2026-11-28T15:00:00.000Z')}&to=${encodeURIComponent('2027-01-02T15:00:00.000Z')}`,
    ]);
    // One item per date (the event sent once), in date order; a cancelled date is kept (struck through).
    expect(events.map((event) => event.title)).toEqual([daily.title, daily.title]);
    expect(events.map((event) => event.occurrence)).toEqual([
      { start: '2026-12-01T15:00:00Z', end: '2026-12-01T15:00:00Z', cancelled: true },
      { start: '2026-12-02T15:00:00Z', end: '2026-12-02T15:00:00Z', cancelled: false },
    ]);
  });

  it('follows the clock change inside the range (New York, March)', async () => {
    const calls = stubFetch({ 'GET /api/events': () => json(200, { events: [], occurrences: [] }) });
    await getMonthEvents({ year: 2026, month: 2 }, 'America/New_York', new AbortController().signal);
    const query = new URL(calls[0]?.path ?? '', 'http://x').searchParams;
    expect(query.get('from')).toBe('2026-03-01T05:00:00.000Z'); // EST
    expect(query.get('to')).toBe('2026-04-05T04:00:00.000Z'); // EDT
  });

  it('fails when the server does', async () => {
    stubFetch({ 'GET /api/events': () => json(400, { error: 'Choose a range of at most 62 days' }) });
    await expect(
      getMonthEvents({ year: 2026, month: 2 }, 'UTC', new AbortController().signal),
    ).rejects.toBeTruthy();
  });
});
