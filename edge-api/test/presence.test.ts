// Presence over HTTP (ADR 13): `PATCH /api/socket/users/online-status/{id}` is one's own only and
// asks the user room to count its sockets again; `lastOfflineAt` (null = online) follows the
// member's sockets in the profile and in a space's member list.

import { beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { openRoom } from '../../realtime/test/socket-client.ts';
import { call, newUserForm, type Session, signIn, unique } from '../../scripts/lib/api-test-client.ts';

const PASSWORD = 'password-123';
/** The product's promise: offline within 5 s of the last tab going. */
const OFFLINE_WITHIN_MS = 5000;

let owner: Session;
let viewer: Session;
let spaceId: string;

async function freshUser(): Promise<Session> {
  const email = `presence-${unique()}@example.com`;
  const created = await call(`/api/admin-panel/users/${owner.user.id}`, {
    method: 'POST',
    token: owner.token,
    body: newUserForm({ email, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return signIn(email, PASSWORD);
}

beforeAll(async () => {
  owner = await signIn('owner@example.com');
  viewer = await freshUser();
  const created = await call('/api/spaces', {
    method: 'POST',
    token: viewer.token,
    body: { name: `Presence ${unique()}`, description: 'Online dots' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  spaceId = created.body.id;
});

const patch = (session: Session | null, id: string, body: unknown) =>
  call(`/api/socket/users/online-status/${id}`, { method: 'PATCH', token: session?.token, body });

const profileLastOfflineAt = async (id: string) =>
  (await call(`/api/users/${id}`, { token: viewer.token })).body.user.lastOfflineAt as string | null;

const memberLastOfflineAt = async (id: string) => {
  const members = await call(`/api/spaces/${spaceId}/members`, { token: viewer.token });
  expect(members.status).toBe(200);
  return members.body.items.find((member: any) => member.userId === id)?.user.lastOfflineAt as
    | string
    | null
    | undefined;
};

async function openTab(session: Session): Promise<WebSocket> {
  return (await openRoom(session, 'user-room', session.user.id)).socket;
}

async function closeTab(socket: WebSocket): Promise<void> {
  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.close(1000);
  await closed;
}

describe('PATCH /api/socket/users/online-status/{id}', () => {
  it('answers 204 for one’s own id, 403 for another’s, and 400 for a bad body only on one’s own', async () => {
    const member = await freshUser();
    expect((await patch(member, member.user.id, { status: 'online' })).status).toBe(204);
    expect((await patch(member, member.user.id, { status: 'offline' })).status).toBe(204);
    expect((await patch(member, viewer.user.id, { status: 'offline' })).status).toBe(403);
    const bad = await patch(member, member.user.id, { status: 'away' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('status');
    // Someone else's id never reaches the body check.
    expect((await patch(member, viewer.user.id, { status: 'away' })).status).toBe(403);
    expect((await patch(null, member.user.id, { status: 'online' })).status).toBe(401);
  });

  it('never marks offline a member whose tab is still connected', async () => {
    const member = await freshUser();
    const tab = await openTab(member);
    await expect.poll(() => profileLastOfflineAt(member.user.id), { timeout: 5000 }).toBeNull();
    // Another tab of the member went away and said so: this one is still here.
    expect((await patch(member, member.user.id, { status: 'offline' })).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(await profileLastOfflineAt(member.user.id)).toBeNull();
    await closeTab(tab);
  });

  it('keeps a member nobody has seen connect offline: a request alone never says online', async () => {
    // Created offline (the column's default); only a user room's report brings a member online.
    const member = await freshUser();
    expect(await profileLastOfflineAt(member.user.id)).toEqual(expect.any(String));
    // (A room that knows of no report of its own reports offline after a recount, to be sure.)
    expect((await patch(member, member.user.id, { status: 'online' })).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await profileLastOfflineAt(member.user.id)).toEqual(expect.any(String));
    // The first socket does.
    const tab = await openTab(member);
    await expect.poll(() => profileLastOfflineAt(member.user.id), { timeout: OFFLINE_WITHIN_MS }).toBeNull();
    const closedAt = Date.now();
    await closeTab(tab);
    await expect
      .poll(() => profileLastOfflineAt(member.user.id), { timeout: OFFLINE_WITHIN_MS })
      .toEqual(expect.any(String));
    expect(Date.parse((await profileLastOfflineAt(member.user.id)) as string)).toBeGreaterThanOrEqual(
      closedAt - 1000,
    );
  });
});

describe('lastOfflineAt', () => {
  it('follows the member’s sockets in the profile and in the space’s member list', async () => {
    const member = await freshUser();
    const added = await call(`/api/spaces/${spaceId}/users`, {
      method: 'POST',
      token: viewer.token,
      body: { userId: member.user.id },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);

    const tab = await openTab(member);
    await expect.poll(() => profileLastOfflineAt(member.user.id), { timeout: 5000 }).toBeNull();
    expect(await memberLastOfflineAt(member.user.id)).toBeNull();

    const closedAt = Date.now();
    await closeTab(tab);
    await expect
      .poll(() => profileLastOfflineAt(member.user.id), { timeout: OFFLINE_WITHIN_MS })
      .toEqual(expect.any(String));
    const lastSeen = (await profileLastOfflineAt(member.user.id)) as string;
    expect(Date.parse(lastSeen)).toBeGreaterThanOrEqual(closedAt - 1000);
    expect(await memberLastOfflineAt(member.user.id)).toBe(lastSeen);

    // Back again: online in both places.
    const again = await openTab(member);
    await expect.poll(() => memberLastOfflineAt(member.user.id), { timeout: 5000 }).toBeNull();
    expect(await profileLastOfflineAt(member.user.id)).toBeNull();
    await closeTab(again);
  });

  it('is in the community-members search (the host picker)', async () => {
    const member = await freshUser();
    const tab = await openTab(member);
    await expect.poll(() => profileLastOfflineAt(member.user.id), { timeout: OFFLINE_WITHIN_MS }).toBeNull();
    const found = await call(
      `/api/users/community-members?SearchName=${encodeURIComponent(member.user.lastName)}`,
      { token: viewer.token },
    );
    expect(found.status).toBe(200);
    expect(found.body.items).toEqual([expect.objectContaining({ id: member.user.id, lastOfflineAt: null })]);
    await closeTab(tab);
  });
});
