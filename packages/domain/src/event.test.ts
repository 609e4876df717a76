import { describe, expect, it } from 'vitest';
import {
  CreateEventInput,
  EventListQuery,
  eventInputSchema,
  normalizeEventTopics,
  RsvpInput,
} from './event.ts';
import { issuesOf } from './test-helpers.ts';

const now = new Date('2030-06-15T12:00:00.000Z');
const schema = eventInputSchema(now);

const streamed = {
  title: 'Launch',
  spaceId: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e01',
  hostId: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e02',
  startDate: '2030-06-20T18:00:00.000Z',
  endDate: '2030-06-20T19:00:00.000Z',
  location: 'YOUTUBE',
  addressUrl: 'https://www.youtube.com/watch?v=abc',
};
const address = {
  city: 'Paris',
  name: 'Hall',
  full_address: '1 rue de Rivoli, Paris',
  lat: 48.86,
  lng: 2.35,
};
const inPerson = { ...streamed, location: 'IN_PERSON', addressUrl: undefined, address };

describe('event input', () => {
  it('accepts a streamed event and fills in the defaults', () => {
    expect(schema.parse(streamed)).toEqual({
      ...streamed,
      repeat: 'NO_REPEAT',
      registration: 'FREE',
      published: false,
      tags: [],
    });
  });

  it('accepts an in-person event with an address', () => {
    expect(schema.safeParse(inPerson).success).toBe(true);
  });

  it('rejects a missing title, space and host with their messages', () => {
    expect(issuesOf(schema.safeParse({ ...streamed, title: ' ', spaceId: undefined, hostId: '' }))).toEqual([
      { path: 'title', message: 'Title is required' },
      { path: 'spaceId', message: 'Space is required.' },
      { path: 'hostId', message: 'Host is required' },
    ]);
  });

  it('rejects a start date in the past', () => {
    expect(issuesOf(schema.safeParse({ ...streamed, startDate: '2030-06-14T18:00:00.000Z' }))).toEqual([
      { path: 'startDate', message: 'Please select a valid date' },
    ]);
  });

  it('rejects an end date in the past', () => {
    const result = schema.safeParse({
      ...streamed,
      startDate: '2030-06-15T12:00:00.000Z',
      endDate: '2030-06-01T12:00:00.000Z',
    });
    expect(issuesOf(result)).toEqual([{ path: 'endDate', message: 'Please select a valid date' }]);
  });

  it('accepts a start picked as "now" a few seconds before the check', () => {
    expect(schema.safeParse({ ...streamed, startDate: '2030-06-15T11:59:30.000Z' }).success).toBe(true);
  });

  it('rejects dates that are missing or not ISO date-times with a zone', () => {
    expect(
      issuesOf(schema.safeParse({ ...streamed, startDate: undefined, endDate: '2030-06-20T19:00' })),
    ).toEqual([
      { path: 'startDate', message: 'Please select a valid date' },
      { path: 'endDate', message: 'Please select a valid date' },
    ]);
  });

  it('rejects an end before the start with "Check the event date" on the end date', () => {
    expect(issuesOf(schema.safeParse({ ...streamed, endDate: '2030-06-20T17:00:00.000Z' }))).toEqual([
      { path: 'endDate', message: 'Check the event date' },
    ]);
  });

  it('rejects an end equal to the start', () => {
    expect(issuesOf(schema.safeParse({ ...streamed, endDate: streamed.startDate }))).toEqual([
      { path: 'endDate', message: 'Check the event date' },
    ]);
  });

  it('reports the date order next to other fields’ errors', () => {
    expect(
      issuesOf(schema.safeParse({ ...streamed, title: '', endDate: '2030-06-20T17:00:00.000Z' })),
    ).toEqual([
      { path: 'title', message: 'Title is required' },
      { path: 'endDate', message: 'Check the event date' },
    ]);
  });

  it('requires an address for an in-person event', () => {
    expect(issuesOf(schema.safeParse({ ...inPerson, address: undefined }))).toEqual([
      { path: 'address', message: 'Address is required' },
    ]);
  });

  it('requires a stream URL for a streamed event', () => {
    for (const addressUrl of [undefined, null, '']) {
      expect(issuesOf(schema.safeParse({ ...streamed, location: 'LINKEDIN', addressUrl }))).toEqual([
        { path: 'addressUrl', message: 'Stream URL is required' },
      ]);
    }
  });

  it('rejects a stream or banner URL that is not an http(s) URL', () => {
    const result = schema.safeParse({
      ...streamed,
      addressUrl: 'not a url',
      bannerUrl: 'javascript:alert(1)',
    });
    expect(issuesOf(result)).toEqual([
      { path: 'addressUrl', message: 'Please enter a valid URL' },
      { path: 'bannerUrl', message: 'Please enter a valid URL' },
    ]);
  });

  it('rejects an unknown location', () => {
    expect(issuesOf(schema.safeParse({ ...streamed, location: 'TBA' }))).toEqual([
      { path: 'location', message: 'Location is required' },
    ]);
  });

  it('rejects more than 5 topics', () => {
    expect(issuesOf(schema.safeParse({ ...streamed, tags: ['a', 'b', 'c', 'd', 'e', 'f'] }))).toEqual([
      { path: 'tags', message: 'You can add up to 5 topics' },
    ]);
  });

  it('trims topics and drops empty and duplicate ones', () => {
    expect(normalizeEventTopics([' ai ', 'ai', '', 'web'])).toEqual(['ai', 'web']);
    expect(schema.parse({ ...streamed, tags: ['ai', ' ai'] }).tags).toEqual(['ai']);
  });

  it('rejects unknown fields', () => {
    expect(schema.safeParse({ ...streamed, authorId: 'u2' }).success).toBe(false);
  });

  it('reads the clock at every parse when given a function', () => {
    let current = new Date('2030-06-15T12:00:00.000Z');
    const clocked = eventInputSchema(() => current);
    expect(clocked.safeParse(streamed).success).toBe(true);
    current = new Date('2030-06-25T12:00:00.000Z');
    expect(clocked.safeParse(streamed).success).toBe(false);
  });

  it('uses the current time in the exported schema', () => {
    const past = { ...streamed, startDate: '2000-01-01T10:00:00.000Z', endDate: '2000-01-01T11:00:00.000Z' };
    expect(issuesOf(CreateEventInput.safeParse(past))).toEqual([
      { path: 'startDate', message: 'Please select a valid date' },
      { path: 'endDate', message: 'Please select a valid date' },
    ]);
  });
});

describe('RsvpInput', () => {
  it('requires the event id', () => {
    expect(RsvpInput.safeParse({ eventId: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e03' }).success).toBe(true);
    expect(RsvpInput.safeParse({}).success).toBe(false);
  });
});

describe('EventListQuery', () => {
  it('defaults to upcoming events and reads published from the query string', () => {
    expect(EventListQuery.parse({ published: 'true' })).toEqual({
      published: true,
      when: 'upcoming',
      limit: 20,
    });
    expect(EventListQuery.parse({ when: 'past', limit: '5' })).toEqual({ when: 'past', limit: 5 });
  });
});
