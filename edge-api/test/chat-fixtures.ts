// The start the chat suites share (issue 28: edits and replies, reactions): a private space with its
// admin (host), a guest and a moderator, and a direct conversation between two fresh members (Ann
// and Bob), addressed alike as two channels of the shared chat machinery.
import { expect } from 'vitest';
import {
  call,
  extraMember,
  memberMadeBy,
  newUserForm,
  type Session,
  signIn,
  unique,
} from '../../scripts/lib/api-test-client.ts';

export type ChatWorld = {
  admin: Session;
  host: Session; // the space's admin
  guest: Session;
  moderator: Session;
  ann: Session;
  bob: Session;
  spaceId: string;
  conversationId: string;
};

/** A space's chat or a direct conversation, with who writes and who reads in it. */
export type Channel = {
  kind: 'space' | 'conversation';
  path: () => string;
  party: 'space-room' | 'conversation-room';
  room: () => string;
  updated: 'message.updated' | 'dm.updated';
  author: () => Session;
  reader: () => Session;
};

/** The two channels of `world`, read when a test runs (the world is filled in `beforeAll`). */
export function chatChannels(world: ChatWorld): Channel[] {
  return [
    {
      kind: 'space',
      path: () => `/api/spaces/${world.spaceId}/messages`,
      party: 'space-room',
      room: () => world.spaceId,
      updated: 'message.updated',
      author: () => world.guest,
      reader: () => world.host,
    },
    {
      kind: 'conversation',
      path: () => `/api/conversations/${world.conversationId}/messages`,
      party: 'conversation-room',
      room: () => world.conversationId,
      updated: 'dm.updated',
      author: () => world.ann,
      reader: () => world.bob,
    },
  ];
}

export const clientKey = () => `k-${unique()}`;

export const sendTo = (
  channel: Channel,
  session: Session,
  content: string,
  extra: Record<string, unknown> = {},
) =>
  call(channel.path(), {
    method: 'POST',
    token: session.token,
    body: { content, clientKey: clientKey(), ...extra },
  });

export const listOf = (channel: Channel, session: Session, query = '') =>
  call(`${channel.path()}${query}`, { token: session.token });

/** A member made by the admin, signed in. */
export const newMember = (admin: Session, firstName: string): Promise<Session> =>
  memberMadeBy(admin, newUserForm({ firstName }));

/** Adds a member to the world's space (by its admin); answers their membership id. */
export async function addToSpace(world: ChatWorld, member: Session): Promise<string> {
  const added = await call(`/api/spaces/${world.spaceId}/users`, {
    method: 'POST',
    token: world.host.token,
    body: { userId: member.user.id },
  });
  expect(added.status).toBe(201);
  return added.body.items.find((m: { userId: string }) => m.userId === member.user.id).id as string;
}

/**
 * Fills `world`: `extra` picks the seeded extra member who plays the moderator (each suite its own,
 * as suites run side by side), `spaceName` names the space.
 */
export async function setUpChats(world: ChatWorld, spaceName: string, extra: number): Promise<ChatWorld> {
  const [admin, host, guest, moderator] = await Promise.all([
    signIn('admin@example.com'),
    signIn('host@example.com'),
    signIn('member@example.com'),
    signIn(await extraMember(extra)),
  ]);
  const [ann, bob] = await Promise.all([newMember(admin, 'Ann'), newMember(admin, 'Bob')]);
  const created = await call('/api/spaces', {
    method: 'POST',
    token: host.token,
    body: { name: `${spaceName} ${unique()}`, description: spaceName },
  });
  expect(created.status).toBe(201);
  Object.assign(world, { admin, host, guest, moderator, ann, bob, spaceId: created.body.id });
  await addToSpace(world, guest);
  const moderatorMember = await addToSpace(world, moderator);
  const promoted = await call(`/api/spaces/${world.spaceId}/members/${moderatorMember}`, {
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
  world.conversationId = opened.body.conversation.id;
  return world;
}
