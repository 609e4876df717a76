import { session } from '@community/api-client';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, member, stubFetch } from '../../../test/fetch-stub.ts';
import { EventsActions } from './events-actions.tsx';

const FIRST = 'http://localhost/api/events.ics?user=u-member&token=first';
const SECOND = 'http://localhost/api/events.ics?user=u-member&token=second';

beforeEach(() => {
  session.user = member;
  session.status = 'signed-in';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('calendar feed', () => {
  it('shows the personal feed address, and "Reset link" swaps it for a new one', async () => {
    const calls = stubFetch({
      'GET /api/events/calendar-feed': () => json(200, { url: FIRST }),
      'POST /api/events/calendar-feed/reset': () => json(200, { url: SECOND }),
    });
    render(<EventsActions />);

    fireEvent.click(screen.getByRole('button', { name: 'Calendar feed' }));
    const address = await screen.findByRole('textbox', { name: 'Subscribe in your calendar app:' });
    expect((address as HTMLInputElement).value).toBe(FIRST);

    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect((address as HTMLInputElement).value).toBe(SECOND));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/events/calendar-feed',
      'POST /api/events/calendar-feed/reset',
    ]);
  });

  it('keeps the shown address when the reset fails', async () => {
    stubFetch({
      'GET /api/events/calendar-feed': () => json(200, { url: FIRST }),
      'POST /api/events/calendar-feed/reset': () => json(503, { error: 'Service unavailable' }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<EventsActions />);

    fireEvent.click(screen.getByRole('button', { name: 'Calendar feed' }));
    const address = await screen.findByRole('textbox', { name: 'Subscribe in your calendar app:' });
    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));

    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect((address as HTMLInputElement).value).toBe(FIRST);
    expect((screen.getByRole('button', { name: 'Reset link' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
