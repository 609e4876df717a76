// Notifications (spec section 3, ADR 13): each member lists, pages and marks only their own; a
// space message notifies every other member once until they read it (coalesced per space); a
// host going live notifies the space with a ROOM_CALL; and the realtime worker's internal presence
// route answers only calls signed with the REALTIME secret.
import { INTERNAL_SIGNATURE_HEADER, KNOWN_DEV_SECRETS, signInternalBody } from '@community/realtime-protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { openRoom } from '../../realtime/test/socket-client.ts';
import {
  call,
  newUserForm,
  type Session,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';

const PASSWORD = 'password-123';

let owner: Session;
/** A HOST who created the test space (its admin) and posts in it. */
let author: Session;
let reader: Session;
let other: Session;
let spaceId: string;
let spaceName: string;

async function freshUser(role: 'USER' | 'HOST' = 'USER'): Promise<Session> {
  const email = `notify-${unique()}@example.com`;
  const created = await call(`/api/admin-panel/users/${owner.user.id}`, {
    method: 'POST',
    token: owner.token,
    body: newUserForm({ email, role, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return signIn(email, PASSWORD);
}

beforeAll(async () => {
  owner = await signIn('owner@example.com');
  [author, reader, other] = await Promise.all([freshUser('HOST'), freshUser(), freshUser()]);
  spaceName = `Notices ${unique()}`;
  const created = await call('/api/spaces', {
    method: 'POST',
    token: author.token,
    body: { name: spaceName, description: 'Where notifications start' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  spaceId = created.body.id;
  for (const member of [reader, other]) {
    const added = await call(`/api/spaces/${spaceId}/users`, {
      method: 'POST',
      token: author.token,
      body: { userId: member.user.id },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
});

const list = (session: Session, query = '') => call(`/api/notifications${query}`, { token: session.token });

const send = (session: Session, content: string) =>
  call(`/api/spaces/${spaceId}/messages`, {
    method: 'POST',
    token: session.token,
    body: { content, clientKey: `k-${unique()}` },
  });

/** The member's unread SPACE_MESSAGE notifications for the test space, from the database. */
const unreadSpaceMessages = (userId: string) =>
  withDatabase(async (db) =>
    (
      await db.query(
        `select id, title from notifications
          where user_id = $1 and type = 'SPACE_MESSAGE' and payload->>'spaceId' = $2 and read_at is null`,
        [userId, spaceId],
      )
    ).rows.map((row) => ({ id: row.id as string, title: row.title as string })),
  );

/** Opens the member's user room and collects its frames. */
const userRoom = (session: Session) => openRoom(session, 'user-room', session.user.id);

describe('listing and marking', () => {
  let member: Session;
  let ids: string[];

  beforeAll(async () => {
    member = await freshUser();
    // 25 notifications a minute apart, the last (newest) inserted first; the 5 oldest already read.
    ids = await withDatabase(async (db) =>
      (
        await db.query(
          `insert into notifications (user_id, type, title, payload, created_at, read_at)
           select $1, 'POST_REACTION', 'Liked #' || n, jsonb_build_object('postId', gen_random_uuid()::text),
             now() - n * interval '1 minute', case when n > 20 then now() end
           from generate_series(1, 25) as n
           returning id`,
          [member.user.id],
        )
      ).rows.map((row) => row.id as string),
    );
  });

  it('lists one’s notifications newest first, page by page, with the unread count', async () => {
    const first = await list(member, '?limit=10');
    expect(first.status).toBe(200);
    expect(first.body.unreadCount).toBe(20);
    expect(first.body.items).toHaveLength(10);
    expect(first.body.items[0]).toEqual({
      id: ids[0],
      type: 'POST_REACTION',
      title: 'Liked #1',
      payload: { postId: expect.any(String) },
      readAt: null,
      createdAt: expect.any(String),
    });
    const seen = [...first.body.items];
    let cursor = first.body.nextCursor;
    while (cursor) {
      const page = await list(member, `?limit=10&cursor=${encodeURIComponent(cursor)}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.items);
      cursor = page.body.nextCursor;
    }
    expect(seen.map((item) => item.id)).toEqual(ids);
    expect(seen.at(-1).readAt).toEqual(expect.any(String));
    expect((await list(member, '?cursor=%21%21')).status).toBe(400);
  });

  it('marks one of one’s own read, and answers 404 for someone else’s', async () => {
    const id = ids[0] as string;
    expect(
      (await call(`/api/notifications/${id}/read`, { method: 'PATCH', token: other.token })).status,
    ).toBe(404);
    expect((await list(member, '?limit=1')).body.unreadCount).toBe(20);
    expect(
      (await call(`/api/notifications/${id}/read`, { method: 'PATCH', token: member.token })).status,
    ).toBe(204);
    // Again is harmless.
    expect(
      (await call(`/api/notifications/${id}/read`, { method: 'PATCH', token: member.token })).status,
    ).toBe(204);
    const after = await list(member, '?limit=1');
    expect(after.body.unreadCount).toBe(19);
    expect(after.body.items[0].readAt).toEqual(expect.any(String));
    expect(
      (await call('/api/notifications/not-a-uuid/read', { method: 'PATCH', token: member.token })).status,
    ).toBe(404);
    expect((await call(`/api/notifications/${id}/read`, { method: 'PATCH' })).status).toBe(401);
  });

  it('marks all read', async () => {
    const bad = await call('/api/notifications/read-all', {
      method: 'POST',
      token: member.token,
      body: { spaceId: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(
      (await call('/api/notifications/read-all', { method: 'POST', token: member.token, body: {} })).status,
    ).toBe(204);
    expect((await list(member)).body.unreadCount).toBe(0);
  });
});

describe('space message notifications', () => {
  it('notifies every other member once per space until they read it, and again after', async () => {
    const inbox = await userRoom(reader);
    expect((await send(author, 'First news of the day')).status).toBe(201);
    expect((await send(author, 'Second news')).status).toBe(201);
    // The notifications are written after the answer (best effort, off the send's path).
    await expect.poll(() => unreadSpaceMessages(reader.user.id), { timeout: 5000 }).toHaveLength(1);
    await expect.poll(() => unreadSpaceMessages(other.user.id), { timeout: 5000 }).toHaveLength(1);
    expect(await unreadSpaceMessages(author.user.id)).toEqual([]);
    const [coalesced] = await unreadSpaceMessages(reader.user.id);
    const authorName = `${author.user.firstName} ${author.user.lastName}`;
    expect(coalesced?.title).toBe(`${authorName} in ${spaceName}: First news of the day`);

    // Live: one toast for the two messages, with the reader's own row id.
    await expect
      .poll(() => inbox.frames.filter((frame) => frame.type === 'notification'), { timeout: 5000 })
      .toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const live = inbox.frames.filter((frame) => frame.type === 'notification');
    expect(live).toEqual([
      {
        type: 'notification',
        id: coalesced?.id,
        cursor: expect.any(String),
        notification: {
          type: 'SPACE_MESSAGE',
          title: coalesced?.title,
          payload: { spaceId, messageId: expect.any(String) },
        },
      },
    ]);

    // Opening the space marks its chat's notifications read (its messages, and mentions in its
    // chat), and only those: a mention in one of its posts stays, as does anything elsewhere.
    await withDatabase(async (db) => {
      await db.query(
        `insert into notifications (user_id, type, title) values ($1, 'POST_COMMENT', 'Kept unread')`,
        [reader.user.id],
      );
      await db.query(
        `insert into notifications (user_id, type, title, payload) values
           ($1, 'MENTION', 'Mentioned in the chat', $2), ($1, 'MENTION', 'Mentioned in a post', $3)`,
        [
          reader.user.id,
          JSON.stringify({ spaceId, messageId: crypto.randomUUID(), mentionOf: crypto.randomUUID() }),
          JSON.stringify({ spaceId, postId: crypto.randomUUID(), mentionOf: crypto.randomUUID() }),
        ],
      );
    });
    const read = await call('/api/notifications/read-all', {
      method: 'POST',
      token: reader.token,
      body: { spaceId },
    });
    expect(read.status).toBe(204);
    expect(await unreadSpaceMessages(reader.user.id)).toEqual([]);
    const page = await list(reader);
    expect(page.body.unreadCount).toBe(2);
    const titled = (title: string) => page.body.items.find((item: any) => item.title === title);
    expect(titled('Kept unread')?.readAt).toBeNull();
    expect(titled('Mentioned in a post')?.readAt).toBeNull();
    expect(titled('Mentioned in the chat')?.readAt).not.toBeNull();

    // The next message notifies the reader again; the other member still has their one.
    expect((await send(author, 'Third news')).status).toBe(201);
    await expect.poll(() => unreadSpaceMessages(reader.user.id), { timeout: 5000 }).toHaveLength(1);
    expect((await unreadSpaceMessages(reader.user.id))[0]?.title).toContain('Third news');
    await expect
      .poll(() => inbox.frames.filter((frame) => frame.type === 'notification').length, { timeout: 5000 })
      .toBe(2);
    expect(await unreadSpaceMessages(other.user.id)).toHaveLength(1);
    inbox.socket.close(1000);
  });
});

describe('room calls', () => {
  it('tells the space’s members, not the host, that the host is live when a stream starts now', async () => {
    const inbox = await userRoom(other);
    const title = `Live ${unique()}`;
    const now = Date.now();
    const created = await call('/api/events', {
      method: 'POST',
      token: author.token,
      body: {
        title,
        spaceId,
        hostId: author.user.id,
        startDate: new Date(now).toISOString(),
        endDate: new Date(now + 3_600_000).toISOString(),
        location: 'YOUTUBE',
        addressUrl: 'https://www.youtube.com/watch?v=live',
        published: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.announced).toBe(true);
    const expected = `${author.user.firstName} ${author.user.lastName} is live in ${spaceName}: ${title}`;
    await expect
      .poll(() => inbox.frames.find((frame) => frame.type === 'notification')?.notification, {
        timeout: 5000,
      })
      .toEqual({
        type: 'ROOM_CALL',
        title: expected,
        // The author and a count: one author's announcements coalesce (services/announcements.ts).
        payload: { eventId: created.body.event.id, spaceId, authorId: author.user.id, count: '1' },
      });
    const rows = await withDatabase(
      async (db) =>
        (
          await db.query(`select user_id, type from notifications where payload->>'eventId' = $1`, [
            created.body.event.id,
          ])
        ).rows,
    );
    expect(rows.map((row) => row.user_id).sort()).toEqual([reader.user.id, other.user.id].sort());
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(['ROOM_CALL']));
    inbox.socket.close(1000);
  });

  it('announces a stream planned for later as an event, not a call', async () => {
    const start = Date.now() + 86_400_000;
    const created = await call('/api/events', {
      method: 'POST',
      token: author.token,
      body: {
        title: `Later ${unique()}`,
        spaceId,
        hostId: author.user.id,
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 3_600_000).toISOString(),
        location: 'YOUTUBE',
        addressUrl: 'https://www.youtube.com/watch?v=later',
        published: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const types = await withDatabase(
      async (db) =>
        (
          await db.query(`select distinct type from notifications where payload->>'eventId' = $1`, [
            created.body.event.id,
          ])
        ).rows,
    );
    expect(types).toEqual([{ type: 'EVENT_ANNOUNCEMENT' }]);
  });
});

describe('the internal presence route', () => {
  const path = '/api/internal/presence';
  const report = (userId: string, status: 'online' | 'offline', at = Date.now()) =>
    JSON.stringify({ userId, status, at });
  const post = (body: string, headers: Record<string, string> = {}, token?: string) =>
    call(path, { method: 'POST', rawBody: body, headers, token });
  const lastOfflineAt = async (userId: string) =>
    (await call(`/api/users/${userId}`, { token: other.token })).body.user.lastOfflineAt;

  it('refuses unsigned, forged, stale and wrongly keyed calls, signed in or not, before reading the body', async () => {
    // A member who never had a socket (no user room will report them), shown offline since a known
    // time (the hourly housekeeping, run by another suite on this stack, recounts only members
    // shown online): only an accepted "online" report could change it.
    const quiet = await freshUser();
    const since = '2026-01-01T00:00:00.000Z';
    await withDatabase((db) =>
      db.query('update users set last_offline_at = $2 where id = $1', [quiet.user.id, since]),
    );
    const body = report(quiet.user.id, 'online');
    expect(await post(body)).toMatchObject({ status: 403 });
    expect(await post(body, {}, reader.token)).toMatchObject({ status: 403 });
    expect(await post('not json')).toMatchObject({ status: 403 });
    expect(await post(body, { [INTERNAL_SIGNATURE_HEADER]: `${Date.now()}.forged` })).toMatchObject({
      status: 403,
    });
    const wrongKey = await signInternalBody('another-secret-of-enough-length', body);
    expect(await post(body, { [INTERNAL_SIGNATURE_HEADER]: wrongKey })).toMatchObject({ status: 403 });
    const stale = await signInternalBody(KNOWN_DEV_SECRETS.REALTIME_SECRET, body, Date.now() - 60_000);
    expect(await post(body, { [INTERNAL_SIGNATURE_HEADER]: stale })).toMatchObject({ status: 403 });
    // A signature over another body does not carry over.
    const signedOther = await signInternalBody(
      KNOWN_DEV_SECRETS.REALTIME_SECRET,
      report(other.user.id, 'online'),
    );
    expect(await post(body, { [INTERNAL_SIGNATURE_HEADER]: signedOther })).toMatchObject({ status: 403 });
    expect(await lastOfflineAt(quiet.user.id)).toBe(since);
  });

  it('writes a signed report, and ignores one older than the state it would replace', async () => {
    const signed = async (body: string) =>
      post(body, {
        [INTERNAL_SIGNATURE_HEADER]: await signInternalBody(KNOWN_DEV_SECRETS.REALTIME_SECRET, body),
      });
    // A member who never had a socket: a real room of theirs closing (its offline report after the
    // grace) cannot land between these reports, as the reader's did on a slow run.
    const member = await freshUser();
    const at = Date.now();
    expect(await signed(report(member.user.id, 'offline', at))).toMatchObject({
      status: 200,
      body: { applied: true },
    });
    expect(await lastOfflineAt(member.user.id)).toBe(new Date(at).toISOString());
    // An online report from before that offline arrived late: it changes nothing.
    expect(await signed(report(member.user.id, 'online', at - 1000))).toMatchObject({
      status: 200,
      body: { applied: false },
    });
    expect(await lastOfflineAt(member.user.id)).toBe(new Date(at).toISOString());
    expect(await signed(report(member.user.id, 'online', at + 1000))).toMatchObject({
      body: { applied: true },
    });
    expect(await lastOfflineAt(member.user.id)).toBeNull();
    expect(await signed(JSON.stringify({ userId: 'not-a-uuid', status: 'online', at }))).toMatchObject({
      status: 400,
    });
  });
});
