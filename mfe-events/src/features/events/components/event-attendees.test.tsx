import { session } from '@community/api-client';
import type { EventAttendee } from '@community/domain';
import { modalStore } from '@community/ui';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { host, json, makeEvent, member, stubFetch } from '../../../test/fetch-stub.ts';
import { EventAttendees } from './event-attendees.tsx';
import { ViewEventDialog } from './view-event-dialog.tsx';

const attendee = (n: number): EventAttendee => ({
  id: `u-${n}`,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  pseudo: `p${n}`,
  imageUrl: null,
});
const everyone = Array.from({ length: 30 }, (_, i) => attendee(i + 1));
const withMembers = (count: number) =>
  makeEvent({ members: everyone.slice(0, count).map((a) => ({ userId: a.id })) });

/** The attendee routes over the 30 attendees above, paged like the API (cursor = index). */
function stubAttendees(count: number) {
  return stubFetch({
    'GET /api/events/11111111-1111-4111-8111-111111111111/attendees': (call) => {
      const url = new URL(call.path, 'http://localhost');
      const from = Number(url.searchParams.get('cursor') ?? 0);
      const limit = Number(url.searchParams.get('limit'));
      const items = everyone.slice(0, count).slice(from, from + limit);
      return json(200, { items, nextCursor: from + limit < count ? String(from + limit) : null });
    },
  });
}

beforeEach(() => {
  session.user = { ...member, features: [...member.features, { feature: 'community', enabled: true }] };
  session.status = 'signed-in';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('who is going', () => {
  it('shows the first 12 as named avatars, then +N opening everyone, a page at a time; Esc closes it', async () => {
    const calls = stubAttendees(30);
    render(<EventAttendees event={withMembers(30)} viewer={member} />);
    const strip = await screen.findByRole('list', { name: 'Who is going' });
    await waitFor(() => expect(within(strip).getAllByRole('listitem')).toHaveLength(13));
    expect(calls[0]?.path).toContain('limit=12');
    // Each avatar is named by its member (visible on hover and focus), and opens their profile.
    const first = within(strip).getByRole('button', { name: 'First1 Last1' });
    expect(within(first).queryByText('First1 Last1')).toBeNull();
    fireEvent.focus(first);
    expect(within(first).getByText('First1 Last1')).toBeTruthy();
    fireEvent.blur(first);
    fireEvent.mouseEnter(first);
    expect(within(first).getByText('First1 Last1')).toBeTruthy();
    fireEvent.mouseLeave(first);
    expect(within(first).queryByText('First1 Last1')).toBeNull();
    const more = within(strip).getByRole('button', { name: '+18 more: see everyone going' });
    fireEvent.click(more);
    const list = await screen.findByRole('list', { name: 'Everyone going' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(30));
    expect(screen.getByRole('dialog').textContent).toContain('30 members');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('has no +N when everyone fits, and no CSV link for a member who does not organise it', async () => {
    stubAttendees(3);
    render(<EventAttendees event={withMembers(3)} viewer={member} />);
    const strip = await screen.findByRole('list', { name: 'Who is going' });
    await waitFor(() => expect(within(strip).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Download attendees/ })).toBeNull();
  });

  it('gives the host the attendee CSV', async () => {
    stubAttendees(2);
    render(<EventAttendees event={withMembers(2)} viewer={host} />);
    const link = await screen.findByRole('link', { name: 'Download attendees (CSV)' });
    expect(link.getAttribute('href')).toBe('/api/events/11111111-1111-4111-8111-111111111111/attendees.csv');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('loads again when the RSVPs change, so the count and the avatars agree', async () => {
    const calls = stubAttendees(5);
    const { rerender } = render(<EventAttendees event={withMembers(4)} viewer={member} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    rerender(<EventAttendees event={withMembers(5)} viewer={member} />);
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('says so when nobody is going, without asking the API', () => {
    const calls = stubAttendees(0);
    render(<EventAttendees event={withMembers(0)} viewer={member} />);
    expect(screen.getByText('Nobody has RSVPed yet.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('in the viewEvent dialog, Esc closes the list and leaves the event open', async () => {
    stubFetch({
      'GET /api/events/11111111-1111-4111-8111-111111111111': () => json(200, withMembers(20)),
      'GET /api/events/11111111-1111-4111-8111-111111111111/attendees': (call) => {
        const url = new URL(call.path, 'http://localhost');
        const limit = Number(url.searchParams.get('limit'));
        return json(200, { items: everyone.slice(0, Math.min(limit, 20)), nextCursor: null });
      },
    });
    modalStore.type = 'viewEvent';
    render(<ViewEventDialog eventId="11111111-1111-4111-8111-111111111111" />);
    fireEvent.click(await screen.findByRole('button', { name: '+8 more: see everyone going' }));
    const list = await screen.findByRole('dialog', { name: 'Who is going' });
    fireEvent.keyDown(list, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Who is going' })).toBeNull());
    // The event's dialog was not asked to close (closeModal would have cleared the store).
    expect(modalStore.type).toBe('viewEvent');
    modalStore.type = null;
  });
});
