// Direct messages live, with real sockets through edge-api's origin: the conversation room and the
// participants' user rooms hear every message once, a reconnecting participant loses nothing, typing
// reaches the other side, only the two participants get in, and blocking one closes it for both.
import { MessageLog } from '@community/realtime-protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  memberMadeBy,
  newUserForm,
  type Session,
  signIn,
  unique,
} from '../../scripts/lib/api-test-client.ts';
import { open, openRoom, ticketFor } from './socket-client.ts';

type Message = { id: string; seq: number; content: string; conversationId: string };

let admin: Session;
let owner: Session;

/** A new member, every feature on, signed in (fresh, so blocking them touches no other test). */
const newMember = (firstName: string) => memberMadeBy(admin, newUserForm({ firstName }));

async function conversationOf(a: Session, b: Session): Promise<string> {
  const opened = await call('/api/conversations', {
    method: 'POST',
    token: a.token,
    body: { userId: b.user.id },
  });
  expect([200, 201]).toContain(opened.status);
  return opened.body.conversation.id;
}

const send = (session: Session, conversationId: string, content: string) =>
  call(`/api/conversations/${conversationId}/messages`, {
    method: 'POST',
    token: session.token,
    body: { content, clientKey: `k-${unique()}` },
  });
const created = (frames: any[]) =>
  frames.filter((f) => f.type === 'dm.created').map((f) => f.message as Message);

beforeAll(async () => {
  [admin, owner] = await Promise.all([signIn('admin@example.com'), signIn('owner@example.com')]);
});

describe('conversation room', () => {
  it('two members converse live: each message in the room and in both user rooms, once', async () => {
    const [ann, bob] = await Promise.all([newMember('Ann'), newMember('Bob')]);
    const id = await conversationOf(ann, bob);
    const [annRoom, bobRoom, annUser, bobUser] = await Promise.all([
      openRoom(ann, 'conversation-room', id),
      openRoom(bob, 'conversation-room', id),
      openRoom(ann, 'user-room', ann.user.id),
      openRoom(bob, 'user-room', bob.user.id),
    ]);
    await expect.poll(() => annRoom.frames.findLast((f) => f.type === 'presence')?.userIds.length).toBe(2);
    for (let i = 0; i < 6; i++) expect((await send(i % 2 ? bob : ann, id, `hello ${i}`)).status).toBe(201);
    const expected = ['hello 0', 'hello 1', 'hello 2', 'hello 3', 'hello 4', 'hello 5'];
    for (const socket of [annRoom, bobRoom, annUser, bobUser]) {
      await expect.poll(() => created(socket.frames).length).toBe(6);
      expect(created(socket.frames).map((m) => m.content)).toEqual(expected);
      expect(created(socket.frames).every((m) => m.conversationId === id)).toBe(true);
    }

    // Read and delete reach the room too; the read goes to the reader's user room, not the other's.
    // (Bob sent the last message, so he has read it already; Ann reads it now.)
    await call(`/api/conversations/${id}/read`, { method: 'PUT', token: ann.token, body: { seq: 6 } });
    await expect
      .poll(() => bobRoom.frames.find((f) => f.type === 'dm.read'))
      .toEqual({ type: 'dm.read', conversationId: id, userId: ann.user.id, seq: 6 });
    await expect.poll(() => annUser.frames.some((f) => f.type === 'dm.read')).toBe(true);
    const first = created(annRoom.frames)[0]!;
    await call(`/api/conversations/${id}/messages/${first.id}`, { method: 'DELETE', token: ann.token });
    const deleted = { type: 'dm.deleted', conversationId: id, id: first.id, seq: first.seq };
    for (const socket of [bobRoom, annUser, bobUser]) {
      await expect.poll(() => socket.frames.find((f) => f.type === 'dm.deleted')).toEqual(deleted);
    }
    expect(bobUser.frames.some((f) => f.type === 'dm.read')).toBe(false);
    for (const socket of [annRoom, bobRoom, annUser, bobUser]) socket.socket.close();
  });

  it('relays typing to the other participant only', async () => {
    const [cat, dan] = await Promise.all([newMember('Cat'), newMember('Dan')]);
    const id = await conversationOf(cat, dan);
    const c = await openRoom(cat, 'conversation-room', id);
    const d = await openRoom(dan, 'conversation-room', id);
    await expect.poll(() => c.frames.findLast((f) => f.type === 'presence')?.userIds.length).toBe(2);
    c.socket.send(JSON.stringify({ type: 'typing' }));
    await expect
      .poll(() => d.frames.find((f) => f.type === 'typing'))
      .toMatchObject({ type: 'typing', userId: cat.user.id });
    expect(c.frames.some((f) => f.type === 'typing')).toBe(false);
    c.socket.close();
    d.socket.close();
  });

  it('a participant offline during 200 messages gets each exactly once after reconnecting', async () => {
    // The owner sends: 200 messages in a few seconds is past a member's chat limit (docs/api.md).
    const pia = await newMember('Pia');
    const id = await conversationOf(owner, pia);
    const log = new MessageLog<Message>();
    const first = await openRoom(pia, 'conversation-room', id);
    expect((await send(owner, id, 'before the disconnect')).status).toBe(201);
    await expect.poll(() => created(first.frames).length).toBe(1);
    log.merge(created(first.frames));
    first.socket.terminate(); // as a network drop or a deploy would

    // 200 messages while Pia is away, four senders at once.
    const sent: Message[] = [];
    const burst = async (from: number) => {
      for (let i = from; i < 200; i += 4) sent.push((await send(owner, id, `burst ${i}`)).body.message);
    };
    await Promise.all([0, 1, 2, 3].map(burst));
    expect(sent).toHaveLength(200);

    // Back: listen first, then fetch what came after the last seen sequence number, page by page,
    // while more messages arrive live.
    const second = await openRoom(pia, 'conversation-room', id);
    const liveSending = (async () => {
      for (let i = 0; i < 5; i++) sent.push((await send(owner, id, `live ${i}`)).body.message);
    })();
    const fetched: Message[] = [];
    let after = log.lastSeq;
    while (true) {
      const page = await call(`/api/conversations/${id}/messages?after=${after}&limit=100`, {
        token: pia.token,
      });
      expect(page.status).toBe(200);
      fetched.push(...page.body.items);
      if (page.body.items.length < 100) break;
      after = page.body.items.at(-1).seq;
    }
    await liveSending;
    log.merge(fetched);
    await expect
      .poll(() => log.merge(created(second.frames)) >= 0 && log.messages.length, { timeout: 20_000 })
      .toBe(206);

    // Sequence 1..206, each exactly once: the resync pages repeat nothing, the socket delivered
    // nothing twice, and together (merged by id, as the client does) they have every message.
    const once = (seqs: number[]) => expect(new Set(seqs).size).toBe(seqs.length);
    once(fetched.map((m) => m.seq));
    once(created(second.frames).map((m) => m.seq));
    expect(fetched.slice(0, 200).map((m) => m.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 2));
    expect(log.messages.map((m) => m.seq)).toEqual(Array.from({ length: 206 }, (_, i) => i + 1));
    expect(log.gaps()).toEqual([]);
    expect(
      log.messages
        .slice(1)
        .map((m) => m.id)
        .sort(),
    ).toEqual(sent.map((m) => m.id).sort());
    second.socket.close();
  }, 90_000); // 206 sends: slow when the machine is busy, and this test is about delivery, not speed

  it('admits the two participants only', async () => {
    const [eli, fay, gil] = await Promise.all([newMember('Eli'), newMember('Fay'), newMember('Gil')]);
    const id = await conversationOf(eli, fay);
    expect((await ticketFor(gil, 'conversation-room', id)).status).toBe(403);
    await expect(open(`/parties/conversation-room/${id}`)).rejects.toThrow('refused 401');
    // A ticket for another room does not open this one.
    const { ticket } = (await ticketFor(gil, 'user-room', gil.user.id)).body;
    await expect(open(`/parties/conversation-room/${id}?ticket=${ticket}`)).rejects.toThrow('refused 401');
  });

  it('blocking one participant closes both sockets and refuses new tickets', async () => {
    const [hal, ivy] = await Promise.all([newMember('Hal'), newMember('Ivy')]);
    const id = await conversationOf(hal, ivy);
    const h = await openRoom(hal, 'conversation-room', id);
    const i = await openRoom(ivy, 'conversation-room', id);
    // Issued before the block: must not open the room after it.
    const early = (await ticketFor(hal, 'conversation-room', id)).body.ticket;
    await expect.poll(() => h.frames.findLast((f) => f.type === 'presence')?.userIds.length).toBe(2);
    const blocked = await call(`/api/admin-panel/users/${ivy.user.id}?operation=block`, {
      method: 'PATCH',
      token: admin.token,
    });
    expect(blocked.status).toBe(200);
    expect((await h.closed).code).toBe(4003);
    expect((await i.closed).code).toBe(4003);
    expect((await ticketFor(hal, 'conversation-room', id)).status).toBe(403);
    await expect(open(`/parties/conversation-room/${id}?ticket=${early}`)).rejects.toThrow('refused 401');
  });
  it('deleting one participant closes the other’s socket too', async () => {
    const [jo, kai] = await Promise.all([newMember('Jo'), newMember('Kai')]);
    const id = await conversationOf(jo, kai);
    const j = await openRoom(jo, 'conversation-room', id);
    await openRoom(kai, 'conversation-room', id);
    await expect.poll(() => j.frames.findLast((f) => f.type === 'presence')?.userIds.length).toBe(2);
    const deleted = await call(`/api/admin-panel/users/${kai.user.id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    // From the answer: the route closes the sockets before it answers (docs/api.md, Revocation).
    const deletedAt = Date.now();
    expect(deleted.status).toBe(200);
    expect((await j.closing) - deletedAt).toBeLessThan(1000);
    expect((await j.closed).code).toBe(4003);
    expect((await ticketFor(jo, 'conversation-room', id)).status).toBe(403);
  });
});
