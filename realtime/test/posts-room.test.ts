// Posts rooms (one per space, the wall's live feed) through the real stack: readers get tickets,
// others a 403; events reach every reader's socket; scheduled events arrive by themselves at their
// time (a Durable Object alarm), unscheduled ones never, rescheduled ones once with the new
// payload; revocation and single-use tickets hold as in every room. Events are sent by edge-api's
// own functions (services/realtime.ts), signed as edge-api signs them, through the public origin,
// and then by the real posts API.
import {
  CLOSE_CODES,
  KNOWN_DEV_SECRETS,
  type PostPayload,
  type ServerEvent,
  ServerEvent as ServerEventSchema,
} from '@community/realtime-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Config } from '../../edge-api/src/config.ts';
import {
  publishToPostsRoom,
  schedulePostEvent,
  sendRoomCommand,
  unschedulePostEvent,
} from '../../edge-api/src/services/realtime.ts';
import {
  baseUrl,
  call,
  newUserForm,
  type Session,
  signIn,
  unique,
} from '../../scripts/lib/api-test-client.ts';
import { type Opened, open, openRoom, ticketFor } from './socket-client.ts';

const PASSWORD = 'posts-room-password';

/** edge-api's service binding, as seen from the test: the same signed POST, to the public origin. */
const realtime = {
  fetch: (url: string, init?: RequestInit) => {
    const { pathname } = new URL(url);
    return fetch(`${baseUrl()}${pathname}`, init);
  },
} as unknown as Fetcher;
const config = { realtimeSecret: KNOWN_DEV_SECRETS.REALTIME_SECRET } as Config;

let owner: Session;
let alice: Session;
let bob: Session;
let spaceId: string;
const opened: Opened[] = [];

async function createMember(): Promise<Session> {
  const id = unique();
  const created = await call(`/api/admin-panel/users/${owner.user.id}`, {
    method: 'POST',
    token: owner.token,
    body: newUserForm({ email: `prt-${id}@example.com`, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  expect(created.status).toBe(201);
  return signIn(`prt-${id}@example.com`, PASSWORD);
}

async function createSpace(type: 'PUBLIC' | 'PRIVATE', members: Session[] = []): Promise<string> {
  const space = await call('/api/spaces', {
    method: 'POST',
    token: owner.token,
    body: { name: `Posts ${unique()}`, description: 'Posts room tests', type },
  });
  expect(space.status).toBe(201);
  for (const member of members) {
    const added = await call(`/api/spaces/${space.body.id}/users`, {
      method: 'POST',
      token: owner.token,
      body: { userId: member.user.id },
    });
    expect(added.status).toBe(201);
  }
  return space.body.id;
}

async function connect(session: Session, room: string): Promise<Opened> {
  const socket = await openRoom(session, 'posts-room', room);
  opened.push(socket);
  return socket;
}

function post(overrides: Partial<PostPayload> = {}): PostPayload {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    spaceId,
    title: 'Hello wall',
    content: { root: { type: 'root', children: [{ type: 'paragraph', children: [] }] } },
    tags: ['news'],
    scheduledAt: null,
    publishedAt: now,
    createdAt: now,
    updatedAt: now,
    scheduled: false,
    author: { id: alice.user.id, firstName: 'Alice', lastName: 'Author', imageUrl: null },
    attachments: [
      {
        id: crypto.randomUUID(),
        name: 'a.png',
        url: 'https://example.com/a.png',
        type: 'img',
        createdAt: now,
      },
    ],
    likes: 0,
    likedByMe: false,
    commentsCount: 0,
    ...overrides,
  };
}

/** The frames of one socket that are post or comment events, each checked against the protocol. */
function postEvents(socket: Opened): ServerEvent[] {
  return socket.frames
    .map((frame) => ServerEventSchema.parse(frame))
    .filter((event) => event.type.startsWith('post.') || event.type.startsWith('comment.'));
}

/**
 * Polled beside the frames: 'socket open', or the code the socket was closed with, to tell a dev-server
 * reload (1006; `wrangler dev` restarts when any source changes) from a bug.
 */
const socketState = (socket: Opened) =>
  socket.socket.readyState === WebSocket.OPEN
    ? 'socket open'
    : `socket closed ${(socket.socket as unknown as { _closeCode: number })._closeCode}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  owner = await signIn('owner@example.com');
  [alice, bob] = [await createMember(), await createMember()];
  spaceId = await createSpace('PRIVATE', [alice, bob]);
});

afterAll(() => {
  for (const socket of opened) socket.socket.terminate();
});

describe('posts room tickets', () => {
  it('are issued to those who may read the space, and to no one else', async () => {
    const outsider = await createMember();
    expect((await ticketFor(outsider, 'posts-room', spaceId)).status).toBe(403);
    expect((await ticketFor(alice, 'posts-room', spaceId)).status).toBe(200);
    // A public space's wall is open to every member of the community, as its chat is.
    const publicSpace = await createSpace('PUBLIC');
    expect((await ticketFor(outsider, 'posts-room', publicSpace)).status).toBe(200);
    // No ticket, or one for the space's chat room, does not open the posts room.
    await expect(open(`/parties/posts-room/${spaceId}`)).rejects.toThrow('refused 401');
    const { ticket } = (await ticketFor(alice, 'space-room', spaceId)).body;
    await expect(open(`/parties/posts-room/${spaceId}?ticket=${ticket}`)).rejects.toThrow('refused 401');
  });

  it('open one socket, once', async () => {
    const { ticket } = (await ticketFor(alice, 'posts-room', spaceId)).body;
    opened.push(await open(`/parties/posts-room/${spaceId}?ticket=${ticket}`));
    await expect(open(`/parties/posts-room/${spaceId}?ticket=${ticket}`)).rejects.toThrow('refused 401');
  });

  it('refuses commands that edge-api did not sign', async () => {
    const forged = await call(`/parties/posts-room/${spaceId}`, {
      method: 'POST',
      body: { action: 'broadcast', event: { type: 'post.deleted', id: 'x', spaceId } },
    });
    expect(forged.status).toBe(403);
  });
});

describe('posts room events', () => {
  it('shows a second member a new post, an edit, a like, comments and a delete, in order', async () => {
    const a = await connect(alice, spaceId);
    const b = await connect(bob, spaceId);
    const created = post();
    const edited = { ...created, title: 'Hello again', updatedAt: new Date().toISOString() };
    const comment = {
      id: crypto.randomUUID(),
      postId: created.id,
      content: { root: { type: 'root', children: [] } },
      imageUrl: null,
      createdAt: new Date().toISOString(),
      user: { id: bob.user.id, firstName: 'Bob', lastName: 'Reader', imageUrl: null },
    };
    const sent: ServerEvent[] = [
      { type: 'post.created', post: created },
      { type: 'post.updated', post: edited },
      { type: 'post.liked', id: created.id, likes: 1 },
      { type: 'comment.created', postId: created.id, comment, commentsCount: 1 },
      { type: 'comment.deleted', postId: created.id, id: comment.id, commentsCount: 0 },
      { type: 'post.deleted', id: created.id, spaceId },
    ];
    for (const event of sent) {
      expect(await publishToPostsRoom(realtime, config, spaceId, event)).toBe(true);
    }
    // Each socket's last frame may still be on its way when the other has all of them.
    await expect.poll(() => postEvents(b).length).toBe(sent.length);
    await expect.poll(() => postEvents(a).length).toBe(sent.length);
    expect(postEvents(b)).toEqual(sent);
    expect(postEvents(a)).toEqual(sent);
  });

  it('sends an event meant for one user (a scheduled post, to its author) to that user only', async () => {
    const a = await connect(alice, spaceId);
    const b = await connect(bob, spaceId);
    const scheduled = post({ scheduled: true, scheduledAt: new Date(Date.now() + 60_000).toISOString() });
    const event: ServerEvent = { type: 'post.created', post: scheduled };
    expect(await publishToPostsRoom(realtime, config, spaceId, event, alice.user.id)).toBe(true);
    await expect.poll(() => postEvents(a)).toEqual([event]);
    await sleep(300);
    expect(postEvents(b)).toEqual([]);
  });

  it('does not mix rooms: the space’s chat room gets none of it', async () => {
    const chat = await openRoom(bob, 'space-room', spaceId);
    opened.push(chat);
    const wall = await connect(bob, spaceId);
    const event: ServerEvent = { type: 'post.liked', id: crypto.randomUUID(), likes: 3 };
    await publishToPostsRoom(realtime, config, spaceId, event);
    await expect.poll(() => postEvents(wall)).toEqual([event]);
    expect(postEvents(chat)).toEqual([]);
    // And only a posts room schedules: a chat room refuses the command (400), so edge-api sees false.
    const refused = await sendRoomCommand(
      realtime,
      config,
      { party: 'space-room', room: spaceId },
      { action: 'schedule', id: event.id, at: Date.now(), event },
    );
    expect(refused).toBe(false);
  });
});

describe('scheduled events', () => {
  it('arrive by themselves at their time; unscheduled never; rescheduled once, with the new payload', async () => {
    const b = await connect(bob, spaceId);
    const start = Date.now();
    const arrivals = new Map<string, number>();
    b.socket.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'post.created') arrivals.set(`${frame.post.id}:${frame.post.title}`, Date.now());
    });

    const onTime = post({ title: 'on time' });
    const cancelled = post({ title: 'cancelled' });
    const moved = post({ title: 'first version' });
    const onTimeAt = start + 3000;
    const movedAt = start + 4500;
    const created = (p: PostPayload): ServerEvent => ({ type: 'post.created', post: p });

    expect(
      await schedulePostEvent(realtime, config, spaceId, onTime.id, new Date(onTimeAt), created(onTime)),
    ).toBe(true);
    expect(
      await schedulePostEvent(
        realtime,
        config,
        spaceId,
        cancelled.id,
        new Date(start + 2000),
        created(cancelled),
      ),
    ).toBe(true);
    expect(
      await schedulePostEvent(realtime, config, spaceId, moved.id, new Date(start + 1500), created(moved)),
    ).toBe(true);
    // Edited before its time: later, and with another title.
    const movedAgain = { ...moved, title: 'second version' };
    expect(
      await schedulePostEvent(realtime, config, spaceId, moved.id, new Date(movedAt), created(movedAgain)),
    ).toBe(true);
    expect(await unschedulePostEvent(realtime, config, spaceId, cancelled.id)).toBe(true);

    await sleep(1000);
    expect(postEvents(b), 'nothing before its time').toEqual([]);
    await expect
      .poll(() => [postEvents(b).length, socketState(b)], { timeout: 10_000 })
      .toEqual([2, 'socket open']);
    await sleep(2000); // anything else would have come by now
    expect(postEvents(b)).toEqual([created(onTime), created(movedAgain)]);
    const onTimeArrived = arrivals.get(`${onTime.id}:on time`) ?? 0;
    const movedArrived = arrivals.get(`${moved.id}:second version`) ?? 0;
    expect(onTimeArrived).toBeGreaterThanOrEqual(onTimeAt - 50); // local clocks: same machine
    expect(onTimeArrived - onTimeAt).toBeLessThan(2000);
    expect(movedArrived).toBeGreaterThanOrEqual(movedAt - 50);
    expect(movedArrived - movedAt).toBeLessThan(2000);
  });

  it('sends an event whose time already passed at once', async () => {
    const b = await connect(bob, spaceId);
    const late = post({ title: 'late' });
    const event: ServerEvent = { type: 'post.created', post: late };
    expect(
      await schedulePostEvent(realtime, config, spaceId, late.id, new Date(Date.now() - 60_000), event),
    ).toBe(true);
    await expect.poll(() => postEvents(b), { timeout: 2000 }).toEqual([event]);
  });
});

describe('posts room revocation', () => {
  async function outcome(socket: Opened, ms = 1500) {
    const result = await Promise.race([socket.closing, sleep(ms).then(() => 'open' as const)]);
    if (result === 'open') return 'open';
    return (socket.socket as unknown as { _closeCode: number })._closeCode;
  }

  it('a kicked member’s wall socket closes, and their earlier ticket stays refused', async () => {
    const member = await createMember();
    const space = await createSpace('PRIVATE', [member]);
    const socket = await connect(member, space);
    const early = (await ticketFor(member, 'posts-room', space)).body.ticket;
    const members = await call(`/api/spaces/${space}/members`, { token: owner.token });
    const memberId = members.body.items.find((m: { userId: string }) => m.userId === member.user.id).id;
    const kicked = await call(`/api/spaces/${space}/members/${memberId}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(kicked.status).toBe(200);
    expect(await outcome(socket)).toBe(CLOSE_CODES.revoked);
    await expect(open(`/parties/posts-room/${space}?ticket=${early}`)).rejects.toThrow('refused 401');
    expect((await ticketFor(member, 'posts-room', space)).status).toBe(403);
  });

  it('a space made private closes its readers’ wall sockets, not its members’', async () => {
    const [reader, member] = [await createMember(), await createMember()];
    const space = await createSpace('PUBLIC', [member]);
    const readerSocket = await connect(reader, space);
    const memberSocket = await connect(member, space);
    const patched = await call(`/api/spaces/${space}`, {
      method: 'PATCH',
      token: owner.token,
      body: { type: 'PRIVATE' },
    });
    expect(patched.status).toBe(200);
    const [readerResult, memberResult] = await Promise.all([outcome(readerSocket), outcome(memberSocket)]);
    expect(readerResult).toBe(CLOSE_CODES.revoked);
    expect(memberResult).toBe('open');
    expect(memberSocket.socket.readyState).toBe(WebSocket.OPEN);
  });
});

describe('through the posts API', () => {
  const text = (value: string) => ({
    type: 'text',
    text: value,
    format: 0,
    style: '',
    mode: 'normal',
    detail: 0,
  });
  const doc = (value: string) => ({
    root: { type: 'root', children: [{ type: 'paragraph', children: [text(value)] }] },
  });
  const key = () => `key-${unique()}`;
  const types = (socket: Opened) => postEvents(socket).map((event) => event.type);

  it('a second member sees a new post, an edit, a like, a comment and its deletion, and the delete, live', async () => {
    const a = await connect(alice, spaceId);
    const b = await connect(bob, spaceId);
    const created = await call('/api/socket/posts', {
      method: 'POST',
      token: alice.token,
      body: { spaceId, title: 'Live', content: doc('first'), tags: ['live'], clientKey: key() },
    });
    expect(created.status).toBe(201);
    const id = created.body.post.id;
    await expect.poll(() => types(b)).toEqual(['post.created']);
    expect(postEvents(b)[0]).toMatchObject({
      post: { id, title: 'Live', likedByMe: false, scheduled: false },
    });

    const edited = await call(`/api/socket/posts/${id}`, {
      method: 'PUT',
      token: alice.token,
      body: { title: 'Live, edited', content: doc('second') },
    });
    expect(edited.status).toBe(200);
    await expect.poll(() => types(b).length).toBe(2);
    expect(postEvents(b)[1]).toMatchObject({ type: 'post.updated', post: { id, title: 'Live, edited' } });

    expect((await call(`/api/socket/posts/${id}/like`, { method: 'PUT', token: bob.token })).status).toBe(
      200,
    );
    await expect.poll(() => postEvents(a).at(-1)).toEqual({ type: 'post.liked', id, likes: 1 });

    const comment = await call(`/api/socket/posts/comments/${id}`, {
      method: 'POST',
      token: bob.token,
      body: { content: doc('nice'), clientKey: key() },
    });
    expect(comment.status).toBe(201);
    await expect
      .poll(() => postEvents(a).at(-1))
      .toMatchObject({
        type: 'comment.created',
        postId: id,
        commentsCount: 1,
        comment: { id: comment.body.comment.id },
      });
    const removed = await call(`/api/socket/posts/comments/${id}/${comment.body.comment.id}`, {
      method: 'DELETE',
      token: bob.token,
    });
    expect(removed.status).toBe(200);
    await expect
      .poll(() => postEvents(a).at(-1))
      .toEqual({ type: 'comment.deleted', postId: id, id: comment.body.comment.id, commentsCount: 0 });

    expect((await call(`/api/socket/posts/${id}`, { method: 'DELETE', token: alice.token })).status).toBe(
      200,
    );
    await expect.poll(() => postEvents(b).at(-1)).toEqual({ type: 'post.deleted', id, spaceId });
    expect(types(b)).toEqual([
      'post.created',
      'post.updated',
      'post.liked',
      'comment.created',
      'comment.deleted',
      'post.deleted',
    ]);
  });

  it('a scheduled post reaches its author at once and everyone else by itself at its time', async () => {
    const a = await connect(alice, spaceId);
    const b = await connect(bob, spaceId);
    // 10 s ahead: the checks before its time must fit in on a loaded machine (4 s did not, ci39).
    const at = new Date(Date.now() + 10_000);
    const created = await call('/api/socket/posts', {
      method: 'POST',
      token: alice.token,
      body: { spaceId, content: doc('later'), scheduledAt: at.toISOString(), clientKey: key() },
    });
    expect(created.status).toBe(201);
    const id = created.body.post.id;
    await expect
      .poll(() => postEvents(a))
      .toMatchObject([{ type: 'post.created', post: { id, scheduled: true } }]);
    await sleep(1000);
    expect(Date.now(), 'still before its time').toBeLessThan(at.getTime());
    expect(postEvents(b), 'nothing for others before its time').toEqual([]);
    await expect
      .poll(() => [postEvents(b), socketState(b)], { timeout: 20_000 })
      .toMatchObject([[{ type: 'post.created', post: { id, scheduled: false } }], 'socket open']);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime() - 50);
    // And the wall's HTTP query shows it to others from then on.
    const wall = await call(`/api/posts?spaceId=${spaceId}`, { token: bob.token });
    expect(wall.body.items.map((p: { id: string }) => p.id)).toContain(id);
  }, 60_000); // 10 s until its time, then the wait for it on a loaded machine

  it('a comment list that was offline catches up after reconnecting, nothing lost and nothing twice', async () => {
    const post = await call('/api/socket/posts', {
      method: 'POST',
      token: alice.token,
      body: { spaceId, content: doc('talk to me'), clientKey: key() },
    });
    const postId = post.body.post.id;
    const comment = async (value: string) => {
      const answer = await call(`/api/socket/posts/comments/${postId}`, {
        method: 'POST',
        token: alice.token,
        body: { content: doc(value), clientKey: key() },
      });
      expect(answer.status).toBe(201);
      return answer.body.comment.id as string;
    };
    const live = (socket: Opened) =>
      postEvents(socket).flatMap((event) =>
        event.type === 'comment.created' && event.postId === postId ? [event.comment.id] : [],
      );
    const shown: string[] = []; // the dialog's list: events and pages merged by id
    const merge = (ids: string[]) => {
      for (const id of ids) if (!shown.includes(id)) shown.push(id);
    };

    const first = await connect(bob, spaceId);
    const sent = [await comment('one')];
    await expect.poll(() => live(first)).toEqual(sent);
    merge(live(first));
    first.socket.terminate(); // offline, as a network drop would
    sent.push(await comment('two'), await comment('three'));

    // Back online: listen first, then fetch the first page and merge by id.
    const second = await connect(bob, spaceId);
    sent.push(await comment('four'));
    const page = await call(`/api/posts/${postId}/comments`, { token: bob.token });
    expect(page.status).toBe(200);
    merge(page.body.items.map((c: { id: string }) => c.id));
    await expect.poll(() => live(second)).toEqual([sent[3]]);
    merge(live(second));
    expect([...shown].sort()).toEqual([...sent].sort());
  });

  it('an edited scheduled post arrives once with the edit; a deleted one never arrives', async () => {
    const b = await connect(bob, spaceId);
    // Far enough ahead for two posts, an edit and a delete on a loaded machine (ci39: +4 s was not).
    const at = new Date(Date.now() + 15_000).toISOString();
    const schedule = (value: string) =>
      call('/api/socket/posts', {
        method: 'POST',
        token: alice.token,
        body: { spaceId, title: value, content: doc(value), scheduledAt: at, clientKey: key() },
      });
    const [kept, dropped] = [
      (await schedule('before the edit')).body.post,
      (await schedule('dropped')).body.post,
    ];
    const edited = await call(`/api/socket/posts/${kept.id}`, {
      method: 'PUT',
      token: alice.token,
      body: { title: 'after the edit', content: doc('after the edit') },
    });
    expect(edited.status).toBe(200);
    expect(
      (await call(`/api/socket/posts/${dropped.id}`, { method: 'DELETE', token: alice.token })).status,
    ).toBe(200);
    expect(Date.now(), 'edited and deleted before the publication time').toBeLessThan(Date.parse(at));
    // The deletion itself goes to everyone; the post never does.
    const created = () => postEvents(b).filter((event) => event.type === 'post.created');
    await expect
      .poll(() => [created().length, socketState(b)], { timeout: 30_000 })
      .toEqual([1, 'socket open']);
    await sleep(1500); // anything else would have come by now
    expect(created()).toMatchObject([
      { type: 'post.created', post: { id: kept.id, title: 'after the edit', scheduled: false } },
    ]);
    expect(postEvents(b)).toContainEqual({ type: 'post.deleted', id: dropped.id, spaceId });
  }, 60_000); // 15 s until the publication, then the wait for it on a loaded machine
});
