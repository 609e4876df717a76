// Issue 28, on the machinery both chats share (sequenced-channel.ts): every change to a message
// already sent takes the channel's next rev, so `?changedAfter=<rev>` brings a reconnecting client
// what it missed (edits, deletions), each once; editing one's own message; replying to one.
// A private space (its admin, a guest, a moderator) and a conversation between two fresh members.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  extraMember,
  newUserForm,
  type Session,
  signIn,
  unique,
} from '../../scripts/lib/api-test-client.ts';

let admin: Session;
let host: Session; // the space's admin
let guest: Session;
let moderator: Session;
let ann: Session;
let bob: Session;
let spaceId: string;
let conversationId: string;

const key = () => `k-${unique()}`;

/** The two channel kinds, addressed alike: a space's chat and a direct conversation. */
type Channel = {
  kind: 'space' | 'conversation';
  path: () => string;
  author: () => Session;
  reader: () => Session;
};
const channels: Channel[] = [
  {
    kind: 'space',
    path: () => `/api/spaces/${spaceId}/messages`,
    author: () => guest,
    reader: () => host,
  },
  {
    kind: 'conversation',
    path: () => `/api/conversations/${conversationId}/messages`,
    author: () => ann,
    reader: () => bob,
  },
];

const send = (channel: Channel, session: Session, content: string, extra: Record<string, unknown> = {}) =>
  call(channel.path(), {
    method: 'POST',
    token: session.token,
    body: { content, clientKey: key(), ...extra },
  });
const list = (channel: Channel, session: Session, query = '') =>
  call(`${channel.path()}${query}`, { token: session.token });
const remove = (channel: Channel, session: Session, id: string) =>
  call(`${channel.path()}/${id}`, { method: 'DELETE', token: session.token });

async function newMember(firstName: string): Promise<Session> {
  const form = newUserForm({ firstName });
  const created = await call(`/api/admin-panel/users/${admin.user.id}`, {
    method: 'POST',
    token: admin.token,
    body: form,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return signIn(form.email, form.password);
}

beforeAll(async () => {
  [admin, host, guest, moderator] = await Promise.all([
    signIn('admin@example.com'),
    signIn('host@example.com'),
    signIn('member@example.com'),
    signIn(await extraMember(6)),
  ]);
  [ann, bob] = await Promise.all([newMember('Ann'), newMember('Bob')]);
  const created = await call('/api/spaces', {
    method: 'POST',
    token: host.token,
    body: { name: `Edits ${unique()}`, description: 'Edits and replies' },
  });
  expect(created.status).toBe(201);
  spaceId = created.body.id;
  for (const member of [guest, moderator]) {
    await call(`/api/spaces/${spaceId}/users`, {
      method: 'POST',
      token: host.token,
      body: { userId: member.user.id },
    });
  }
  const members = await call(`/api/spaces/${spaceId}/members`, { token: host.token });
  const moderatorMember = members.body.items.find((m: { userId: string }) => m.userId === moderator.user.id);
  const promoted = await call(`/api/spaces/${spaceId}/members/${moderatorMember.id}`, {
    method: 'PATCH',
    token: host.token,
    body: { role: 'MODERATOR' },
  });
  expect(promoted.status).toBe(200);
  const opened = await call('/api/conversations', {
    method: 'POST',
    token: ann.token,
    body: { userId: bob.user.id },
  });
  conversationId = opened.body.conversation.id;
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
