import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeEvent, stubFetch } from '../../../test/fetch-stub.ts';
import { EventCalendar } from './event-calendar.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A daily 7 PM New York event from January 10, 2027, with January 12 cancelled, as the range answer
// sends it: the event once, and its dates by id.
const daily = makeEvent({ id: 'daily', title: 'Daily standup', repeat: 'DAILY' });
const dates = Array.from({ length: 24 }, (_, i) => {
  const start = new Date(Date.UTC(2027, 0, 11 + i, 0)); // 7 PM EST on January 10 + i
  return {
    eventId: daily.id,
    start: start.toISOString(),
    end: new Date(start.getTime() + 3_600_000).toISOString(),
    cancelled: i === 2,
  };
});

describe('month grid', () => {
  it('reads the weeks shown in one request and puts every date on the viewer’s day, cancelled ones struck through', async () => {
    const calls = stubFetch({ 'GET /api/events': () => json(200, { events: [daily], occurrences: dates }) });
    render(<EventCalendar initialMonth={{ year: 2027, month: 0 }} timeZone="America/New_York" />);
    await screen.findAllByRole('link', { name: /Daily standup/ });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe(
      `/api/events?from=${encodeURIComponent('2026-12-27T05:00:00.000Z')}&to=${encodeURIComponent('2027-02-07T05:00:00.000Z')}`,
    );
    const cell = (key: string) => document.querySelector(`[data-day="${key}"]`) as HTMLElement;
    expect(within(cell('2027-01-09')).queryByRole('link')).toBeNull();
    for (let day = 10; day <= 31; day++) {
      expect(within(cell(`2027-01-${day}`)).getAllByRole('link')).toHaveLength(1);
    }
    // The grid's own weeks run into February: those dates show too.
    expect(within(cell('2027-02-02')).getAllByRole('link')).toHaveLength(1);
    const cancelled = within(cell('2027-01-12')).getByRole('link');
    expect(cancelled.getAttribute('aria-label')).toBe('7:00 PM Daily standup (cancelled)');
    expect(cancelled.querySelector('s')).toBeTruthy();
    expect(within(cell('2027-01-13')).getByRole('link').getAttribute('aria-label')).toBe(
      '7:00 PM Daily standup',
    );
  });

  it('shows a New York evening on the next morning for a viewer in Tokyo', async () => {
    stubFetch({ 'GET /api/events': () => json(200, { events: [daily], occurrences: dates.slice(0, 1) }) });
    render(<EventCalendar initialMonth={{ year: 2027, month: 0 }} timeZone="Asia/Tokyo" />);
    const chip = await screen.findByRole('link', { name: /Daily standup/ });
    expect(chip.closest('td')?.getAttribute('data-day')).toBe('2027-01-11');
    expect(chip.getAttribute('aria-label')).toBe('9:00 AM Daily standup');
    expect(chip.getAttribute('title')).toBe('Daily standup (7:00 PM EST)');
  });
});

describe('agenda on a phone', () => {
  it('lists the month’s days with events instead of the grid, each date a link named like a chip', async () => {
    // A phone: the desktop query does not match.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    stubFetch({ 'GET /api/events': () => json(200, { events: [daily], occurrences: dates }) });
    render(<EventCalendar initialMonth={{ year: 2027, month: 0 }} timeZone="America/New_York" />);
    const agenda = await screen.findByRole('list', { name: 'January 2027' });
    expect(screen.queryByRole('table')).toBeNull();
    // January 10 to 31; the February dates the grid's last week would show are not January's.
    const days = within(agenda).getAllByRole('heading', { level: 3 });
    expect(days).toHaveLength(22);
    expect(days[0]?.textContent).toBe('Sunday, January 10');
    const cancelled = document.querySelector('[data-day="2027-01-12"]') as HTMLElement;
    expect(within(cancelled).getByRole('link').getAttribute('aria-label')).toBe(
      '7:00 PM Daily standup (cancelled)',
    );
    expect(within(cancelled).getByRole('link').getAttribute('href')).toBe('/events/daily');
  });
});
