import { toaster } from '@community/ui';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makeEvent, stubFetch } from '../../../test/fetch-stub.ts';
import { eventToForm, newEventForm } from '../lib/event-form-values.ts';
import { EventForm } from './event-form.tsx';

vi.mock('./event-map.tsx', () => ({ EventMap: () => <div data-testid="map" /> }));

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
};

beforeEach(() => {
  stubFetch({ 'GET /api/spaces': () => json(200, { items: [SPACE] }) });
});

afterEach(() => {
  cleanup();
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
    fireEvent.click(await screen.findByText('Springfield, IL, United States', {}, { timeout: 2000 }));

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
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
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
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave.mock.calls.map((call) => call[0].published)).toEqual([false, true]);
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
});
