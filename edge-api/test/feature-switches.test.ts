// Every feature switch gates its API (docs/features.md), over HTTP against the running stack. For
// each of the eight switches, a member who may call each of its matrix rows (permission-matrix.ts)
// has only that switch off and sends the row's invalid input: 403 with the feature's message, not
// the 400 they get with it on (the feature is checked before access and validation, ADR 10), and
// nothing in the database changes. Then the special cases, the tickets per room kind, and an open
// socket withdrawn when its switch goes off.

import { readFileSync } from 'node:fs';
import { FEATURE_KEYS, type FeatureKey, type FeatureSwitch, featureDisabledMessage } from '@community/domain';
import { CLOSE_CODES, type PartyName, PRESENCE_ROOM } from '@community/realtime-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Opened, openRoom } from '../../realtime/test/socket-client.ts';
import {
  call,
  newUserForm,
  type Session,
  signIn,
  TINY_PNG,
  unique,
  uploadFile,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';
import { buildMatrixFixtures, type MatrixSetup } from './matrix-fixtures.ts';
import {
  type Caller,
  expectedStatus,
  featuresOf,
  MATRIX,
  type MatrixRow,
  OPEN_ROUTES,
  type SignedInCaller,
} from './permission-matrix.ts';

let setup: MatrixSetup;
/** The owner: switches members' features in the admin panel. */
let owner: Session;

/** Switches features of `userId` as the owner, through the admin panel's Features operation. */
async function setFeatures(userId: string, features: FeatureSwitch[]) {
  const answer = await call(`/api/admin-panel/users/${userId}?operation=updateFeatures`, {
    method: 'PATCH',
    token: owner.token,
    body: { features },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
const switchOff = (userId: string, ...features: FeatureKey[]) =>
  setFeatures(
    userId,
    features.map((feature) => ({ feature, enabled: false })),
  );
const allOn = (userId: string) =>
  setFeatures(
    userId,
    FEATURE_KEYS.map((feature) => ({ feature, enabled: true })),
  );

const refusal = (feature: FeatureKey) => ({ status: 403, body: { error: featureDisabledMessage(feature) } });

/** Who plays a row: someone with the right, so that only the switch stands between them and the 400. */
const PREFERRED: readonly SignedInCaller[] = [
  'spaceAdmin',
  'spaceGuest',
  'spaceModerator',
  'user',
  'host',
  'otherSpaceMember',
  'admin',
  'superAdmin',
];
const callerFor = (row: MatrixRow): SignedInCaller =>
  PREFERRED.find((caller) => row.allowed.includes(caller)) ?? 'user';

const label = (row: MatrixRow) => `${row.route}${row.case ? ` (${row.case})` : ''}`;

async function play(row: MatrixRow, caller: SignedInCaller) {
  const [method] = row.route.split(' ') as [string];
  const { path, body, headers } = row.request(setup.fx, caller);
  return call(path, { method, token: setup.sessions[caller].token, body, headers });
}

/** What a refused call could have changed: the rows every gated route writes, in one reading. */
function databaseState() {
  return withDatabase(async (db) => {
    const { rows } = await db.query(`select
      (select count(*) from posts) as posts,
      (select count(*) from comments) as comments,
      (select count(*) from post_likes) as likes,
      (select md5(coalesce(string_agg(row_to_json(s)::text, ',' order by s.id), '')) from spaces s) as spaces,
      (select count(*) from space_members) as space_members,
      (select count(*) from space_messages) as space_messages,
      (select md5(coalesce(string_agg(row_to_json(e)::text, ',' order by e.id), '')) from events e) as events,
      (select count(*) from event_members) as rsvps,
      (select count(*) from event_cancelled_occurrences) as cancelled,
      (select count(*) from conversations) as conversations,
      (select count(*) from direct_messages) as direct_messages,
      (select count(*) from uploads) as uploads`);
    return rows[0];
  });
}

beforeAll(async () => {
  setup = await buildMatrixFixtures();
  owner = setup.sessions.superAdmin;
});

afterAll(async () => {
  // The seeded members keep every switch on for the files after this one.
  if (setup) await Promise.all(Object.values(setup.fx.ids).map((id) => allOn(id)));
});

describe('each switch, off, refuses every route of its feature before anything else', () => {
  it.each(FEATURE_KEYS.filter((feature) => feature !== 'livestream'))('%s', async (feature) => {
    const rows = MATRIX.filter((row) => featuresOf(row).includes(feature));
    expect(rows.length).toBeGreaterThan(0);
    const callers = [...new Set(rows.map(callerFor))];
    const before = await databaseState();
    const failures: string[] = [];
    for (const caller of callers) {
      await switchOff(setup.fx.ids[caller], feature);
      try {
        for (const row of rows.filter((r) => callerFor(r) === caller)) {
          const answer = await play(row, caller);
          if (answer.status !== 403 || answer.body?.error !== featureDisabledMessage(feature)) {
            failures.push(`${label(row)} as ${caller}: got ${answer.status} ${JSON.stringify(answer.body)}`);
          } else if (answer.body.issues !== undefined) {
            failures.push(`${label(row)} as ${caller}: refused with schema details`);
          }
        }
      } finally {
        await allOn(setup.fx.ids[caller]);
      }
    }
    expect(failures).toEqual([]);
    // Nothing the refused calls sent was written.
    expect(await databaseState()).toEqual(before);
    // With the switch back on, the same calls get the matrix's answers (the 400 of their invalid
    // input, mostly): the switch alone refused them, and the state they act on is unchanged.
    const replayed: string[] = [];
    for (const row of rows) {
      const caller = callerFor(row);
      const answer = await play(row, caller);
      const expected = expectedStatus(row, caller as Caller);
      if (answer.status !== expected) replayed.push(`${label(row)} as ${caller}: ${answer.status}`);
    }
    expect(replayed).toEqual([]);
  });
});

describe('the matrix and docs/features.md agree', () => {
  it('every row names a feature or is an open route, and the open routes are the ones the docs keep open', () => {
    const unaccounted = MATRIX.filter(
      (row) => featuresOf(row).length === 0 && !(row.route in OPEN_ROUTES),
    ).map(label);
    const gatedButListedOpen = MATRIX.filter(
      (row) => featuresOf(row).length > 0 && row.route in OPEN_ROUTES,
    ).map(label);
    const stale = Object.keys(OPEN_ROUTES).filter((route) => !MATRIX.some((row) => row.route === route));
    expect({ unaccounted, gatedButListedOpen, stale }).toEqual({
      unaccounted: [],
      gatedButListedOpen: [],
      stale: [],
    });
    const docs = readFileSync(new URL('../../docs/features.md', import.meta.url), 'utf8');
    const stayOpen = docs
      .slice(docs.indexOf('Some things stay open'), docs.indexOf('| Switch |'))
      .replace(/\s+/g, ' ');
    const missingFromDocs = [...new Set(Object.values(OPEN_ROUTES))].filter(
      (phrase) => !stayOpen.includes(phrase),
    );
    expect(missingFromDocs).toEqual([]);
  });

  it('every switch of the table gates at least one row (livestream: the special case below)', () => {
    const gated = new Set(MATRIX.flatMap(featuresOf));
    expect(FEATURE_KEYS.filter((feature) => !gated.has(feature))).toEqual(['livestream']);
  });
});

/** A fresh member with every switch on, and a public space of their own. */
async function freshMember() {
  const form = newUserForm();
  const created = await call(`/api/admin-panel/users/${owner.user.id}`, {
    method: 'POST',
    token: owner.token,
    body: form,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const session = await signIn(form.email, form.password);
  const space = await call('/api/spaces', {
    method: 'POST',
    token: session.token,
    body: { name: `Switches ${unique()}`, description: 'Feature switches', type: 'PUBLIC' },
  });
  expect(space.status).toBe(201);
  return { session, id: session.user.id as string, spaceId: space.body.id as string };
}

const paragraph = (text: string) => ({
  root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', text }] }] },
});
const ATTACHMENT = { name: 'a.png', url: 'https://example.com/a.png', type: 'img' };

describe('special cases', () => {
  it('community: one’s own profile stays open, another member’s is refused', async () => {
    const me = await freshMember();
    const other = setup.fx.ids.user;
    await switchOff(me.id, 'community');
    const get = (path: string) => call(path, { token: me.session.token });
    for (const path of ['', '/spaces', '/latest-activity', '/events']) {
      expect((await get(`/api/users/${me.id}${path}`)).status, path).toBe(200);
      expect(await get(`/api/users/${other}${path}`), path).toMatchObject(refusal('community'));
    }
    expect((await get(`/api/posts/attachments/${me.id}`)).status).toBe(200);
    expect(await get(`/api/posts/attachments/${other}`)).toMatchObject(refusal('community'));
    // One's own events need `events`, though.
    await setFeatures(me.id, [
      { feature: 'community', enabled: true },
      { feature: 'events', enabled: false },
    ]);
    expect(await get(`/api/users/${me.id}/events`)).toMatchObject(refusal('events'));
  });

  it('GET /api/posts: the community wall needs livewall, a space’s wall needs posts', async () => {
    const me = await freshMember();
    const get = (path: string) => call(path, { token: me.session.token });
    await switchOff(me.id, 'posts');
    expect((await get('/api/posts')).status).toBe(200);
    expect(await get(`/api/posts?spaceId=${me.spaceId}`)).toMatchObject(refusal('posts'));
    await setFeatures(me.id, [
      { feature: 'posts', enabled: true },
      { feature: 'livewall', enabled: false },
    ]);
    expect(await get('/api/posts')).toMatchObject(refusal('livewall'));
    expect((await get(`/api/posts?spaceId=${me.spaceId}`)).status).toBe(200);
  });

  it('content: bodies with attachments, a new profile photo and uploads are refused; text is not', async () => {
    const me = await freshMember();
    const token = me.session.token;
    await switchOff(me.id, 'content');
    const send = (path: string, body: unknown, method = 'POST') => call(path, { method, token, body });
    const post = (extra: object) =>
      send('/api/socket/posts', {
        spaceId: me.spaceId,
        content: paragraph('Hi'),
        clientKey: `fs-${unique()}`,
        ...extra,
      });
    expect(await post({ attachments: [ATTACHMENT] })).toMatchObject(refusal('content'));
    const plain = await post({});
    expect(plain.status).toBe(201);
    const postId = plain.body.post.id;
    expect(
      await send(
        `/api/socket/posts/${postId}`,
        { content: paragraph('Hi'), attachments: [ATTACHMENT] },
        'PUT',
      ),
    ).toMatchObject(refusal('content'));
    expect(
      (await send(`/api/socket/posts/${postId}`, { content: paragraph('Edited'), attachments: [] }, 'PUT'))
        .status,
    ).toBe(200);
    const comment = (extra: object) =>
      send(`/api/socket/posts/comments/${postId}`, {
        content: paragraph('Nice'),
        clientKey: `fs-${unique()}`,
        ...extra,
      });
    expect(await comment({ imageUrl: 'https://example.com/c.png' })).toMatchObject(refusal('content'));
    expect((await comment({})).status).toBe(201);
    const chat = (extra: object) =>
      send(`/api/spaces/${me.spaceId}/messages`, { content: 'Hello', clientKey: `fs-${unique()}`, ...extra });
    expect(await chat({ attachments: [ATTACHMENT] })).toMatchObject(refusal('content'));
    expect((await chat({})).status).toBe(201);
    const conversation = await send('/api/conversations', { userId: setup.fx.ids.user });
    expect([200, 201]).toContain(conversation.status);
    const dm = (extra: object) =>
      send(`/api/conversations/${conversation.body.conversation.id}/messages`, {
        content: 'Hello',
        clientKey: `fs-${unique()}`,
        ...extra,
      });
    expect(await dm({ attachments: [ATTACHMENT] })).toMatchObject(refusal('content'));
    expect((await dm({})).status).toBe(201);
    expect(
      await send(`/api/users/${me.id}`, { imageUrl: 'https://example.com/me.png' }, 'PATCH'),
    ).toMatchObject(refusal('content'));
    expect((await send(`/api/users/${me.id}`, { bio: 'No photo today' }, 'PATCH')).status).toBe(200);
    expect(await uploadFile(me.session, 'users', TINY_PNG, 'me.png')).toMatchObject(refusal('content'));
    expect(await uploadFile(me.session, 'posts', TINY_PNG, 'p.png')).toMatchObject(refusal('content'));
    // The community logo is the admin panel's: not a `content` upload.
    const logo = await uploadFile(me.session, 'community', TINY_PNG, 'logo.png');
    expect(logo.body?.error).not.toBe(featureDisabledMessage('content'));
  });

  it('livestream: a stream live now needs it, a later one does not (checked after validation)', async () => {
    const me = await freshMember();
    const token = me.session.token;
    const event = (startInMs: number) => ({
      title: `Stream ${unique()}`,
      description: 'Feature switches',
      spaceId: me.spaceId,
      hostId: me.id,
      startDate: new Date(Date.now() + startInMs).toISOString(),
      endDate: new Date(Date.now() + startInMs + 3_600_000).toISOString(),
      location: 'YOUTUBE',
      addressUrl: 'https://www.youtube.com/watch?v=switches',
      registration: 'FREE',
      published: true,
      tags: [],
    });
    await switchOff(me.id, 'livestream');
    const create = (body: object) => call('/api/events', { method: 'POST', token, body });
    expect(await create(event(60_000))).toMatchObject(refusal('livestream'));
    // An invalid body is still the schema's answer: this check reads the body, so it follows validation.
    expect((await create({ ...event(60_000), title: 42 })).status).toBe(400);
    const later = await create(event(2 * 86_400_000));
    expect(later.status).toBe(201);
    const edit = (body: object) => call(`/api/events/${later.body.event.id}`, { method: 'PUT', token, body });
    expect(await edit(event(60_000))).toMatchObject(refusal('livestream'));
    await setFeatures(me.id, [{ feature: 'livestream', enabled: true }]);
    const live = await create(event(60_000));
    expect(live.status).toBe(201);
    // A stream already live may still be edited (its title) without the switch.
    await switchOff(me.id, 'livestream');
    const again = await call(`/api/events/${live.body.event.id}`, {
      method: 'PUT',
      token,
      body: { ...event(60_000), title: 'Renamed stream' },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('events: the calendar feed fetched with its token stops when its owner’s switch is off', async () => {
    const me = await freshMember();
    const feed = await call('/api/events/calendar-feed', { token: me.session.token });
    expect(feed.status).toBe(200);
    const url = new URL(feed.body.url);
    const byToken = () => call(`${url.pathname}${url.search}`);
    expect((await byToken()).status).toBe(200);
    await switchOff(me.id, 'events');
    expect(await byToken()).toMatchObject(refusal('events'));
    expect(await call('/api/events.ics', { token: me.session.token })).toMatchObject(refusal('events'));
    await allOn(me.id);
    expect((await byToken()).status).toBe(200);
  });
});

/** The close code once the server's close frame arrived (ws publishes it on teardown, which may lag). */
async function closeCode(opened: Opened) {
  await Promise.race([opened.closing, new Promise((resolve) => setTimeout(resolve, 3000))]);
  return opened.socket.readyState >= WebSocket.CLOSING
    ? (opened.socket as unknown as { _closeCode: number })._closeCode
    : 'open';
}

const ticket = (session: Session, party: string, room: string) =>
  call('/api/realtime/ticket', { method: 'POST', token: session.token, body: { party, room } });

describe('realtime', () => {
  it('refuses tickets per room kind: space room without spaces, posts room without posts and livewall, conversations without messages', async () => {
    const me = await freshMember();
    const conversation = await call('/api/conversations', {
      method: 'POST',
      token: me.session.token,
      body: { userId: setup.fx.ids.user },
    });
    const conversationId = conversation.body.conversation.id;
    await switchOff(me.id, 'spaces');
    expect(await ticket(me.session, 'space-room', me.spaceId)).toMatchObject(refusal('spaces'));
    await switchOff(me.id, 'posts');
    expect((await ticket(me.session, 'posts-room', me.spaceId)).status).toBe(200); // livewall
    await switchOff(me.id, 'livewall');
    expect(await ticket(me.session, 'posts-room', me.spaceId)).toMatchObject(refusal('posts'));
    await switchOff(me.id, 'messages');
    expect(await ticket(me.session, 'conversation-room', conversationId)).toMatchObject(refusal('messages'));
    // Everything off: the user room (notifications) and the presence room stay open.
    await switchOff(me.id, ...FEATURE_KEYS);
    expect((await ticket(me.session, 'user-room', me.id)).status).toBe(200);
    expect((await ticket(me.session, 'presence-room', PRESENCE_ROOM)).status).toBe(200);
  });

  it('switching a feature off closes the member’s sockets of that kind and tells their user room', async () => {
    const me = await freshMember();
    const open = (party: PartyName, room: string) => openRoom(me.session, party, room);
    const userRoom = await open('user-room', me.id);
    const spaceRoom = await open('space-room', me.spaceId);
    const postsRoom = await open('posts-room', me.spaceId);
    try {
      await switchOff(me.id, 'spaces');
      // The route awaits the revocation: the close frame is on its way when the admin's answer arrives.
      expect(await closeCode(spaceRoom)).toBe(CLOSE_CODES.revoked);
      await expect
        .poll(() => userRoom.frames.find((frame) => frame.type === 'features.changed'), { timeout: 2000 })
        .toMatchObject({
          type: 'features.changed',
          features: expect.arrayContaining([{ feature: 'spaces', enabled: false }]),
        });
      expect(userRoom.socket.readyState).toBe(WebSocket.OPEN);
      // The posts room is another kind: open while `posts` or `livewall` is on.
      await switchOff(me.id, 'posts');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(postsRoom.socket.readyState).toBe(WebSocket.OPEN);
      await switchOff(me.id, 'livewall');
      expect(await closeCode(postsRoom)).toBe(CLOSE_CODES.revoked);
      // And no new ticket for the space room while the switch is off.
      expect(await ticket(me.session, 'space-room', me.spaceId)).toMatchObject(refusal('spaces'));
      await allOn(me.id);
      expect((await ticket(me.session, 'space-room', me.spaceId)).status).toBe(200);
    } finally {
      for (const { socket } of [userRoom, spaceRoom, postsRoom]) socket.close();
    }
  });

  it('switching messages off ends the member’s conversations for both participants, as a block does', async () => {
    const me = await freshMember();
    const partner = setup.sessions.user;
    const started = await call('/api/conversations', {
      method: 'POST',
      token: me.session.token,
      body: { userId: partner.user.id },
    });
    const id = started.body.conversation.id as string;
    const mine = await openRoom(me.session, 'conversation-room', id);
    const theirs = await openRoom(partner, 'conversation-room', id);
    try {
      await switchOff(me.id, 'messages');
      expect(await closeCode(mine)).toBe(CLOSE_CODES.revoked);
      expect(await closeCode(theirs)).toBe(CLOSE_CODES.revoked);
      expect((await ticket(partner, 'conversation-room', id)).status).toBe(403);
    } finally {
      for (const { socket } of [mine, theirs]) socket.close();
    }
  });
});
