// An event page's `event.changed` through a space's posts room (issue 29, items left): a burst of
// RSVPs to one event is a few frames per socket, not one per RSVP (the first at once, the rest as
// one when EVENT_CHANGES_COALESCE_MS is over, so the last change is never lost), and each event of
// the space is held back on its own. Sent with edge-api's own function, signed as edge-api signs it.
import { EVENT_CHANGES_COALESCE_MS, KNOWN_DEV_SECRETS } from '@community/realtime-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../edge-api/src/config.ts';
import { publishToPostsRoom } from '../../edge-api/src/services/realtime.ts';
import {
  baseUrl,
  call,
  newUserForm,
  type Session,
  signIn,
  unique,
} from '../../scripts/lib/api-test-client.ts';
import { type Opened, openRoom } from './socket-client.ts';

const PASSWORD = 'event-changes-password';
const realtime = {
  fetch: (url: string, init?: RequestInit) => fetch(`${baseUrl()}${new URL(url).pathname}`, init),
} as unknown as Fetcher;
const config = { realtimeSecret: KNOWN_DEV_SECRETS.REALTIME_SECRET } as Config;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let reader: Session;
let spaceId: string;
let socket: Opened;

beforeAll(async () => {
  const owner = await signIn('owner@example.com');
  const id = unique();
  const created = await call(`/api/admin-panel/users/${owner.user.id}`, {
    method: 'POST',
    token: owner.token,
    body: newUserForm({ email: `pre-${id}@example.com`, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  expect(created.status).toBe(201);
  reader = await signIn(`pre-${id}@example.com`, PASSWORD);
  const space = await call('/api/spaces', {
    method: 'POST',
    token: owner.token,
    body: { name: `Event changes ${id}`, description: 'event.changed tests', type: 'PUBLIC' },
  });
  expect(space.status).toBe(201);
  spaceId = space.body.id;
  socket = await openRoom(reader, 'posts-room', spaceId);
});

afterAll(() => socket?.socket.terminate());

/** When each `event.changed` frame for `eventId` arrived. */
function arrivals(eventId: string, log: { eventId: string; at: number }[]) {
  return log.filter((entry) => entry.eventId === eventId).map((entry) => entry.at);
}

describe('event.changed in a posts room', () => {
  it('is a few frames for a burst of changes to one event, the last change always sent', async () => {
    const log: { eventId: string; at: number }[] = [];
    socket.socket.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'event.changed') log.push({ eventId: frame.eventId, at: Date.now() });
    });
    const busy = crypto.randomUUID();
    const quiet = crypto.randomUUID();
    const sent = await Promise.all(
      Array.from({ length: 30 }, () =>
        publishToPostsRoom(realtime, config, spaceId, { type: 'event.changed', eventId: busy }),
      ),
    );
    expect(sent.every(Boolean)).toBe(true);
    const burstOver = Date.now();
    expect(
      await publishToPostsRoom(realtime, config, spaceId, { type: 'event.changed', eventId: quiet }),
    ).toBe(true);
    await sleep(EVENT_CHANGES_COALESCE_MS * 2.5);

    const busyFrames = arrivals(busy, log);
    // The first at once, then at most one per spell: never one per change.
    expect(busyFrames.length).toBeGreaterThanOrEqual(2);
    expect(busyFrames.length).toBeLessThanOrEqual(4);
    // A change made during a held spell still reaches the page, after the burst.
    expect(Math.max(...busyFrames)).toBeGreaterThanOrEqual(burstOver);
    // Another event of the space is not held back by the first one's spell.
    expect(arrivals(quiet, log)).toHaveLength(1);
  });
});
