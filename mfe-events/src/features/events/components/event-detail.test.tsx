import { session } from '@community/api-client';
import { modalStore, toast } from '@community/ui';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { host, json, makeEvent, member, stubFetch } from '../../../test/fetch-stub.ts';
import { EventDetail, EventDetailCard } from './event-detail.tsx';

beforeEach(() => {
  session.user = member;
  session.status = 'signed-in';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  modalStore.type = null;
});

const noop = () => {};

describe('event detail card', () => {
  it('labels the date range EDT or EST as the date requires', () => {
    const { rerender } = render(
      <EventDetailCard
        event={makeEvent({ startDate: '2026-11-01T05:00:00Z', endDate: '2026-11-01T05:30:00Z' })}
        viewer={member}
        onChange={noop}
      />,
    );
    expect(screen.getByTestId('event-date-range').textContent).toBe(
      'Sun, Nov 1, 2026 · 1:00 AM – 1:30 AM EDT',
    );
    rerender(
      <EventDetailCard
        event={makeEvent({ startDate: '2026-11-02T15:00:00Z', endDate: '2026-11-02T16:00:00Z' })}
        viewer={member}
        onChange={noop}
      />,
    );
    expect(screen.getByTestId('event-date-range').textContent).toBe(
      'Mon, Nov 2, 2026 · 10:00 AM – 11:00 AM EST',
    );
    rerender(
      <EventDetailCard
        event={makeEvent({ startDate: '2026-03-07T15:00:00Z', endDate: '2026-03-07T16:00:00Z' })}
        viewer={member}
        onChange={noop}
      />,
    );
    expect(screen.getByTestId('event-date-range').textContent).toBe(
      'Sat, Mar 7, 2026 · 10:00 AM – 11:00 AM EST',
    );
    rerender(
      <EventDetailCard
        event={makeEvent({ startDate: '2026-03-08T14:00:00Z', endDate: '2026-03-08T15:00:00Z' })}
        viewer={member}
        onChange={noop}
      />,
    );
    expect(screen.getByTestId('event-date-range').textContent).toBe(
      'Sun, Mar 8, 2026 · 10:00 AM – 11:00 AM EDT',
    );
  });

  it('shows the Interested count, the host, the fallback description and free registration', () => {
    render(
      <EventDetailCard
        event={makeEvent({ description: '  ', members: [{ userId: 'a' }, { userId: 'b' }] })}
        viewer={member}
        onChange={noop}
      />,
    );
    expect(screen.getByText('2 Interested')).toBeTruthy();
    expect(screen.getByText('Hana Holm')).toBeTruthy();
    expect(screen.getByText('No description provided')).toBeTruthy();
    expect(screen.getByText('Free')).toBeTruthy();
  });

  it('shows only the payment account prompt for a paid event', () => {
    render(<EventDetailCard event={makeEvent({ registration: 'PAID' })} viewer={member} onChange={noop} />);
    expect(screen.getByText(/connect a payment account/)).toBeTruthy();
    expect(screen.queryByText('Free')).toBeNull();
  });

  it('links Add to calendar to the event’s .ics file', () => {
    render(<EventDetailCard event={makeEvent()} viewer={member} onChange={noop} />);
    const link = screen.getByRole('link', { name: 'Add to calendar' });
    expect(link.getAttribute('href')).toBe('/api/events/11111111-1111-4111-8111-111111111111.ics');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('shows the map, city, address and directions for an event in person', () => {
    render(
      <EventDetailCard
        event={makeEvent({
          location: 'IN_PERSON',
          addressUrl: null,
          address: {
            city: 'Berlin',
            name: 'Betahaus',
            full_address: 'Rudi-Dutschke-Straße 23',
            lat: 52.5024,
            lng: 13.3906,
          },
        })}
        viewer={member}
        onChange={noop}
      />,
    );
    expect(screen.getByTestId('map').textContent).toBe('Betahaus');
    expect(screen.getByText('Berlin')).toBeTruthy();
    expect(screen.getByText('Rudi-Dutschke-Straße 23')).toBeTruthy();
    const directions = screen.getByRole('link', { name: 'Get Directions' });
    expect(directions.getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=52.5024,13.3906',
    );
    expect(directions.getAttribute('target')).toBe('_blank');
  });

  it('opens the YouTube stream full screen, unmuted, with its live chat', () => {
    render(<EventDetailCard event={makeEvent()} viewer={member} onChange={noop} />);
    fireEvent.click(screen.getByRole('button', { name: 'Watch Now' }));
    const dialog = screen.getByRole('dialog', { name: 'Open Source Saturday' });
    const frames = dialog.querySelectorAll('iframe');
    expect(frames[0]?.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&mute=0',
    );
    expect(frames[1]?.getAttribute('src')).toBe(
      `https://www.youtube.com/live_chat?v=dQw4w9WgXcQ&embed_domain=${window.location.hostname}`,
    );
  });

  it('opens a Facebook stream in an 800x600 popup', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(
      <EventDetailCard
        event={makeEvent({ location: 'FACEBOOK', addressUrl: 'https://www.facebook.com/events/1/' })}
        viewer={member}
        onChange={noop}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Watch Now' }));
    expect(open).toHaveBeenCalledWith(
      'https://www.facebook.com/events/1/',
      'facebook-live',
      'width=800,height=600',
    );
  });

  it('shows Edit Event only to the author, and opens the editEvent modal', () => {
    const { rerender } = render(<EventDetailCard event={makeEvent()} viewer={member} onChange={noop} />);
    expect(screen.queryByRole('button', { name: 'Edit Event' })).toBeNull();
    rerender(<EventDetailCard event={makeEvent()} viewer={host} onChange={noop} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Event' }));
    expect(modalStore.type).toBe('editEvent');
    expect(modalStore.props).toEqual({ eventId: '11111111-1111-4111-8111-111111111111' });
  });
});

describe('RSVP toggle', () => {
  it('is disabled for the author, who is told why and never that an RSVP covers a series', () => {
    const { rerender } = render(<EventDetailCard event={makeEvent()} viewer={host} onChange={noop} />);
    expect((screen.getByRole('button', { name: 'RSVP' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('You are the author of this event')).toBeTruthy();
    rerender(<EventDetailCard event={makeEvent({ repeat: 'DAILY' })} viewer={host} onChange={noop} />);
    expect(screen.getByText('You are the author of this event')).toBeTruthy();
    expect(screen.queryByText('Your RSVP covers every date of this event')).toBeNull();
  });

  it('RSVPs, says so, updates the Interested count and shows the confirmation icon for 2 seconds', async () => {
    const success = vi.spyOn(toast, 'success');
    const event = makeEvent();
    const calls = stubFetch({
      [`GET /api/events/${event.id}`]: () => json(200, event),
      [`POST /api/events/${event.id}/members`]: () =>
        json(201, { ...event, members: [{ userId: member.id }] }),
      [`DELETE /api/events/${event.id}/members`]: () => json(200, { ...event, members: [] }),
    });
    render(<EventDetail id={event.id} />);
    fireEvent.click(await screen.findByRole('button', { name: 'RSVP' }));
    expect(await screen.findByText('1 Interested')).toBeTruthy();
    expect(success).toHaveBeenCalledWith('You marked as interested');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ eventId: event.id });
    expect(screen.getByRole('img', { name: 'Marked as interested' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Marked as interested' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'UnRSVP' }));
    expect(await screen.findByText('0 Interested')).toBeTruthy();
    expect(success).toHaveBeenLastCalledWith('You unmarked as interested');
    expect(screen.getByRole('button', { name: /RSVP/ }).getAttribute('aria-pressed')).toBe('false');
  });

  it('says "Internal Error / Failed to RSVP" or "Failed to UnRSVP" when the API refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = vi.spyOn(toast, 'error');
    const event = makeEvent();
    stubFetch({
      [`POST /api/events/${event.id}/members`]: () =>
        json(500, { error: 'boom', requestId: '8f1c2a3b4d5e6f70-AMS' }),
      [`DELETE /api/events/${event.id}/members`]: () => json(500, { error: 'boom' }),
    });
    const { rerender } = render(<EventDetailCard event={event} viewer={member} onChange={noop} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'RSVP' })));
    // The spec's words, and the failed request's reference for the admin.
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Internal Error', 'Failed to RSVP', {
        reference: '8f1c2a3b4d5e6f70-AMS',
      }),
    );
    rerender(
      <EventDetailCard
        event={{ ...event, members: [{ userId: member.id }] }}
        viewer={member}
        onChange={noop}
      />,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'UnRSVP' })));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Internal Error', 'Failed to UnRSVP', { reference: null }),
    );
  });
});

describe('event detail loading', () => {
  it('says so when the event does not exist', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ 'GET /api/events/missing': () => json(404, { error: 'Event not found' }) });
    render(<EventDetail id="missing" />);
    expect(await screen.findByText('Event not found')).toBeTruthy();
  });

  it('shows the API’s refusal in its own words, never a generic error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'GET /api/events/e1': () => json(403, { error: 'The events feature is not enabled for your account.' }),
    });
    render(<EventDetail id="e1" />);
    expect(await screen.findByText('The events feature is not enabled for your account.')).toBeTruthy();
    expect(screen.queryByText('Unable to load event')).toBeNull();
  });

  it('says the events feature is off as soon as the session user loses it', async () => {
    stubFetch({ 'GET /api/events/e1': () => json(200, makeEvent({ id: 'e1', title: 'Still here' })) });
    render(<EventDetail id="e1" />);
    expect(await screen.findByRole('heading', { name: 'Still here' })).toBeTruthy();
    act(() => {
      session.user = { ...member, features: [] };
    });
    expect(await screen.findByText('The events feature is not enabled for your account.')).toBeTruthy();
    expect(screen.queryAllByText('Still here')).toHaveLength(0);
  });
});

describe('a repeating event on its detail card', () => {
  // Every other Tuesday at 7 PM in New York; the viewer is in Tokyo (Wednesday 9 AM there).
  const series = (overrides: Parameters<typeof makeEvent>[0] = {}) =>
    makeEvent({
      repeat: 'BI_WEEKLY_TUESDAY',
      startDate: '2027-01-05T00:00:00.000Z',
      endDate: '2027-01-05T01:00:00.000Z',
      nextOccurrences: [
        { start: '2027-01-20T00:00:00.000Z', end: '2027-01-20T01:00:00.000Z', cancelled: true },
        { start: '2027-02-03T00:00:00.000Z', end: '2027-02-03T01:00:00.000Z', cancelled: false },
      ],
      ...overrides,
    });

  it('says how it repeats, that the RSVP covers every date, and lists the next dates in both zones', () => {
    render(<EventDetailCard event={series()} viewer={member} onChange={noop} viewerZone="Asia/Tokyo" />);
    expect(screen.getByText('Repeats every other Tuesday')).toBeTruthy();
    expect(screen.getByText('Your RSVP covers every date of this event')).toBeTruthy();
    // The header shows the next date that takes place, on the event's clock and the viewer's.
    expect(screen.getByTestId('event-date-range').textContent).toBe(
      'Tue, Feb 2, 2027 · 7:00 PM – 8:00 PM EST',
    );
    expect(screen.getByTestId('event-viewer-date-range').textContent).toBe(
      'Wed, Feb 3, 2027 · 9:00 AM – 10:00 AM GMT+9 your time',
    );
    const dates = screen.getByRole('list', { name: 'Next dates' }).querySelectorAll('li');
    expect([...dates].map((li) => li.textContent)).toEqual([
      'Tue, Jan 19, 2027 · 7:00 PM – 8:00 PM EST · Wed, Jan 20, 2027 · 9:00 AM – 10:00 AM GMT+9 your time Cancelled',
      'Tue, Feb 2, 2027 · 7:00 PM – 8:00 PM EST · Wed, Feb 3, 2027 · 9:00 AM – 10:00 AM GMT+9 your time',
    ]);
    expect(dates[0]?.querySelector('s')).toBeTruthy();
    expect(dates[1]?.querySelector('s')).toBeNull();
    // A member may not cancel dates.
    expect(screen.queryByRole('button', { name: /Cancel this date/ })).toBeNull();
  });

  it('leaves the viewer’s time out when their clock reads the same', () => {
    render(<EventDetailCard event={series()} viewer={member} onChange={noop} viewerZone="America/Toronto" />);
    expect(screen.queryByTestId('event-viewer-date-range')).toBeNull();
    expect(screen.queryByText(/your time/)).toBeNull();
  });

  it('lets the author cancel one date and restore another, showing the API’s answer', async () => {
    const cancelled = series({
      nextOccurrences: series().nextOccurrences.map((date) => ({ ...date, cancelled: true })),
    });
    const calls = stubFetch({
      'POST /api/events/11111111-1111-4111-8111-111111111111/cancelled-occurrences': () =>
        json(200, cancelled),
      [`DELETE /api/events/11111111-1111-4111-8111-111111111111/cancelled-occurrences/${encodeURIComponent('2027-01-20T00:00:00.000Z')}`]:
        () => json(200, series()),
    });
    const onChange = vi.fn();
    render(<EventDetailCard event={series()} viewer={host} onChange={onChange} viewerZone="Asia/Tokyo" />);
    fireEvent.click(
      screen.getByRole('button', { name: 'Cancel this date: Tue, Feb 2, 2027 · 7:00 PM – 8:00 PM EST' }),
    );
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(cancelled));
    expect(calls[0]).toMatchObject({ method: 'POST', body: { occurrenceStart: '2027-02-03T00:00:00.000Z' } });
    fireEvent.click(screen.getByRole('button', { name: /^Restore: Tue, Jan 19, 2027/ }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
    expect(calls[1]?.method).toBe('DELETE');
  });

  it('offers Cancel this date to the author, the host and admins, as the API allows, and to no one else', () => {
    const admin = { ...member, id: 'u-admin', role: 'ADMIN' as const };
    const stranger = { ...member, id: 'u-stranger' };
    const theirs = series({ authorId: 'someone', hostId: 'someone-else' });
    const { rerender } = render(<EventDetailCard event={theirs} viewer={admin} onChange={noop} />);
    expect(screen.queryAllByRole('button', { name: /^Cancel this date/ }).length).toBeGreaterThan(0);
    rerender(<EventDetailCard event={series({ authorId: 'someone' })} viewer={host} onChange={noop} />);
    expect(screen.queryAllByRole('button', { name: /^Cancel this date/ }).length).toBeGreaterThan(0);
    rerender(<EventDetailCard event={theirs} viewer={stranger} onChange={noop} />);
    expect(screen.queryByRole('button', { name: /^Cancel this date/ })).toBeNull();
    rerender(
      <EventDetailCard
        event={series({ hostId: 'someone', authorId: member.id })}
        viewer={member}
        onChange={noop}
      />,
    );
    expect(screen.getAllByRole('button', { name: /^Restore/ })).toHaveLength(1);
  });
});
