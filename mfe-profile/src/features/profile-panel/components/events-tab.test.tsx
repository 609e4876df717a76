import { modalStore } from '@community/ui';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anEvent } from '../../../test/fixtures.ts';
import { ok, serveApi } from '../../../test/serve-api.ts';
import { EventsTab } from './events-tab.tsx';

const EVENTS = 'GET /api/users/u2/events';

beforeEach(() => {
  modalStore.type = 'profile';
  history.replaceState(null, '', '/spaces/s1?profile_popover_tab=events');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('events tab', () => {
  it('shows placeholders while it loads', () => {
    serveApi({ [EVENTS]: () => 'hang' });
    render(<EventsTab userId="u2" />);
    expect(screen.getByRole('status', { name: 'Loading events' })).toBeTruthy();
  });

  it('says "No events to show" when the member hosts and attends none the viewer may see', async () => {
    serveApi({ [EVENTS]: () => ok({ upcoming: [], past: [] }) });
    render(<EventsTab userId="u2" />);
    expect(await screen.findByText('No events to show')).toBeTruthy();
  });

  it('lists Upcoming before Past, marks hosting, and opens an event closing the panel', async () => {
    serveApi({
      [EVENTS]: () =>
        ok({
          upcoming: [anEvent({ id: 'e1', title: 'Launch party', relation: 'host' })],
          past: [anEvent({ id: 'e0', title: 'Kick-off', startDate: '2026-01-10T12:00:00.000Z' })],
        }),
    });
    render(<EventsTab userId="u2" />);
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    const past = screen.getByRole('region', { name: 'Past' });
    expect(upcoming.compareDocumentPosition(past) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(upcoming).getByText('Hosting')).toBeTruthy();
    expect(within(past).queryByText('Hosting')).toBeNull();
    expect(within(past).getByText(/Jan 10, 2026/)).toBeTruthy();

    const launch = within(upcoming).getByRole('link', { name: /Launch party/ });
    expect(launch.getAttribute('href')).toBe('/events/e1');
    fireEvent.click(launch);
    expect(modalStore.type).toBeNull();
    expect(location.pathname).toBe('/events/e1');
  });
});
