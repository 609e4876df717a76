// Test helpers: a fetch stubbed at the network boundary (answers by "METHOD /path", records every
// call) and fixtures shaped like the API's answers.
import type { CommunityEvent, User } from '@community/domain';
import { vi } from 'vitest';

export type RecordedCall = { method: string; path: string; body: unknown };
type Handler = (call: RecordedCall) => Response | Promise<Response>;

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });

/** Routes are matched on "METHOD /path" (no query); an unmatched request fails the test loudly. */
export function stubFetch(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const call = { method, path: url.pathname + url.search, body };
      calls.push(call);
      const route = routes[`${method} ${url.pathname}`];
      if (!route) return json(500, { error: `unexpected request ${method} ${url.pathname}` });
      return route(call);
    }),
  );
  return calls;
}

export const member: User = {
  id: 'u-member',
  firstName: 'Marcus',
  lastName: 'Meyer',
  pseudo: 'marcus',
  job: null,
  company: null,
  address: { city: 'Toronto', cityId: null, country: null, lat: null, lng: null },
  bio: null,
  interests: [],
  imageUrl: null,
  coverImageUrl: null,
  lastOfflineAt: null,
  role: 'USER',
  memberSince: '2026-01-05T10:00:00.000Z',
  contact: { email: null, phone: null },
  email: 'member@example.com',
  phone: null,
  dateOfBirth: null,
  showEmail: false,
  showPhone: false,
  emailPreferences: { messages: true, mentions: true, events: true, digest: true, digestDay: 1 },
  timeZone: null,
  isBlocked: false,
  features: [{ feature: 'events', enabled: true }],
};

export const host: User = {
  ...member,
  id: 'u-host',
  firstName: 'Hana',
  lastName: 'Holm',
  role: 'HOST',
  features: [
    { feature: 'events', enabled: true },
    { feature: 'livestream', enabled: true },
  ],
};

export function makeEvent(overrides: Partial<CommunityEvent> = {}): CommunityEvent {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Open Source Saturday',
    description: 'Contribute together.',
    authorId: host.id,
    hostId: host.id,
    hostName: 'Hana Holm',
    host: { firstName: 'Hana', lastName: 'Holm', imageUrl: null },
    spaceId: 's1',
    startDate: '2026-07-15T14:00:00.000Z',
    endDate: '2026-07-15T16:00:00.000Z',
    repeat: 'NO_REPEAT',
    location: 'YOUTUBE',
    registration: 'FREE',
    published: true,
    bannerUrl: null,
    addressUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    address: null,
    zoomTitle: null,
    zoomDuration: null,
    tags: [],
    members: [],
    color: null,
    timeZone: 'America/New_York',
    occurrence: null,
    nextOccurrences: [],
    cancelledAt: null,
    cancelReason: null,
    capacity: null,
    // Every RSVP holds a place: the members given, unless a test says otherwise.
    placesTaken: overrides.members?.length ?? 0,
    waitlistCount: 0,
    waitlistPosition: null,
    ...overrides,
  };
}
