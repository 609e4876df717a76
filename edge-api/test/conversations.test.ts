// Direct messages over HTTP (issue #10): who may see and use a conversation, find-or-create,
// idempotent sends, paging and resync, read positions and unread counts, deletions, attachments
// and the member search. Every member here is made fresh by the admin panel, so blocking them or
// switching their features off touches no other test file's users.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  memberMadeBy,
  newUserForm,
  type Session,
  signIn,
  TINY_PNG,
  unique,
  uploadFile,
} from '../../scripts/lib/api-test-client.ts';

let admin: Session;
let ann: Session;
let bob: Session;
let eve: Session; // a third member: never a participant of ann and bob's conversation
let conversationId: string;

/** A new member with every feature on, signed in. */
const newMember = (firstName: string) => memberMadeBy(admin, newUserForm({ firstName }));

const key = () => `k-${unique()}`;
const open = (session: Session, userId: string) =>
  call('/api/conversations', { method: 'POST', token: session.token, body: { userId } });
const send = (session: Session, content: string, clientKey = key(), id = conversationId) =>
  call(`/api/conversations/${id}/messages`, {
    method: 'POST',
    token: session.token,
    body: { content, clientKey },
  });
const page = (session: Session, query = '', id = conversationId) =>
  call(`/api/conversations/${id}/messages${query}`, { token: session.token });
const read = (session: Session, seq: number, id = conversationId) =>
  call(`/api/conversations/${id}/read`, { method: 'PUT', token: session.token, body: { seq } });
const adminPatch = (userId: string, operation: string, body?: unknown) =>
  call(`/api/admin-panel/users/${userId}?operation=${operation}`, {
    method: 'PATCH',
    token: admin.token,
    body,
  });

beforeAll(async () => {
  admin = await signIn('admin@example.com');
  [ann, bob, eve] = await Promise.all([newMember('Ann'), newMember('Bob'), newMember('Eve')]);
  const opened = await open(ann, bob.user.id);
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  conversationId = opened.body.conversation.id;
});

describe('opening a conversation', () => {
  it('finds the same conversation from either side, and one for parallel requests', async () => {
    const again = await open(bob, ann.user.id);
    expect(again.status).toBe(200);
    expect(again.body.conversation.id).toBe(conversationId);
    expect(again.body.conversation).toMatchObject({
      other: {
        id: ann.user.id,
        firstName: 'Ann',
        lastOfflineAt: expect.toBeOneOf([null, expect.any(String)]),
      },
      lastMessage: null,
      lastSeq: 0,
      unreadCount: 0,
      lastMessageAt: null,
    });

    const [x, y] = await Promise.all([newMember('Xia'), newMember('Yan')]);
    const answers = await Promise.all([
      open(x, y.user.id),
      open(y, x.user.id),
      open(x, y.user.id),
      open(y, x.user.id),
    ]);
    const ids = new Set(answers.map((answer) => answer.body.conversation?.id));
    expect(ids.size).toBe(1);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201]);
  });

  it('refuses oneself, an unknown member, a blocked one, and one without messages', async () => {
    expect(await open(ann, ann.user.id)).toMatchObject({
      status: 400,
      body: { error: 'You cannot start a conversation with yourself.' },
    });
    expect(await open(ann, '00000000-0000-4000-8000-000000000000')).toMatchObject({
      status: 404,
      body: { error: 'User not found' },
    });
    const blocked = await newMember('Blocked');
    await adminPatch(blocked.user.id, 'block');
    expect(await open(ann, blocked.user.id)).toMatchObject({
      status: 403,
      body: { error: 'You cannot send messages to this member.' },
    });
    const quiet = await newMember('Quiet');
    await adminPatch(quiet.user.id, 'updateFeatures', {
      features: [{ feature: 'messages', enabled: false }],
    });
    expect((await open(ann, quiet.user.id)).status).toBe(403);
  });

  it('takes an id in any case as the same id: one conversation per pair, and oneself is oneself (issue 27)', async () => {
    const [pat, quin] = await Promise.all([newMember('Pat'), newMember('Quin')]);
    const mixed = (id: string) =>
      id.replace(/[a-f]/g, (letter, at: number) => (at % 2 ? letter.toUpperCase() : letter));
    const answers = [];
    for (const id of [quin.user.id, quin.user.id.toUpperCase(), mixed(quin.user.id)])
      answers.push(await open(pat, id));
    answers.push(await open(quin, pat.user.id.toUpperCase()));
    expect(answers.map((answer) => answer.status)).toEqual([201, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.conversation.id)).size).toBe(1);
    expect(answers[1]?.body.conversation.other.id).toBe(quin.user.id);
    expect(await open(pat, pat.user.id.toUpperCase())).toMatchObject({
      status: 400,
      body: { error: 'You cannot start a conversation with yourself.' },
    });
    // In the address too: the same conversation, the same member, oneself refused as oneself.
    const id = answers[0]?.body.conversation.id as string;
    expect((await page(quin, '', id.toUpperCase())).status).toBe(200);
    const withUpper = await call(`/api/conversations/with/${quin.user.id.toUpperCase()}`, {
      token: pat.token,
    });
    expect(withUpper.body.conversation.id).toBe(id);
    expect(
      (await call(`/api/conversations/with/${pat.user.id.toUpperCase()}`, { token: pat.token })).status,
    ).toBe(400);
  });

  it('shows the conversation with a member without creating one', async () => {
    const fresh = await newMember('Fresh');
    const none = await call(`/api/conversations/with/${fresh.user.id}`, { token: ann.token });
    expect(none).toMatchObject({ status: 200, body: { conversation: null, other: { id: fresh.user.id } } });
    const existing = await call(`/api/conversations/with/${bob.user.id}`, { token: ann.token });
    expect(existing.body.conversation.id).toBe(conversationId);
    expect(existing.body.other).toMatchObject({ id: bob.user.id, firstName: 'Bob' });
    const unknown = await call('/api/conversations/with/00000000-0000-4000-8000-000000000000', {
      token: ann.token,
    });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'User not found' } });
    const self = await call(`/api/conversations/with/${ann.user.id}`, { token: ann.token });
    expect(self).toMatchObject({
      status: 400,
      body: { error: 'You cannot start a conversation with yourself.' },
    });
  });
});

describe('access', () => {
  it('is the two participants’ only: a third member gets the 404 of a missing conversation', async () => {
    expect((await send(ann, 'Only for Bob')).status).toBe(201);
    const messageId = (await page(bob)).body.items[0].id;
    const attempts = [
      call(`/api/conversations/${conversationId}`, { token: eve.token }),
      page(eve),
      page(eve, '?after=0'),
      send(eve, 'let me in'),
      read(eve, 1),
      call(`/api/conversations/${conversationId}/messages/${messageId}`, {
        method: 'DELETE',
        token: eve.token,
      }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer).toMatchObject({ status: 404, body: { error: 'Conversation not found' } });
    }
    const ticket = await call('/api/realtime/ticket', {
      method: 'POST',
      token: eve.token,
      body: { party: 'conversation-room', room: conversationId },
    });
    expect(ticket.status).toBe(403);
    const list = await call('/api/conversations', { token: eve.token });
    expect(list.body.items.map((item: { id: string }) => item.id)).not.toContain(conversationId);
  });

  it('asks anonymous callers to sign in', async () => {
    for (const path of ['/api/conversations', `/api/conversations/${conversationId}`]) {
      expect((await call(path)).status).toBe(401);
    }
  });

  it('a member whose messages feature is switched off gets 403, and cannot be written to', async () => {
    const [carl, dina] = await Promise.all([newMember('Carl'), newMember('Dina')]);
    const theirs = (await open(carl, dina.user.id)).body.conversation.id;
    expect((await send(carl, 'before', key(), theirs)).status).toBe(201);
    await adminPatch(carl.user.id, 'updateFeatures', { features: [{ feature: 'messages', enabled: false }] });
    for (const answer of [
      await call('/api/conversations', { token: carl.token }),
      await page(carl, '', theirs),
      await send(carl, 'after', key(), theirs),
    ]) {
      expect(answer).toMatchObject({
        status: 403,
        body: { error: 'The messages feature is not enabled for your account.' },
      });
    }
    // The other side may read the history, but no longer write to them.
    expect((await page(dina, '', theirs)).status).toBe(200);
    expect(await send(dina, 'hello?', key(), theirs)).toMatchObject({
      status: 403,
      body: { error: 'You cannot send messages to this member.' },
    });
  });

  it('blocking a participant ends the conversation for the other: no sends, no room tickets', async () => {
    const [gus, hal] = await Promise.all([newMember('Gus'), newMember('Hal')]);
    const theirs = (await open(gus, hal.user.id)).body.conversation.id;
    const ticket = () =>
      call('/api/realtime/ticket', {
        method: 'POST',
        token: gus.token,
        body: { party: 'conversation-room', room: theirs },
      });
    expect((await ticket()).status).toBe(200);
    await adminPatch(hal.user.id, 'block');
    expect(await send(gus, 'are you there', key(), theirs)).toMatchObject({
      status: 403,
      body: { error: 'You cannot send messages to this member.' },
    });
    expect((await ticket()).status).toBe(403);
    expect((await open(gus, hal.user.id)).status).toBe(403);
  });
});

describe('sending and reading', () => {
  it('a retried client key makes one message: 201, then 200 with the first', async () => {
    const clientKey = key();
    const first = await send(ann, 'Once', clientKey);
    const retry = await send(ann, 'Once', clientKey);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(retry.body.message).toEqual(first.body.message);
    expect(first.body.message).toMatchObject({
      conversationId,
      content: 'Once',
      author: { id: ann.user.id },
      deleted: false,
      clientKey,
    });
    const parallelKey = key();
    const parallel = await Promise.all([1, 2, 3].map(() => send(bob, 'Parallel', parallelKey)));
    expect(parallel.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(parallel.map((answer) => answer.body.message.id)).size).toBe(1);
  });

  it('pages back with before, resyncs with after, and jumps with around', async () => {
    const [ida, jon] = await Promise.all([newMember('Ida'), newMember('Jon')]);
    const theirs = (await open(ida, jon.user.id)).body.conversation.id;
    for (let n = 1; n <= 30; n++) {
      expect((await send(n % 2 ? ida : jon, `m${n}`, key(), theirs)).status).toBe(201);
    }
    const newest = await page(jon, '?limit=10', theirs);
    expect(newest.body.items.map((m: { seq: number }) => m.seq)).toEqual([
      21, 22, 23, 24, 25, 26, 27, 28, 29, 30,
    ]);
    expect(newest.body).toMatchObject({ olderCursor: 21, lastSeq: 30 });
    const older = await page(jon, '?limit=10&before=21', theirs);
    expect(older.body.items.map((m: { seq: number }) => m.seq)).toEqual([
      11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
    const after = await page(jon, '?after=25', theirs);
    expect(after.body.items.map((m: { content: string }) => m.content)).toEqual([
      'm26',
      'm27',
      'm28',
      'm29',
      'm30',
    ]);
    expect(after.body.olderCursor).toBeNull();
    const around = await page(jon, '?around=15&limit=4', theirs);
    expect(around.body.items.map((m: { seq: number }) => m.seq)).toEqual([13, 14, 15, 16]);
    const first = await page(jon, '?limit=10&before=11', theirs);
    expect(first.body.olderCursor).toBeNull();
  });

  it('keeps read positions, unread counts and the list order', async () => {
    const [kim, lou, max] = await Promise.all([newMember('Kim'), newMember('Lou'), newMember('Max')]);
    const withLou = (await open(kim, lou.user.id)).body.conversation.id;
    const withMax = (await open(kim, max.user.id)).body.conversation.id;
    // Opened but empty: not listed yet.
    expect((await call('/api/conversations', { token: kim.token })).body.items).toEqual([]);

    await send(lou, 'one', key(), withLou);
    await send(lou, 'two', key(), withLou);
    await send(max, 'hi Kim', key(), withMax);
    const sent = await send(lou, 'three', key(), withLou);
    expect(sent.body.message.seq).toBe(3);

    const list = await call('/api/conversations', { token: kim.token });
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([withLou, withMax]);
    expect(list.body.items[0]).toMatchObject({
      other: { id: lou.user.id, firstName: 'Lou' },
      lastMessage: { seq: 3, content: 'three', author: { id: lou.user.id } },
      lastSeq: 3,
      myLastReadSeq: 0,
      otherLastReadSeq: 3, // the sender has read up to their own message
      unreadCount: 3,
    });
    expect(list.body.items[1]).toMatchObject({ unreadCount: 1, lastSeq: 1 });

    // Keyset pages: one at a time.
    const first = await call('/api/conversations?limit=1', { token: kim.token });
    expect(first.body.items.map((item: { id: string }) => item.id)).toEqual([withLou]);
    const second = await call(`/api/conversations?limit=1&cursor=${first.body.nextCursor}`, {
      token: kim.token,
    });
    expect(second.body.items.map((item: { id: string }) => item.id)).toEqual([withMax]);
    expect(second.body.nextCursor).toBeNull();

    expect((await read(kim, 2, withLou)).status).toBe(204);
    const single = await call(`/api/conversations/${withLou}`, { token: kim.token });
    expect(single.body.conversation).toMatchObject({ myLastReadSeq: 2, unreadCount: 1 });
    // Never back, never past the last message.
    expect((await read(kim, 1, withLou)).status).toBe(204);
    expect((await read(kim, 99, withLou)).status).toBe(204);
    const theirs = await call(`/api/conversations/${withLou}`, { token: lou.token });
    expect(theirs.body.conversation).toMatchObject({ myLastReadSeq: 3, otherLastReadSeq: 3, unreadCount: 0 });
    expect(
      (await call(`/api/conversations/${withLou}`, { token: kim.token })).body.conversation.unreadCount,
    ).toBe(0);

    // Kim answers Max: that conversation moves to the top, and Kim's answer marks it read for her.
    await send(kim, 'hello Max', key(), withMax);
    const after = await call('/api/conversations', { token: kim.token });
    expect(after.body.items.map((item: { id: string }) => item.id)).toEqual([withMax, withLou]);
    expect(after.body.items[0]).toMatchObject({ myLastReadSeq: 2, unreadCount: 0 });

    expect((await read(kim, -1, withLou)).status).toBe(400);
  });

  it('deletes one’s own messages only, emptied in place', async () => {
    const mine = await send(ann, 'Delete me');
    const theirs = await send(bob, 'Keep me');
    const refused = await call(`/api/conversations/${conversationId}/messages/${theirs.body.message.id}`, {
      method: 'DELETE',
      token: ann.token,
    });
    expect(refused).toMatchObject({ status: 403, body: { error: 'You can only delete your own messages.' } });
    const deleted = await call(`/api/conversations/${conversationId}/messages/${mine.body.message.id}`, {
      method: 'DELETE',
      token: ann.token,
    });
    expect(deleted).toMatchObject({
      status: 200,
      body: { id: mine.body.message.id, seq: mine.body.message.seq },
    });
    const seen = await page(bob, `?after=${mine.body.message.seq - 1}`);
    expect(seen.body.items[0]).toMatchObject({
      id: mine.body.message.id,
      deleted: true,
      content: '',
      attachments: [],
    });
    expect(seen.body.items[1]).toMatchObject({ content: 'Keep me', deleted: false });
  });
});

describe('attachments', () => {
  const sign = (session: Session, fileKey: string) =>
    call(`/api/aws-s3/url?key=${encodeURIComponent(fileKey)}`, { token: session.token });

  it('a file sent in a conversation is readable by both participants, not by a stranger', async () => {
    const uploaded = await uploadFile(ann, 'spaces', TINY_PNG, 'photo.png');
    expect(uploaded.status).toBe(201);
    expect((await sign(bob, uploaded.body.key)).status).toBe(403);
    const sent = await call(`/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      token: ann.token,
      body: { attachments: [{ name: 'photo.png', url: uploaded.body.url, type: 'img' }], clientKey: key() },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect((await sign(ann, uploaded.body.key)).status).toBe(200);
    const signed = await sign(bob, uploaded.body.key);
    expect(signed.status).toBe(200);
    const file = await fetch(signed.body.url);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(TINY_PNG);
    expect(await sign(eve, uploaded.body.key)).toMatchObject({
      status: 403,
      body: { error: 'You are not allowed to read this file.' },
    });

    // Someone else's upload is not borrowed: Bob sending Eve's file does not let him read it.
    const other = await uploadFile(eve, 'spaces', TINY_PNG, 'eve.png');
    await call(`/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      token: bob.token,
      body: { attachments: [{ name: 'eve.png', url: other.body.url, type: 'img' }], clientKey: key() },
    });
    expect((await sign(bob, other.body.key)).status).toBe(403);

    // Deleting the message takes the file back to its uploader.
    await call(`/api/conversations/${conversationId}/messages/${sent.body.message.id}`, {
      method: 'DELETE',
      token: ann.token,
    });
    expect((await sign(bob, uploaded.body.key)).status).toBe(403);
    expect((await sign(ann, uploaded.body.key)).status).toBe(200);
  });
});

describe('member search', () => {
  it('finds members by name, without oneself or blocked members, with presence', async () => {
    const surname = `Zed${unique()}`;
    const form = (firstName: string) => newUserForm({ firstName, lastName: surname });
    const [visible, hidden] = [form('Visible'), form('Hidden')];
    for (const body of [visible, hidden]) {
      expect(
        (await call(`/api/admin-panel/users/${admin.user.id}`, { method: 'POST', token: admin.token, body }))
          .status,
      ).toBe(201);
    }
    const me = await signIn(visible.email, visible.password);
    const hiddenId = (await signIn(hidden.email, hidden.password)).user.id;
    await adminPatch(hiddenId, 'block');
    const other = await newMember('Other');
    await call(`/api/admin-panel/users/${admin.user.id}`, {
      method: 'POST',
      token: admin.token,
      body: newUserForm({ firstName: 'Third', lastName: surname }),
    });
    const found = await call(`/api/conversations/users?SearchName=${surname}`, { token: me.token });
    expect(found.status).toBe(200);
    expect(found.body.items).toHaveLength(1);
    expect(found.body.items[0]).toMatchObject({ firstName: 'Third', lastName: surname });
    expect(Object.keys(found.body.items[0]).sort()).toEqual(
      ['firstName', 'id', 'imageUrl', 'lastName', 'lastOfflineAt', 'pseudo'].sort(),
    );
    expect(other.user.id).not.toBe(me.user.id);
    expect(await call('/api/conversations/users?SearchName=', { token: me.token })).toMatchObject({
      status: 400,
      body: { error: 'SearchName is required' },
    });
  });
});
