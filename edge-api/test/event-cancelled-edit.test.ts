// A cancelled event is not edited until it is restored (issue 29, items left): PUT answers 409 with
// EVENT_CANCELLED_NO_EDIT and changes nothing (title, dates, capacity, calendar SEQUENCE); once put
// back on, the author edits it again.
import { EVENT_CANCELLED_NO_EDIT } from '@community/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type Session, unique, withDatabase } from '../../scripts/lib/api-test-client.ts';
import { calendarFixtures } from './calendar-fixtures.ts';

let host: Session;
let spaceId: string;

function eventBody(title: string, overrides: Record<string, unknown> = {}) {
  const start = new Date(Date.now() + 10 * 86_400_000);
  start.setUTCHours(15, 0, 0, 0);
  return {
    title,
    spaceId,
    hostId: host.user.id,
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    location: 'YOUTUBE',
    addressUrl: 'https://www.youtube.com/watch?v=abc',
    registration: 'FREE',
    published: true,
    tags: [],
    capacity: 10,
    ...overrides,
  };
}

const stored = (id: string) =>
  withDatabase(
    async (db) =>
      (await db.query('select title, capacity, sequence from events where id = $1', [id])).rows[0] as {
        title: string;
        capacity: number;
        sequence: number;
      },
  );

beforeAll(async () => {
  ({ host, spaceId } = await calendarFixtures());
});

describe('editing a cancelled event', () => {
  it('is refused with 409 until the event is restored, and changes nothing', async () => {
    const title = `Called off ${unique()}`;
    const created = await call('/api/events', { method: 'POST', token: host.token, body: eventBody(title) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.event.id as string;
    const cancelled = await call(`/api/events/${id}/cancellation`, {
      method: 'POST',
      token: host.token,
      body: { reason: 'The venue flooded' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const before = await stored(id);

    const edit = (newTitle: string) =>
      call(`/api/events/${id}`, {
        method: 'PUT',
        token: host.token,
        body: eventBody(newTitle, { capacity: 20 }),
      });
    const refused = await edit(`${title} (moved)`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(EVENT_CANCELLED_NO_EDIT);
    expect(await stored(id)).toEqual(before);

    const restored = await call(`/api/events/${id}/cancellation`, { method: 'DELETE', token: host.token });
    expect(restored.status).toBe(200);
    const edited = await edit(`${title} (moved)`);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.event).toMatchObject({ title: `${title} (moved)`, capacity: 20, cancelledAt: null });
  });
});
