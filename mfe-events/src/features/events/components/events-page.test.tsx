import { session } from '@community/api-client';
import { modalStore } from '@community/ui';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { host, json, makeEvent, member, stubFetch } from '../../../test/fetch-stub.ts';
import { EventModals } from './event-modals.tsx';
import { EventsPage } from './events-page.tsx';

const upcoming = makeEvent({
  id: 'e1',
  title: 'Live Q&A',
  startDate: '2026-12-03T15:00:00Z',
  endDate: '2026-12-03T16:00:00Z',
});

beforeEach(() => {
  history.replaceState(null, '', '/events');
  stubFetch({
    'GET /api/events': (call) =>
      json(200, {
        items: call.path.includes('when=upcoming') && call.path.includes('published=true') ? [upcoming] : [],
        nextCursor: null,
      }),
    'GET /api/spaces': () => json(200, { items: [] }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  modalStore.type = null;
});

function signIn(user: typeof member) {
  session.user = user;
  session.status = 'signed-in';
}

describe('events page', () => {
  it('shows 4 skeleton rows, then the upcoming events under their month linking to the detail', async () => {
    signIn(member);
    render(<EventsPage />);
    expect(screen.getAllByTestId('event-skeleton-row')).toHaveLength(4);
    const month = await screen.findByRole('region', { name: 'December 2026' });
    expect(within(month).getByRole('link', { name: 'Live Q&A' }).getAttribute('href')).toBe('/events/e1');
  });

  it('lists a repeating series under the month of its next date, with that date on the event’s clock', async () => {
    const series = makeEvent({
      id: 'e2',
      title: 'Berlin meetup',
      repeat: 'TUESDAY',
      timeZone: 'Europe/Berlin',
      startDate: '2026-12-01T18:00:00Z',
      endDate: '2026-12-01T20:00:00Z',
      occurrence: { start: '2027-02-02T18:00:00Z', end: '2027-02-02T20:00:00Z', cancelled: false },
    });
    stubFetch({
      'GET /api/events': (call) =>
        json(200, { items: call.path.includes('when=upcoming') ? [series] : [], nextCursor: null }),
      'GET /api/spaces': () => json(200, { items: [] }),
    });
    signIn(member);
    render(<EventsPage />);
    const month = await screen.findByRole('region', { name: 'February 2027' });
    const card = within(month).getByRole('article', { name: 'Berlin meetup' });
    expect(card.querySelector('time')?.textContent).toBe('Tue, Feb 2, 2027 · 7:00 PM – 9:00 PM CET');
    expect(card.querySelector('time')?.getAttribute('datetime')).toBe('2027-02-02T18:00:00Z');
  });

  it('says "No Available Events" when a tab is empty', async () => {
    signIn(member);
    render(<EventsPage />);
    await screen.findByRole('link', { name: 'Live Q&A' });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Past' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Past' }));
    expect(await screen.findByText('No Available Events')).toBeTruthy();
  });

  it('offers Create Event to members with the events feature, but not Go Live to role USER', () => {
    signIn(member);
    render(<EventsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(modalStore.type).toBe('createEvent');
    expect(screen.queryByRole('button', { name: 'Go Live' })).toBeNull();
  });

  it('hides Create Event when the events feature is off, and offers Go Live to a host', () => {
    signIn({ ...host, features: [{ feature: 'events', enabled: false }] });
    const { unmount } = render(<EventsPage />);
    expect(screen.queryByRole('button', { name: 'Create Event' })).toBeNull();
    unmount();
    signIn(host);
    render(<EventsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Go Live' }));
    expect(modalStore.type).toBe('createLivestream');
  });

  it('offers Go Live to a host only with the livestream feature', () => {
    signIn({ ...host, features: [{ feature: 'events', enabled: true }] });
    render(<EventsPage />);
    expect(screen.getByRole('button', { name: 'Create Event' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Go Live' })).toBeNull();
  });

  it('says the API’s words instead of the page when the events feature is off', () => {
    signIn({ ...member, features: [] });
    render(<EventsPage />);
    expect(screen.getByText('The events feature is not enabled for your account.')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Upcoming' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Event' })).toBeNull();
  });

  it('shows the month grid for ?view=calendar', async () => {
    signIn(member);
    history.replaceState(null, '', '/events?view=calendar');
    render(<EventsPage />);
    expect(screen.getByRole('region', { name: 'Calendar' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Upcoming' })).toBeNull();
  });
});

describe('events modals', () => {
  it('never shows the live stream dialog to role USER, and closes the modal', () => {
    signIn(member);
    modalStore.type = 'createLivestream';
    render(<EventModals type="createLivestream" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(modalStore.type).toBeNull();
  });

  it('never shows the live stream dialog without the livestream feature', () => {
    signIn({ ...host, features: [{ feature: 'events', enabled: true }] });
    modalStore.type = 'createLivestream';
    render(<EventModals type="createLivestream" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(modalStore.type).toBeNull();
  });

  it('shows the live stream dialog to a host', () => {
    signIn(host);
    render(<EventModals type="createLivestream" />);
    expect(screen.getByRole('dialog', { name: 'Go Live' })).toBeTruthy();
  });
});
