// Issue 28, on the machinery both chats share (sequenced-channel.ts): every change to a message
// already sent takes the channel's next rev, so `?changedAfter=<rev>` brings a reconnecting client
// what it missed (edits, deletions), each once; editing one's own message; replying to one.
// A private space (its admin, a guest, a moderator) and a conversation between two fresh members.
import { beforeAll, describe, expect, it } from 'vitest';
import { openRoom } from '../../realtime/test/socket-client.ts';
import { call, type Session, unique } from '../../scripts/lib/api-test-client.ts';
import {
  addToSpace,
  type Channel,
  type ChatWorld,
  chatChannels,
  clientKey,
  listOf,
  newMember as newMemberBy,
  sendTo,
  setUpChats,
} from './chat-fixtures.ts';

let admin: Session;
let host: Session; // the space's admin
let guest: Session;
let moderator: Session;
let spaceId: string;
let conversationId: string;

const world = {} as ChatWorld;
const channels = chatChannels(world);
const key = clientKey;
const send = sendTo;
const list = listOf;
const newMember = (firstName: string) => newMemberBy(admin, firstName);
const remove = (channel: Channel, session: Session, id: string) =>
  call(`${channel.path()}/${id}`, { method: 'DELETE', token: session.token });

beforeAll(async () => {
  ({ admin, host, guest, moderator, spaceId, conversationId } = await setUpChats(world, 'Edits', 6));
});

describe.each(channels)('the change sequence ($kind)', (channel) => {
  it('brings a deletion missed while away through ?changedAfter, once, in place', async () => {
    const first = (await send(channel, channel.author(), 'stays')).body.message;
    const doomed = (await send(channel, channel.author(), 'goes')).body.message;
    expect(first.rev).toBe(0);
    // The reader's page, then the reader is away while the message is deleted.
    const seen = await list(channel, channel.reader());
    expect(seen.body.lastRev).toEqual(expect.any(Number));
    expect((await remove(channel, channel.author(), doomed.id)).status).toBe(200);
    const changed = await list(channel, channel.reader(), `?changedAfter=${seen.body.lastRev}`);
    expect(changed.status).toBe(200);
    expect(changed.body.items).toEqual([
      expect.objectContaining({
        id: doomed.id,
        seq: doomed.seq,
        deleted: true,
        content: '',
        rev: seen.body.lastRev + 1,
      }),
    ]);
    expect(changed.body.lastRev).toBe(seen.body.lastRev + 1);
    // A second deletion changes nothing and counts nothing; after the new rev, nothing is left.
    expect((await remove(channel, channel.author(), doomed.id)).status).toBe(200);
    const after = await list(channel, channel.reader(), `?changedAfter=${changed.body.lastRev}`);
    expect(after.body).toMatchObject({ items: [], lastRev: changed.body.lastRev });
  });

  it('refuses a changedAfter that is not a rev', async () => {
    expect((await list(channel, channel.reader(), '?changedAfter=-1')).status).toBe(400);
  });
});

const edit = (channel: Channel, session: Session, id: string, content: string, clientKey = key()) =>
  call(`${channel.path()}/${id}`, { method: 'PATCH', token: session.token, body: { content, clientKey } });

describe.each(channels)('editing ($kind)', (channel) => {
  it('changes the text in place (same seq), marks it edited, counts one change, and a retry changes nothing', async () => {
    const sent = (await send(channel, channel.author(), 'first words')).body.message;
    const before = await list(channel, channel.reader());
    const editKey = key();
    const edited = await edit(channel, channel.author(), sent.id, 'second words', editKey);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.message).toMatchObject({
      id: sent.id,
      seq: sent.seq,
      content: 'second words',
      createdAt: sent.createdAt,
      rev: before.body.lastRev + 1,
      editedAt: expect.any(String),
    });
    // The outbox's retry (same key), and the same text again: no second change.
    expect((await edit(channel, channel.author(), sent.id, 'second words', editKey)).body.message.rev).toBe(
      before.body.lastRev + 1,
    );
    expect((await edit(channel, channel.author(), sent.id, 'second words')).body.message.rev).toBe(
      before.body.lastRev + 1,
    );
    // The reader who was away gets it by revision, once.
    const changed = await list(channel, channel.reader(), `?changedAfter=${before.body.lastRev}`);
    expect(changed.body.items).toEqual([expect.objectContaining({ id: sent.id, content: 'second words' })]);
    const page = await list(channel, channel.reader());
    expect(page.body.items.find((m: { id: string }) => m.id === sent.id)).toMatchObject({
      seq: sent.seq,
      content: 'second words',
    });
  });

  it('refuses someone else’s message (403), a deleted one (409), and texts a send would refuse', async () => {
    const sent = (await send(channel, channel.author(), 'mine')).body.message;
    expect(await edit(channel, channel.reader(), sent.id, 'not yours')).toMatchObject({
      status: 403,
      body: { error: 'You can only edit your own messages.' },
    });
    expect((await edit(channel, channel.author(), sent.id, 'x'.repeat(4001))).body).toMatchObject({
      error: 'Messages can be at most 4000 characters.',
    });
    expect(await edit(channel, channel.author(), sent.id, '   ')).toMatchObject({
      status: 400,
      body: { error: 'Please type something or attach a file' },
    });
    expect(await edit(channel, channel.author(), '00000000-0000-4000-8000-000000000000', 'x')).toMatchObject({
      status: 404,
    });
    await remove(channel, channel.author(), sent.id);
    expect(await edit(channel, channel.author(), sent.id, 'back from the dead')).toMatchObject({
      status: 409,
      body: { error: 'This message was deleted.' },
    });
  });
});

describe('editing in a space', () => {
  const space = channels[0]!;

  it('is refused to moderators and the space admin for others’ words (they may delete them)', async () => {
    const sent = (await send(space, guest, 'my words')).body.message;
    for (const other of [moderator, host]) {
      expect(await edit(space, other, sent.id, 'their words')).toMatchObject({
        status: 403,
        body: { error: 'You can only edit your own messages.' },
      });
    }
    expect((await remove(space, moderator, sent.id)).status).toBe(200);
  });

  it('is what search finds: the new words, not the old', async () => {
    const [oldWord, newWord] = [`quokka${unique()}`, `wombat${unique()}`];
    const sent = (await send(space, guest, `about a ${oldWord}`)).body.message;
    await edit(space, guest, sent.id, `about a ${newWord}`);
    expect((await list(space, host, `?search=${newWord}`)).body.items).toEqual([
      expect.objectContaining({ id: sent.id }),
    ]);
    expect((await list(space, host, `?search=${oldWord}`)).body.items).toEqual([]);
  });

  it('is refused once the author has left the space, as sending is', async () => {
    const leaver = await newMember('Leaver');
    await call(`/api/spaces/${spaceId}/users`, {
      method: 'POST',
      token: host.token,
      body: { userId: leaver.user.id },
    });
    const sent = (await send(space, leaver, 'before leaving')).body.message;
    expect(
      (await call(`/api/spaces/${spaceId}/leave`, { method: 'PATCH', token: leaver.token })).status,
    ).toBe(200);
    expect((await edit(space, leaver, sent.id, 'after leaving')).status).toBe(403);
  });

  it('shares the chat bucket with sending: a looping editor is limited (429)', async () => {
    const looper = await newMember('Looper');
    await call(`/api/spaces/${spaceId}/users`, {
      method: 'POST',
      token: host.token,
      body: { userId: looper.user.id },
    });
    const sent = (await send(space, looper, 'loop 0')).body.message;
    let answer = await edit(space, looper, sent.id, 'loop 1');
    for (let i = 2; i < 40 && answer.status === 200; i++)
      answer = await edit(space, looper, sent.id, `loop ${i}`);
    expect(answer.status).toBe(429);
  });
});

describe('editing a direct message', () => {
  it('is refused once the other member may no longer be messaged, as sending is', async () => {
    const [cat, dan] = await Promise.all([newMember('Cat'), newMember('Dan')]);
    const opened = await call('/api/conversations', {
      method: 'POST',
      token: cat.token,
      body: { userId: dan.user.id },
    });
    const id = opened.body.conversation.id;
    const sent = await call(`/api/conversations/${id}/messages`, {
      method: 'POST',
      token: cat.token,
      body: { content: 'hi', clientKey: key() },
    });
    await call(`/api/admin-panel/users/${dan.user.id}?operation=block`, {
      method: 'PATCH',
      token: admin.token,
    });
    const answer = await call(`/api/conversations/${id}/messages/${sent.body.message.id}`, {
      method: 'PATCH',
      token: cat.token,
      body: { content: 'edited', clientKey: key() },
    });
    expect(answer).toMatchObject({
      status: 403,
      body: { error: 'You cannot send messages to this member.' },
    });
  });
});

describe.each(channels)('live ($kind)', (channel) => {
  it('tells the readers in the room: the whole edited message, as message.updated / dm.updated', async () => {
    const party = channel.kind === 'space' ? 'space-room' : 'conversation-room';
    const room = channel.kind === 'space' ? spaceId : conversationId;
    const watcher = await openRoom(channel.reader(), party, room);
    try {
      const sent = (await send(channel, channel.author(), 'live before')).body.message;
      await edit(channel, channel.author(), sent.id, 'live after');
      const type = channel.kind === 'space' ? 'message.updated' : 'dm.updated';
      await expect
        .poll(() => watcher.events.find((f) => f.type === type && f.message.id === sent.id)?.message, {
          timeout: 2000,
        })
        .toMatchObject({ seq: sent.seq, content: 'live after', editedAt: expect.any(String) });
    } finally {
      watcher.socket.close();
    }
  });
});

describe.each(channels)('replying ($kind)', (channel) => {
  it('stores the original and shows a short quote that follows its edits and its deletion', async () => {
    const long = `${'a'.repeat(95)} bcdefghij and more`;
    const original = (await send(channel, channel.reader(), long)).body.message;
    const reply = await send(channel, channel.author(), 'my answer', { replyToId: original.id });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const author = channel.reader().user;
    expect(reply.body.message.replyTo).toEqual({
      id: original.id,
      seq: original.seq,
      author: { id: author.id, firstName: author.firstName, lastName: author.lastName },
      excerpt: `${'a'.repeat(95)} bcde…`,
      deleted: false,
    });
    await edit(channel, channel.reader(), original.id, 'short now');
    const quoted = async () =>
      (await list(channel, channel.author())).body.items.find(
        (m: { id: string }) => m.id === reply.body.message.id,
      ).replyTo;
    expect(await quoted()).toMatchObject({ excerpt: 'short now', deleted: false });
    await remove(channel, channel.reader(), original.id);
    expect(await quoted()).toMatchObject({ id: original.id, seq: original.seq, excerpt: '', deleted: true });
  });

  it('refuses a reply to a message of another chat (400), or to an id that names nothing', async () => {
    const elsewhere = channel.kind === 'space' ? channels[1]! : channels[0]!;
    const foreign = (await send(elsewhere, elsewhere.author(), 'elsewhere')).body.message;
    for (const replyToId of [foreign.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect(await send(channel, channel.author(), 'reply', { replyToId })).toMatchObject({
        status: 400,
        body: { error: 'You can only reply to a message in this chat.' },
      });
    }
  });
});

describe('replying in a space', () => {
  it('refuses a message of another space the author is also a member of', async () => {
    // A fresh member: the demo guest's chat budget is spent by the tests above and by other files.
    const traveller = await newMember('Tess');
    await addToSpace(world, traveller);
    const other = await call('/api/spaces', {
      method: 'POST',
      token: traveller.token,
      body: { name: `Other ${unique()}`, description: 'Another space' },
    });
    expect(other.status).toBe(201);
    const foreign = await call(`/api/spaces/${other.body.id}/messages`, {
      method: 'POST',
      token: traveller.token,
      body: { content: 'over here', clientKey: key() },
    });
    expect(
      await send(channels[0]!, traveller, 'reply', { replyToId: foreign.body.message.id }),
    ).toMatchObject({
      status: 400,
      body: { error: 'You can only reply to a message in this chat.' },
    });
  });
});
