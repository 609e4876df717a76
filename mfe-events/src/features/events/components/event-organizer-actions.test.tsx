import { session } from '@community/api-client';
import { toast } from '@community/ui';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { host, json, makeEvent, member, stubFetch } from '../../../test/fetch-stub.ts';
import { CancelledBadge, EventCancelledBanner } from './event-cancelled.tsx';
import { EventDetailCard } from './event-detail.tsx';

beforeEach(() => {
  session.user = host;
  session.status = 'signed-in';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const noop = () => {};
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const upcoming = () => makeEvent({ startDate: future(5), endDate: future(5.1) });
const cancelledEvent = (overrides = {}) =>
  makeEvent({
    startDate: future(5),
    endDate: future(5.1),
    cancelledAt: new Date().toISOString(),
    cancelReason: 'The venue flooded',
    ...overrides,
  });

describe('the cancelled banner and badge', () => {
  it('show "Cancelled" and the reason for a cancelled event only', () => {
    const { rerender } = render(<EventCancelledBanner event={cancelledEvent()} />);
    const banner = screen.getByRole('region', { name: 'Event cancelled' });
    expect(within(banner).getByText('Cancelled')).toBeTruthy();
    expect(within(banner).getByText('The venue flooded')).toBeTruthy();
    rerender(<EventCancelledBanner event={upcoming()} />);
    expect(screen.queryByRole('region', { name: 'Event cancelled' })).toBeNull();
    rerender(<CancelledBadge event={cancelledEvent()} />);
    expect(screen.getByText('Cancelled')).toBeTruthy();
  });

  it('takes the RSVP button’s place on the detail card, and the stream’s Watch Now goes', () => {
    const { rerender } = render(<EventDetailCard event={upcoming()} viewer={member} onChange={noop} />);
    expect(screen.getByRole('button', { name: 'RSVP' })).toBeTruthy();
    expect(screen.getByText('Watch Now')).toBeTruthy();
    rerender(<EventDetailCard event={cancelledEvent()} viewer={member} onChange={noop} />);
    expect(screen.getByRole('region', { name: 'Event cancelled' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'RSVP' })).toBeNull();
    expect(screen.queryByText('Watch Now')).toBeNull();
  });
});

describe('the organiser’s buttons', () => {
  it('are shown to its author, host and admins only, by the event’s state', () => {
    const { rerender } = render(<EventDetailCard event={upcoming()} viewer={member} onChange={noop} />);
    expect(screen.queryByRole('button', { name: 'Cancel event' })).toBeNull();
    rerender(<EventDetailCard event={upcoming()} viewer={host} onChange={noop} />);
    expect(screen.getByRole('button', { name: 'Cancel event' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete event' })).toBeNull();
    rerender(
      <EventDetailCard event={cancelledEvent()} viewer={{ ...member, role: 'ADMIN' }} onChange={noop} />,
    );
    expect(screen.queryByRole('button', { name: 'Cancel event' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Restore event' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete event' })).toBeTruthy();
    // Started: no restoring any more; deleting stays.
    rerender(
      <EventDetailCard
        event={cancelledEvent({ startDate: future(-0.1), endDate: future(0.1) })}
        viewer={host}
        onChange={noop}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Restore event' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete event' })).toBeTruthy();
    rerender(<EventDetailCard event={makeEvent({ published: false })} viewer={host} onChange={noop} />);
    expect(screen.getByRole('button', { name: 'Delete event' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel event' })).toBeNull();
  });

  it('asks for a reason, says so when it is blank, then cancels with it trimmed', async () => {
    const event = upcoming();
    const success = vi.spyOn(toast, 'success').mockImplementation(() => '');
    const onChange = vi.fn();
    const calls = stubFetch({
      [`POST /api/events/${event.id}/cancellation`]: ({ body }) =>
        json(200, {
          event: {
            ...event,
            cancelledAt: new Date().toISOString(),
            cancelReason: (body as { reason: string }).reason,
          },
          notified: true,
        }),
    });
    render(<EventDetailCard event={event} viewer={host} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel event' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel event' })));
    expect(within(dialog).getByText('Reason is required')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: '  Speaker is ill  ' },
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel event' })));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ reason: 'Speaker is ill' });
    expect(onChange.mock.calls[0]?.[0].cancelReason).toBe('Speaker is ill');
    expect(success).toHaveBeenCalledWith('Event cancelled');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel event' })).toBeNull());
  });

  it('deletes only after the confirmation, then leaves', async () => {
    const event = makeEvent({ published: false });
    vi.spyOn(toast, 'success').mockImplementation(() => '');
    const onDeleted = vi.fn();
    const calls = stubFetch({
      [`DELETE /api/events/${event.id}`]: () => new Response(null, { status: 204 }),
    });
    render(<EventDetailCard event={event} viewer={host} onChange={noop} onDeleted={onDeleted} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete event' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete event?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep event' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete event' }));
    const again = await screen.findByRole('alertdialog', { name: 'Delete event?' });
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'Delete event' })));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(calls.map((call) => call.method)).toEqual(['DELETE']);
  });

  it('shows the API’s refusal of a restore in its words', async () => {
    const event = cancelledEvent();
    const error = vi.spyOn(toast, 'error').mockImplementation(() => '');
    stubFetch({
      [`DELETE /api/events/${event.id}/cancellation`]: () =>
        json(409, {
          error: 'This event has already started: it cannot be restored.',
          requestId: '01JD8X3Q4R5S6T7V8W9X0Y1Z2A',
        }),
    });
    render(<EventDetailCard event={event} viewer={host} onChange={noop} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Restore event' })));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'Unable to restore this event',
        'This event has already started: it cannot be restored.',
        { reference: '01JD8X3Q4R5S6T7V8W9X0Y1Z2A' },
      ),
    );
  });
});
