// A cancelled event is not edited until it is restored (the API answers 409): its author sees no
// "Edit Event" on the page, and an edit dialog opened before (or while) it was cancelled shows why
// instead of a form that could not be saved.
import { session, setRoomConnector } from '@community/api-client';
import { EVENT_CANCELLED_NO_EDIT } from '@community/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { host, json, makeEvent, stubFetch } from '../../../test/fetch-stub.ts';
import { EventDetailCard } from './event-detail.tsx';
import { EditEventDialog } from './event-form-dialog.tsx';

beforeEach(() => {
  session.user = host;
  session.status = 'signed-in';
  setRoomConnector(() => ({ close: () => {} }));
});

afterEach(() => {
  cleanup();
  setRoomConnector(null);
  vi.unstubAllGlobals();
});

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const onTime = () => makeEvent({ startDate: future(5), endDate: future(5.1) });
const cancelled = () =>
  makeEvent({
    startDate: future(5),
    endDate: future(5.1),
    cancelledAt: new Date().toISOString(),
    cancelReason: 'The venue flooded',
  });

describe('Edit Event on a cancelled event', () => {
  it('is offered to the author while the event is on, and hidden once it is cancelled', () => {
    const { rerender } = render(<EventDetailCard event={onTime()} viewer={host} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Edit Event' })).toBeTruthy();
    rerender(<EventDetailCard event={cancelled()} viewer={host} onChange={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Edit Event' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Restore event' })).toBeTruthy();
  });

  it('in a dialog opened anyway, says why instead of showing the form', async () => {
    const event = cancelled();
    stubFetch({ [`GET /api/events/${event.id}`]: () => json(200, event) });
    render(<EditEventDialog eventId={event.id} />);
    expect(await screen.findByText(EVENT_CANCELLED_NO_EDIT)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /title/i })).toBeNull();
  });
});
