import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeEvent, stubFetch } from '../../../test/fetch-stub.ts';
import { getMonthEvents } from './get-month-events.ts';

afterEach(() => vi.unstubAllGlobals());

const at = (id: string, startDate: string) => makeEvent({ id, startDate, endDate: startDate });

describe('events of a calendar month', () => {
  it('pages upcoming events until one starts after the month, and keeps only the month’s', async () => {
    const pages: Record<string, { items: unknown[]; nextCursor: string | null }> = {
      '': { items: [at('a', '2026-11-20T15:00:00Z'), at('b', '2026-11-30T15:00:00Z')], nextCursor: 'c1' },
      c1: { items: [at('c', '2026-12-01T06:00:00Z'), at('d', '2026-12-02T15:00:00Z')], nextCursor: 'c2' },
      c2: { items: [at('e', '2027-01-09T15:00:00Z')], nextCursor: null },
    };
    const calls = stubFetch({
      'GET /api/events': (call) =>
        json(200, pages[new URL(call.path, 'http://x').searchParams.get('cursor') ?? '']),
    });
    const events = await getMonthEvents(
      { year: 2026, month: 11 },
      new AbortController().signal,
      new Date('2026-11-21T00:00:00Z'),
    );
    // Only December (Eastern): c starts at 01:00 EST on December 1.
    expect(events.map((event) => event.id)).toEqual(['c', 'd']);
    expect(calls.map((call) => call.path)).toEqual([
      '/api/events?published=true&when=upcoming&limit=100',
      '/api/events?published=true&when=upcoming&cursor=c1&limit=100',
      '/api/events?published=true&when=upcoming&cursor=c2&limit=100',
    ]);
  });

  it('reads both sides of now for the current month, and stops each at the month’s edge', async () => {
    const calls = stubFetch({
      'GET /api/events': (call) => {
        const when = new URL(call.path, 'http://x').searchParams.get('when');
        return when === 'past'
          ? json(200, {
              items: [at('p1', '2026-11-10T15:00:00Z'), at('p0', '2026-10-31T15:00:00Z')],
              nextCursor: 'more',
            })
          : json(200, {
              items: [at('u1', '2026-11-25T15:00:00Z'), at('u2', '2026-12-03T15:00:00Z')],
              nextCursor: 'more',
            });
      },
    });
    const events = await getMonthEvents(
      { year: 2026, month: 10 },
      new AbortController().signal,
      new Date('2026-11-21T00:00:00Z'),
    );
    expect(events.map((event) => event.id)).toEqual(['p1', 'u1']);
    expect(calls).toHaveLength(2);
  });

  it('reads only past events for a month that is over', async () => {
    const calls = stubFetch({ 'GET /api/events': () => json(200, { items: [], nextCursor: null }) });
    await getMonthEvents(
      { year: 2026, month: 5 },
      new AbortController().signal,
      new Date('2026-11-21T00:00:00Z'),
    );
    expect(calls.map((call) => call.path)).toEqual(['/api/events?published=true&when=past&limit=100']);
  });
});
