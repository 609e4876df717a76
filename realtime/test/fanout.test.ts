// Notification fan-out (ADR 13): one published event in a space of 1,000 members reaches each
// member's user room from ONE edge-api call to the realtime worker, which shards the recipients
// over FanoutShard objects. The members are made with SQL (the API would take minutes to invite
// 1,000 people) and their sockets are admitted with tickets signed the way edge-api signs them.
import { KNOWN_DEV_SECRETS, newTicketId, signTicket, TICKET_TTL_MS } from '@community/realtime-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  type Session,
  signIn,
  statementsSent,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';
import { type Opened, open } from './socket-client.ts';

const MEMBERS = 1000;
/** Sockets opened at once while connecting the 1,000 members. */
const OPEN_BATCH = 50;

let host: Session;
let spaceId: string;
let memberIds: string[] = [];
let sockets: Opened[] = [];

/** A user-room ticket as edge-api issues one (services/realtime.ts issueTicket), for a test stack's secret. */
async function userRoomTicket(userId: string): Promise<string> {
  const now = Date.now();
  return signTicket(KNOWN_DEV_SECRETS.REALTIME_SECRET, {
    sub: userId,
    sid: crypto.randomUUID(),
    party: 'user-room',
    room: userId,
    exp: now + TICKET_TTL_MS,
    jti: newTicketId(),
    iat: now,
  });
}

beforeAll(async () => {
  host = await signIn('host@example.com');
  const created = await call('/api/spaces', {
    method: 'POST',
    token: host.token,
    body: { name: `Fan-out ${unique()}`, description: 'A thousand members' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  spaceId = created.body.id;
  const tag = unique();
  memberIds = await withDatabase(async (db) => {
    const users = await db.query(
      `insert into users (first_name, last_name, pseudo, email)
       select 'Fan', 'Out ' || n, 'fanout-' || $1 || '-' || n, 'fanout-' || $1 || '-' || n || '@example.com'
       from generate_series(1, $2::int) as n
       returning id`,
      [tag, MEMBERS],
    );
    const ids = users.rows.map((row) => row.id as string);
    await db.query(`insert into space_members (space_id, user_id) select $1, unnest($2::uuid[])`, [
      spaceId,
      ids,
    ]);
    return ids;
  });
  for (let start = 0; start < memberIds.length; start += OPEN_BATCH) {
    const batch = memberIds.slice(start, start + OPEN_BATCH);
    sockets.push(
      ...(await Promise.all(
        batch.map(async (id) => open(`/parties/user-room/${id}?ticket=${await userRoomTicket(id)}`)),
      )),
    );
  }
}, 180_000);

afterAll(async () => {
  for (const opened of sockets) opened.socket.close(1000);
  sockets = [];
  if (memberIds.length > 0) {
    await withDatabase((db) => db.query('delete from users where id = any($1::uuid[])', [memberIds]));
  }
});

const notificationsOf = (opened: Opened) => opened.frames.filter((frame) => frame.type === 'notification');

describe('notification fan-out', () => {
  it('delivers a published event to each of 1,000 members’ user rooms exactly once, from one call', async () => {
    expect(sockets).toHaveLength(MEMBERS);
    const title = `Fan-out ${unique()}`;
    const statementsBefore = await statementsSent();
    const startedAt = Date.now();
    const published = await call('/api/events', {
      method: 'POST',
      token: host.token,
      body: {
        title,
        description: 'For everyone',
        spaceId,
        hostId: host.user.id,
        startDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        endDate: new Date(Date.now() + 7 * 86_400_000 + 3_600_000).toISOString(),
        location: 'IN_PERSON',
        address: {
          city: 'Lyon',
          name: 'La Halle',
          full_address: '1 Rue de la République',
          lat: 45.76,
          lng: 4.83,
        },
        registration: 'FREE',
        published: true,
        tags: [],
      },
    });
    const statementsAfter = await statementsSent();
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    // `announced` is the realtime worker's answer to the single fan-out call: it is true only once
    // every shard has delivered, so by now every socket has its frame in flight.
    expect(published.body.announced).toBe(true);
    await expect
      .poll(() => sockets.filter((opened) => notificationsOf(opened).length > 0).length, {
        timeout: 15_000,
      })
      .toBe(MEMBERS);
    const deliveredIn = Date.now() - startedAt;
    // Nothing arrives twice.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(sockets.map((opened) => notificationsOf(opened).length)).toEqual(sockets.map(() => 1));

    // Each member got their own row's id, under the one title.
    const rows = await withDatabase(async (db) =>
      (
        await db.query(
          `select id, user_id from notifications where type = 'EVENT_ANNOUNCEMENT' and payload->>'eventId' = $1`,
          [published.body.event.id],
        )
      ).rows.map((row): [string, string] => [row.user_id, row.id]),
    );
    const rowOf = new Map(rows);
    expect(rowOf.size).toBe(MEMBERS);
    sockets.forEach((opened, index) => {
      const [frame] = notificationsOf(opened);
      expect(frame).toMatchObject({
        id: rowOf.get(memberIds[index] as string),
        notification: { type: 'EVENT_ANNOUNCEMENT', title: `New event: ${title}` },
      });
    });
    // The notifications are one statement for all members: the whole request (auth, the event, its
    // tags, reading it back) stays far below one statement per member.
    if (statementsBefore !== null && statementsAfter !== null) {
      expect(statementsAfter - statementsBefore).toBeLessThan(MEMBERS / 10);
    }
    console.log(
      `fan-out to ${MEMBERS} user rooms: every socket had its notification ${deliveredIn} ms after the call`,
    );
  });
});
