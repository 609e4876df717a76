// Issue 27 item 1, through real sockets against workerd: every room kind takes client frames only
// within its limits (realtime/src/inbound-budget.ts). A frame over the maximum size, a frame past the
// connection's budget, or any frame to a room whose clients only listen closes that socket with 1008,
// while the other members' sockets in the room stay open and keep receiving. A client built like the
// app's (partysocket with the shared reconnect policy) does not knock again every few seconds after
// such a close.
import {
  CLOSE_CODES,
  type PartyName,
  reconnectsAfterClose,
  retryAfterPolicyClose,
} from '@community/realtime-protocol';
import PartySocket from 'partysocket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  baseUrl,
  call,
  memberMadeBy,
  type Session,
  signIn,
  unique,
} from '../../scripts/lib/api-test-client.ts';
import { type Opened, openRoom, ticketFor } from './socket-client.ts';

const TYPING = JSON.stringify({ type: 'typing' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let owner: Session;
const opened: Opened[] = [];

beforeAll(async () => {
  owner = await signIn('owner@example.com');
});

afterAll(() => {
  for (const socket of opened) socket.socket.terminate();
});

/** A member of our own, every feature on. */
const newMember = () => memberMadeBy(owner);

/** A public space the owner administers, with these members. */
async function spaceWith(members: Session[]): Promise<string> {
  const space = await call('/api/spaces', {
    method: 'POST',
    token: owner.token,
    body: { name: `Frames ${unique()}`, description: 'Frame limit tests', type: 'PUBLIC' },
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

async function connect(session: Session, party: PartyName, room: string): Promise<Opened> {
  const socket = await openRoom(session, party, room);
  opened.push(socket);
  return socket;
}

const say = (session: Session, spaceId: string, content: string) =>
  call(`/api/spaces/${spaceId}/messages`, {
    method: 'POST',
    token: session.token,
    body: { content, clientKey: `k-${unique()}` },
  });
const contents = (socket: Opened) =>
  socket.frames.filter((f) => f.type === 'message.created').map((f) => f.message.content);
const typingFrom = (socket: Opened, userId: string) =>
  socket.frames.filter((f) => f.type === 'typing' && f.userId === userId).length;

describe('frame limits', () => {
  it('closes a socket that sends a frame over the maximum size with 1008; the others keep receiving', async () => {
    const [sender, listener] = await Promise.all([newMember(), newMember()]);
    const spaceId = await spaceWith([sender, listener]);
    const a = await connect(sender, 'space-room', spaceId);
    const b = await connect(listener, 'space-room', spaceId);
    a.socket.send(JSON.stringify({ type: 'typing', padding: 'x'.repeat(2000) }));
    expect(await a.closed).toMatchObject({ code: CLOSE_CODES.policyViolation, reason: 'Frame too large' });
    expect((await say(owner, spaceId, 'after the large frame')).status).toBe(201);
    await expect.poll(() => contents(b)).toContain('after the large frame');
    expect(b.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('closes a socket sending a megabyte frame to a conversation room with 1008', async () => {
    const [ann, bob] = await Promise.all([newMember(), newMember()]);
    const started = await call('/api/conversations', {
      method: 'POST',
      token: ann.token,
      body: { userId: bob.user.id },
    });
    expect([200, 201]).toContain(started.status);
    const id = started.body.conversation.id;
    const a = await connect(ann, 'conversation-room', id);
    const b = await connect(bob, 'conversation-room', id);
    a.socket.send('x'.repeat(1 << 20));
    expect(await a.closed).toMatchObject({ code: CLOSE_CODES.policyViolation, reason: 'Frame too large' });
    b.socket.send(TYPING);
    await sleep(300);
    expect(b.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('closes a socket past its frame budget with 1008, however small the frames; the others keep receiving', async () => {
    const [flooder, listener] = await Promise.all([newMember(), newMember()]);
    const spaceId = await spaceWith([flooder, listener]);
    const a = await connect(flooder, 'space-room', spaceId);
    const b = await connect(listener, 'space-room', spaceId);
    await expect.poll(() => b.frames.findLast((f) => f.type === 'presence')?.userIds.length).toBe(2);
    // The first frame is within the budget and relayed; the flood behind it is counted unread
    // (garbage and typing alike) and the socket is closed.
    a.socket.send(TYPING);
    for (let i = 0; i < 200; i++) a.socket.send(i % 2 ? TYPING : 'not json at all');
    expect(await a.closed).toMatchObject({ code: CLOSE_CODES.policyViolation, reason: 'Too many frames' });
    await expect.poll(() => typingFrom(b, flooder.user.id)).toBe(1);
    expect((await say(owner, spaceId, 'after the flood')).status).toBe(201);
    await expect.poll(() => contents(b)).toContain('after the flood');
    expect(b.socket.readyState).toBe(WebSocket.OPEN);
    // The budget is the connection's: the same member on a new socket is heard again.
    const again = await connect(flooder, 'space-room', spaceId);
    again.socket.send(TYPING);
    await expect.poll(() => typingFrom(b, flooder.user.id)).toBe(2);
    expect(again.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('closes a socket on its first frame in every room whose clients only listen', async () => {
    const member = await newMember();
    const spaceId = await spaceWith([member]);
    const rooms: [PartyName, string][] = [
      ['user-room', member.user.id],
      ['presence-room', 'community'],
      ['posts-room', spaceId],
    ];
    for (const [party, room] of rooms) {
      const talker = await connect(member, party, room);
      const quiet = await connect(member, party, room);
      talker.socket.send(TYPING);
      expect(await talker.closed, party).toMatchObject({
        code: CLOSE_CODES.policyViolation,
        reason: 'This room only sends',
      });
      expect(quiet.socket.readyState, `${party}: a tab that only listens stays`).toBe(WebSocket.OPEN);
    }
  });

  it('a client built like the app’s does not reconnect every few seconds after a 1008 close', async () => {
    const member = await newMember();
    let tickets = 0;
    let opens = 0;
    const closes: number[] = [];
    const socket = new PartySocket({
      host: new URL(baseUrl()).host,
      protocol: 'ws',
      party: 'presence-room',
      room: 'community',
      query: async () => {
        tickets++;
        return { ticket: (await ticketFor(member, 'presence-room', 'community')).body.ticket };
      },
      WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
      // Any other close reconnects within 50 ms here (3 s in the app), so a loop would show at once.
      minReconnectionDelay: 50,
      maxReconnectionDelay: 50,
      shouldReconnectOnClose: reconnectsAfterClose,
    });
    const retryAfterMs = 3000;
    const stopRetrying = retryAfterPolicyClose(socket, retryAfterMs);
    socket.addEventListener('open', () => opens++);
    socket.addEventListener('close', (event) => closes.push(event.code));
    try {
      await expect.poll(() => opens).toBe(1);
      socket.send(TYPING);
      await expect.poll(() => closes).toEqual([CLOSE_CODES.policyViolation]);
      await sleep(retryAfterMs - 1000);
      expect({ opens, tickets }, 'no reconnect before the pause').toEqual({ opens: 1, tickets: 1 });
      await expect.poll(() => opens, { timeout: 5000 }).toBe(2);
      expect(tickets).toBe(2);
    } finally {
      stopRetrying();
      socket.close();
    }
  });
});
