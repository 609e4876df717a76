import { session } from '@community/api-client';
import { toaster } from '@community/ui';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makeEvent, member, stubFetch } from '../../../test/fetch-stub.ts';
import { eventToForm, newEventForm } from '../lib/event-form-values.ts';
import { EventForm } from './event-form.tsx';

const NOW = new Date('2026-07-01T12:00:00Z');
const now = () => new Date(NOW);
const SPACE = {
  id: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e01',
  name: 'General',
  description: '',
  type: 'PUBLIC',
  color: '#000',
  inviteCode: null,
  adminId: 'x',
  membersCount: 1,
  isMember: true,
};

beforeEach(() => {
  stubFetch({ 'GET /api/spaces': () => json(200, { items: [SPACE] }) });
  session.user = { ...member, features: [...member.features, { feature: 'content', enabled: true }] };
});

afterEach(() => {
  cleanup();
  session.user = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const streamed = () => ({
  ...newEventForm({ id: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e02', firstName: 'Hana', lastName: 'Holm' }, NOW),
  title: 'Live Q&A',
  spaceId: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e01',
  location: 'YOUTUBE' as const,
  streamUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
});

/** End before start: both in the future, in the wrong order. */
const reversed = () => ({
  ...streamed(),
  startDate: new Date('2026-07-03T15:00:00Z'),
  endDate: new Date('2026-07-02T15:00:00Z'),
});

/** The texts of the form's action row (Cancel and the save buttons), in order. */
const buttonNames = () =>
  [...(screen.getByRole('button', { name: 'Cancel' }).parentElement?.querySelectorAll('button') ?? [])].map(
    (button) => button.textContent,
  );

describe('event form', () => {
  it('shows the spec’s messages under the fields and does not save', async () => {
    const onSave = vi.fn();
    render(
      <EventForm
        mode="create"
        initialValues={{ ...newEventForm(null, NOW), location: 'YOUTUBE' }}
        onSave={onSave}
        onCancel={() => {}}
        now={now}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Space is required.')).toBeTruthy();
    expect(screen.getByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Host is required')).toBeTruthy();
    expect(screen.getByText('Stream URL is required')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    // The first field in error takes the focus (and comes into view in a long dialog).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Title')));
  });

  it('asks for a point on the map for an event in person', async () => {
    const onSave = vi.fn();
    render(
      <EventForm
        mode="create"
        initialValues={{ ...streamed(), location: 'IN_PERSON', fullAddress: '1 Main St' }}
        onSave={onSave}
        onCancel={() => {}}
        now={now}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Click the map to place the event')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '52.5' } });
    fireEvent.change(screen.getByLabelText('Longitude'), { target: { value: '13.4' } });
    expect(screen.queryByText('Click the map to place the event')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ lat: 52.5, lng: 13.4, published: true });
  });

  it('places an in-person event on the city picked from the search, no map click needed', async () => {
    const springfield = {
      id: 4250542,
      name: 'Springfield',
      country: 'US',
      adminCode: 'IL',
      population: 116_250,
      lat: 39.80172,
      lng: -89.64371,
    };
    stubFetch({
      'GET /api/spaces': () => json(200, { items: [SPACE] }),
      'GET /api/cities': () => json(200, { items: [springfield] }),
    });
    const onSave = vi.fn();
    render(
      <EventForm
        mode="create"
        initialValues={{
          ...streamed(),
          location: 'IN_PERSON',
          addressName: 'Hall',
          fullAddress: '1 Main St',
        }}
        onSave={onSave}
        onCancel={() => {}}
        now={now}
      />,
    );
    const city = screen.getByLabelText('City');
    fireEvent.focus(city);
    fireEvent.change(city, { target: { value: 'Springf' } });
    // The picker's debounce, then the (stubbed) search: seconds on a 2-core machine running the other
    // suites beside this one (2 s fell short once). A wait for the list, not a budget.
    fireEvent.click(await screen.findByText('Springfield, IL, United States'));

    await waitFor(() =>
      expect((screen.getByLabelText('Latitude') as HTMLInputElement).value).toBe('39.80172'),
    );
    expect((screen.getByLabelText('Longitude') as HTMLInputElement).value).toBe('-89.64371');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ city: 'Springfield', lat: 39.80172, lng: -89.64371 });
  });

  it('on create, warns "Error in event date / Check the event date" and still saves', async () => {
    const warn = vi.spyOn(toaster, 'create');
    const onSave = vi.fn().mockResolvedValue({ endDate: 'Check the event date' });
    render(
      <EventForm mode="create" initialValues={reversed()} onSave={onSave} onCancel={() => {}} now={now} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Error in event date', description: 'Check the event date' }),
    );
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ published: false });
    // The server's 400 comes back under the field.
    expect(await screen.findByText('Check the event date')).toBeTruthy();
  });

  it('on edit, stops at an invalid date range', async () => {
    const warn = vi.spyOn(toaster, 'create');
    const onSave = vi.fn();
    const event = makeEvent({ startDate: '2026-07-03T15:00:00Z', endDate: '2026-07-02T15:00:00Z' });
    render(
      <EventForm
        mode="edit"
        initialValues={eventToForm(event)}
        onSave={onSave}
        onCancel={() => {}}
        now={now}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Check the event date')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ title: 'Error in event date' }));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('adds topics on Enter, ignores duplicates and hides the input at 5', () => {
    render(
      <EventForm mode="create" initialValues={streamed()} onSave={vi.fn()} onCancel={() => {}} now={now} />,
    );
    const topics = () => screen.queryByLabelText('Topics') as HTMLInputElement | null;
    for (const topic of ['react', 'react', 'css', 'a11y', 'design', 'tokens']) {
      const box = topics();
      if (box?.tagName !== 'INPUT') break;
      fireEvent.change(box, { target: { value: topic } });
      fireEvent.keyDown(box, { key: 'Enter' });
    }
    const chips = screen.getByRole('list', { name: 'Selected topics' }).querySelectorAll('li');
    expect([...chips].map((chip) => chip.textContent)).toEqual(['react', 'css', 'a11y', 'design', 'tokens']);
    expect(screen.queryByPlaceholderText('Type a topic and press Enter')).toBeNull();
  });

  it('saves as draft with published false and publishes with published true', async () => {
    const onSave = vi.fn().mockResolvedValue(null);
    render(
      <EventForm mode="create" initialValues={streamed()} onSave={onSave} onCancel={() => {}} now={now} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    // The draft's save is over (its buttons come back) before Publish is pressed: pressed while it
    // saves, Publish is disabled, and a busy machine can commit the end of the save late.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave.mock.calls.map((call) => call[0].published)).toEqual([false, true]);
  });

  it('has no Publish switch: new events and drafts offer Save as draft and Publish', () => {
    render(
      <EventForm mode="create" initialValues={streamed()} onSave={vi.fn()} onCancel={() => {}} now={now} />,
    );
    expect(screen.queryByRole('switch')).toBeNull();
    expect(buttonNames()).toEqual(['Cancel', 'Save as draft', 'Publish']);
    cleanup();
    const draft = eventToForm(makeEvent({ published: false }));
    render(<EventForm mode="edit" initialValues={draft} onSave={vi.fn()} onCancel={() => {}} now={now} />);
    expect(screen.queryByRole('switch')).toBeNull();
    expect(buttonNames()).toEqual(['Cancel', 'Save as draft', 'Publish']);
  });

  it('edits a published event with one Save that keeps it published', async () => {
    const onSave = vi.fn().mockResolvedValue(null);
    const event = eventToForm(
      makeEvent({ spaceId: SPACE.id, hostId: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e02' }),
    );
    render(<EventForm mode="edit" initialValues={event} onSave={onSave} onCancel={() => {}} now={now} />);
    expect(screen.queryByRole('switch')).toBeNull();
    expect(buttonNames()).toEqual(['Cancel', 'Save']);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ published: true });
  });

  it('refuses a banner of the wrong type or size before uploading it', async () => {
    const calls = stubFetch({ 'GET /api/spaces': () => json(200, { items: [SPACE] }) });
    render(
      <EventForm mode="create" initialValues={streamed()} onSave={vi.fn()} onCancel={() => {}} now={now} />,
    );
    const file = screen.getByLabelText('Banner') as HTMLInputElement;
    fireEvent.change(file, { target: { files: [new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid file type.');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(file, { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toBe('The file is too large. Max size is 5 MB.');
    expect(calls.some((call) => call.path.startsWith('/api/uploads'))).toBe(false);
  });

  it('offers no banner upload without the content feature', () => {
    session.user = member;
    render(
      <EventForm mode="create" initialValues={streamed()} onSave={vi.fn()} onCancel={() => {}} now={now} />,
    );
    expect(screen.queryByLabelText('Banner')).toBeNull();
    expect(screen.getByLabelText('Title')).toBeTruthy();
  });

  it('takes times in the chosen zone: a new zone keeps the clock time and sends the zone', async () => {
    const onSave = vi.fn(async () => null);
    render(
      <EventForm mode="create" initialValues={streamed()} onSave={onSave} onCancel={() => {}} now={now} />,
    );
    const zone = screen.getByLabelText('Time zone') as HTMLSelectElement;
    expect(zone.value).toBe('America/New_York');
    // The next full hour after noon UTC: 13:00 UTC, 9 AM in New York (EDT).
    expect((screen.getByLabelText('Start hours') as HTMLInputElement).value).toBe('09');
    fireEvent.change(zone, { target: { value: 'America/Los_Angeles' } });
    expect((screen.getByLabelText('Start hours') as HTMLInputElement).value).toBe('09');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const saved = (onSave.mock.calls[0] as unknown as [ReturnType<typeof streamed>])[0];
    expect(saved.timeZone).toBe('America/Los_Angeles');
    expect(saved.startDate.toISOString()).toBe('2026-07-01T16:00:00.000Z'); // 9 AM PDT
    expect(saved.endDate.toISOString()).toBe('2026-07-01T17:00:00.000Z');
  });

  it('moves the end with a new start, keeping the length the member gave it', async () => {
    const onSave = vi.fn(async () => null);
    render(
      <EventForm mode="create" initialValues={streamed()} onSave={onSave} onCancel={() => {}} now={now} />,
    );
    const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
    // 9 to 10 AM in New York (the browser's locale, en-US, reads 12-hour); the start moves to 11 AM.
    fireEvent.change(field('Start hours'), { target: { value: '11' } });
    expect(field('End hours').value).toBe('12');
    expect(field('End AM/PM').value).toBe('PM');
    // The end set to 2 PM (three hours), then the start moved a week later: the end keeps three hours.
    fireEvent.change(field('End hours'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: /^Start date:/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Wednesday, July 8, 2026' }));
    expect(screen.getByRole('button', { name: /^End date:/ }).textContent).toBe('Wed, Jul 8, 2026');
    expect(field('End hours').value).toBe('02');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const saved = (onSave.mock.calls[0] as unknown as [ReturnType<typeof streamed>])[0];
    expect(saved.startDate.toISOString()).toBe('2026-07-08T15:00:00.000Z');
    expect(saved.endDate.toISOString()).toBe('2026-07-08T18:00:00.000Z');
  });

  it('names the start’s weekday in the weekly repeats, and moves a chosen one with a new start', async () => {
    const onSave = vi.fn(async () => null);
    render(
      <EventForm mode="create" initialValues={streamed()} onSave={onSave} onCancel={() => {}} now={now} />,
    );
    const repeat = screen.getByLabelText('Repeat') as HTMLSelectElement;
    const labels = () => [...repeat.options].map((option) => option.text);
    // July 1, 2026 is a Wednesday.
    expect(labels()).toEqual([
      'Does not repeat',
      'Every day',
      'Every weekday (Monday to Friday)',
      'Every Wednesday',
      'Every 2 weeks on Wednesday',
    ]);
    fireEvent.change(repeat, { target: { value: 'BI_WEEKLY' } });
    expect(repeat.selectedOptions[0]?.text).toBe('Every 2 weeks on Wednesday');
    // Any day stays on offer: the repeat follows the start, with a short note.
    fireEvent.click(screen.getByRole('button', { name: /^Start date:/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Tuesday, July 7, 2026' }));
    expect(labels()).toContain('Every 2 weeks on Tuesday');
    expect(repeat.value).toBe('BI_WEEKLY_TUESDAY');
    expect(repeat.selectedOptions[0]?.text).toBe('Every 2 weeks on Tuesday');
    expect(screen.getByRole('status').textContent).toBe(
      'Now every 2 weeks on Tuesday, the day the event starts.',
    );
    expect(screen.queryByText(/must start on a/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ repeat: 'BI_WEEKLY_TUESDAY' }));
    // Choosing another repeat drops the note.
    fireEvent.change(repeat, { target: { value: 'DAILY' } });
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('offers every weekday on a weekday start only, then only Monday to Friday in the picker', () => {
    const saturday = {
      ...streamed(),
      startDate: new Date('2026-07-04T15:00:00Z'),
      endDate: new Date('2026-07-04T16:00:00Z'),
    };
    const { unmount } = render(
      <EventForm mode="create" initialValues={saturday} onSave={vi.fn()} onCancel={() => {}} now={now} />,
    );
    const option = (label: string) =>
      [...(screen.getByLabelText('Repeat') as HTMLSelectElement).options].find((item) => item.text === label);
    expect(option('Every weekday (Monday to Friday)')?.disabled).toBe(true);
    expect(option('Every Saturday')?.disabled).toBe(false);
    unmount();
    render(
      <EventForm mode="create" initialValues={streamed()} onSave={vi.fn()} onCancel={() => {}} now={now} />,
    );
    fireEvent.change(screen.getByLabelText('Repeat'), { target: { value: 'WEEKDAY' } });
    fireEvent.click(screen.getByRole('button', { name: /^Start date:/ }));
    const day = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
    expect(day('Saturday, July 4, 2026').disabled).toBe(true);
    expect(day('Thursday, July 2, 2026').disabled).toBe(false);
  });

  it('says at once when an edited series does not start on one of its days, and does not save', async () => {
    const onSave = vi.fn();
    const saturday = {
      ...streamed(),
      repeat: 'WEEKDAY' as const,
      startDate: new Date('2026-07-04T15:00:00Z'),
      endDate: new Date('2026-07-04T16:00:00Z'),
    };
    render(<EventForm mode="edit" initialValues={saturday} onSave={onSave} onCancel={() => {}} now={now} />);
    expect(
      screen.getByText('An event that repeats every weekday must start on a weekday (Monday to Friday)'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText(/must start on a weekday/)).toHaveLength(1));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the paid registration prompt as soon as Paid is chosen', () => {
    render(
      <EventForm mode="create" initialValues={streamed()} onSave={vi.fn()} onCancel={() => {}} now={now} />,
    );
    expect(screen.queryByText(/Paid registration: connect a payment account/)).toBeNull();
    fireEvent.click(screen.getByLabelText('Paid'));
    expect(screen.getByText(/Paid registration: connect a payment account/)).toBeTruthy();
  });
});
