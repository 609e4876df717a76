// The RSVP button with capacity (issue 29): "Join waitlist" on a full event, the places line, the
// member's own place, and "Leave waitlist"; the server's answer decides what the button shows next.
import { session } from '@community/api-client';
import { modalStore, toast } from '@community/ui';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makeEvent, member, stubFetch } from '../../../test/fetch-stub.ts';
import { EventDetail, EventDetailCard } from './event-detail.tsx';

beforeEach(() => {
  session.user = member;
  session.status = 'signed-in';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  modalStore.type = null;
});

const noop = () => {};
const others = (count: number) => Array.from({ length: count }, (_, index) => ({ userId: `other-${index}` }));

describe('RSVP with places', () => {
  it('shows the places left, and RSVP while one is left', () => {
    render(
      <EventDetailCard
        event={makeEvent({ capacity: 20, members: others(8) })}
        viewer={member}
        onChange={noop}
      />,
    );
    expect(screen.getByTestId('event-places').textContent).toBe('· 12 of 20 places left');
    expect(screen.getByRole('button', { name: 'RSVP' })).toBeTruthy();
    expect(screen.queryByTestId('event-waitlist-position')).toBeNull();
  });

  it('offers Join waitlist on a full event, then shows the member their place and Leave waitlist', async () => {
    const success = vi.spyOn(toast, 'success');
    const event = makeEvent({ capacity: 2, members: others(2), waitlistCount: 2 });
    const calls = stubFetch({
      [`GET /api/events/${event.id}`]: () => json(200, event),
      [`POST /api/events/${event.id}/members`]: () =>
        json(201, { ...event, waitlistCount: 3, waitlistPosition: 3 }),
      [`DELETE /api/events/${event.id}/members`]: () => json(200, event),
      [`GET /api/events/${event.id}/attendees`]: () => json(200, { items: [], nextCursor: null }),
    });
    render(<EventDetail id={event.id} />);
    expect((await screen.findByTestId('event-places')).textContent).toBe('· Full · 2 on the waitlist');
    fireEvent.click(screen.getByRole('button', { name: 'Join waitlist' }));

    expect(await screen.findByText('You are 3rd on the waitlist')).toBeTruthy();
    expect(success).toHaveBeenCalledWith('You joined the waitlist');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ eventId: event.id });
    expect(screen.getByTestId('event-places').textContent).toBe('· Full · 3 on the waitlist');
    const leave = screen.getByRole('button', { name: /Leave waitlist/ });
    expect(leave.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(leave);
    expect(await screen.findByRole('button', { name: /Join waitlist/ })).toBeTruthy();
    expect(success).toHaveBeenLastCalledWith('You left the waitlist');
    expect(screen.queryByTestId('event-waitlist-position')).toBeNull();
  });

  it('shows UnRSVP to a member who is going on a full event (a promoted member too)', () => {
    const event = makeEvent({
      capacity: 2,
      members: [...others(1), { userId: member.id }],
      waitlistCount: 1,
    });
    render(<EventDetailCard event={event} viewer={member} onChange={noop} />);
    expect(screen.getByRole('button', { name: 'UnRSVP' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /waitlist/ })).toBeNull();
  });
});
