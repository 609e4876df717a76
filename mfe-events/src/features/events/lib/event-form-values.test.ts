import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../../test/fetch-stub.ts';
import {
  checkEventForm,
  endAfterNewStart,
  eventToForm,
  fieldErrorsOf,
  formToBody,
  newEventForm,
} from './event-form-values.ts';

const NOW = new Date('2026-07-01T12:20:00Z');

describe('event form values', () => {
  it('starts a new event at the next full hour, for an hour, hosted by the signed-in user', () => {
    const values = newEventForm(
      { id: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e02', firstName: 'Hana', lastName: 'Holm' },
      NOW,
    );
    expect(values.endDate.getTime() - values.startDate.getTime()).toBe(60 * 60 * 1000);
    expect(values.startDate.getMinutes()).toBe(0);
    expect(values.startDate > NOW).toBe(true);
    expect(values).toMatchObject({
      hostId: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e02',
      hostName: 'Hana Holm',
      repeat: 'NO_REPEAT',
      registration: 'FREE',
    });
  });

  it('sends an address for an event in person and a stream URL otherwise', () => {
    const inPerson = eventToForm(
      makeEvent({
        location: 'IN_PERSON',
        addressUrl: 'https://maps.example/x',
        address: { city: 'Berlin', name: 'Betahaus', full_address: 'Street 1', lat: 1, lng: 2 },
      }),
    );
    expect(formToBody(inPerson)).toMatchObject({
      addressUrl: null,
      address: { city: 'Berlin', name: 'Betahaus', full_address: 'Street 1', lat: 1, lng: 2 },
    });
    const streamed = eventToForm(makeEvent());
    expect(formToBody(streamed)).toMatchObject({
      address: null,
      addressUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
  });

  it('round-trips an event through the form unchanged', () => {
    const event = makeEvent({
      tags: [{ id: 't', name: 'react' }],
      description: 'Hi',
      timeZone: 'Europe/Berlin',
    });
    expect(formToBody(eventToForm(event))).toEqual({
      title: event.title,
      description: 'Hi',
      spaceId: event.spaceId,
      hostId: event.hostId,
      startDate: event.startDate,
      endDate: event.endDate,
      repeat: event.repeat,
      location: event.location,
      address: null,
      addressUrl: event.addressUrl,
      registration: event.registration,
      published: true,
      bannerUrl: null,
      tags: ['react'],
      color: null,
      timeZone: 'Europe/Berlin',
      capacity: null,
    });
    expect(formToBody(eventToForm(makeEvent({ capacity: 20 }))).capacity).toBe(20);
  });

  it('reports "Please select a valid date" for a start in the past and "Check the event date" for a reversed range', () => {
    const ids = {
      spaceId: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e01',
      hostId: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e02',
    };
    const base = { ...eventToForm(makeEvent(ids)), startDate: new Date('2026-06-01T00:00:00Z') };
    expect(checkEventForm(base, NOW).errors.startDate).toBe('Please select a valid date');
    const reversed = {
      ...base,
      startDate: new Date('2026-07-03T00:00:00Z'),
      endDate: new Date('2026-07-02T00:00:00Z'),
    };
    expect(checkEventForm(reversed, NOW)).toEqual({
      errors: { endDate: 'Check the event date' },
      dateOrderInvalid: true,
    });
  });

  it('maps the server’s issue paths onto the form’s fields', () => {
    expect(
      fieldErrorsOf([
        { path: 'spaceId', message: 'Space is required.' },
        { path: 'address.full_address', message: 'Address is required' },
        { path: 'address.lat', message: 'Invalid input' },
        { path: 'addressUrl', message: 'Please enter a valid URL' },
        { path: 'tags', message: 'You can add up to 5 topics' },
      ]),
    ).toEqual({
      spaceId: 'Space is required.',
      fullAddress: 'Address is required',
      coordinates: 'Click the map to place the event',
      streamUrl: 'Please enter a valid URL',
      tags: 'You can add up to 5 topics',
    });
  });

  it('moves the end with a new start, keeping the length; an hour when the end was not after the start', () => {
    const range = { startDate: new Date('2026-07-02T17:00:00Z'), endDate: new Date('2026-07-02T19:30:00Z') };
    expect(endAfterNewStart(range, new Date('2026-07-09T15:00:00Z'))).toEqual(
      new Date('2026-07-09T17:30:00Z'),
    );
    expect(endAfterNewStart(range, new Date('2026-07-02T16:00:00Z'))).toEqual(
      new Date('2026-07-02T18:30:00Z'),
    );
    const reversed = { startDate: range.endDate, endDate: range.startDate };
    expect(endAfterNewStart(reversed, new Date('2026-07-09T15:00:00Z'))).toEqual(
      new Date('2026-07-09T16:00:00Z'),
    );
  });

  it("sends blank Places as no limit and shows the schema's message for anything but a whole number", () => {
    const values = {
      ...eventToForm(
        makeEvent({
          spaceId: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e01',
          hostId: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e02',
          startDate: '2099-07-15T14:00:00.000Z',
          endDate: '2099-07-15T16:00:00.000Z',
        }),
      ),
    };
    expect(formToBody({ ...values, capacity: '  ' }).capacity).toBeNull();
    expect(checkEventForm({ ...values, capacity: '12' }).errors.capacity).toBeUndefined();
    for (const typed of ['0', '2.5', 'ten', '10001'])
      expect(checkEventForm({ ...values, capacity: typed }).errors.capacity, typed).toBe(
        'Places must be a whole number from 1 to 10000',
      );
  });
});
