// Presence with real sockets (ADR 13): a member's user room reports the first tab opening and the
// last one gone (after PRESENCE_GRACE_MS) to edge-api, which writes users.last_offline_at and tells
// the presence room, where every signed-in tab listens. Each test uses members made for it, so
// what other suites did to a demo account's user room cannot decide the outcome.
import { PRESENCE_GRACE_MS } from '@community/realtime-protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newUserForm, type Session, signIn, unique } from '../../scripts/lib/api-test-client.ts';
import { workers } from './in-process-workers.ts';
import { type Opened, open } from './socket-client.ts';

const PASSWORD = 'password-123';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let owner: Session;
beforeAll(async () => {
  owner = await signIn('owner@example.com');
});

async function freshMember(): Promise<Session> {
  const email = `presence-${unique()}@example.com`;
  const created = await call(`/api/admin-panel/users/${owner.user.id}`, {
    method: 'POST',
    token: owner.token,
    body: newUserForm({ email, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return signIn(email, PASSWORD);
}

async function ticket(session: Session, party: string, room: string): Promise<string> {
  const answer = await call('/api/realtime/ticket', {
    method: 'POST',
    token: session.token,
    body: { party, room },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.ticket;
}

/** One tab of `session`: a socket in the member's own user room. */
async function tab(session: Session): Promise<Opened> {
  const id = session.user.id;
  return open(`/parties/user-room/${id}?ticket=${await ticket(session, 'user-room', id)}`);
}

/** A tab listening to the community's presence room, as every signed-in page does. */
async function listener(session: Session): Promise<Opened> {
  return open(
    `/parties/presence-room/community?ticket=${await ticket(session, 'presence-room', 'community')}`,
  );
}

async function close(opened: Opened): Promise<void> {
  opened.socket.close(1000);
  await opened.closed;
}

const changesOf = (opened: Opened, userId: string) =>
  opened.frames.filter((frame) => frame.type === 'presence.changed' && frame.userId === userId);

/** Who the presence room has online, read from its Durable Object's storage (in-process-workers.ts). */
const storedOnline = async () =>
  (
    (await workers().roomStorage<{ user_id: string }>(
      'PresenceRoom',
      'community',
      'SELECT user_id FROM online',
    )) ?? []
  ).map((row) => row.user_id);

const lastOfflineAtOf = async (viewer: Session, userId: string) =>
  (await call(`/api/users/${userId}`, { token: viewer.token })).body.user.lastOfflineAt as string | null;

describe('presence', () => {
  it('refuses presence-room tickets for another room name and to strangers', async () => {
    const member = await freshMember();
    const other = await call('/api/realtime/ticket', {
      method: 'POST',
      token: member.token,
      body: { party: 'presence-room', room: member.user.id },
    });
    expect(other.status).toBe(403);
    const anonymous = await call('/api/realtime/ticket', {
      method: 'POST',
      body: { party: 'presence-room', room: 'community' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('reports a member online when the first tab opens: the presence room says so and the database agrees', async () => {
    const [watcher, member] = await Promise.all([freshMember(), freshMember()]);
    const watching = await listener(watcher);
    const first = await tab(member);
    await expect
      .poll(() => changesOf(watching, member.user.id), { timeout: 5000 })
      .toEqual([{ type: 'presence.changed', userId: member.user.id, lastOfflineAt: null }]);
    expect(await lastOfflineAtOf(watcher, member.user.id)).toBeNull();
    // The room keeps the set for the next snapshot, in its own storage.
    expect(await storedOnline()).toContain(member.user.id);
    await close(first);
    await close(watching);
  });

  it('keeps a member online while one of two tabs is open, and reports offline within 5 s of the last closing', async () => {
    const [watcher, member] = await Promise.all([freshMember(), freshMember()]);
    const watching = await listener(watcher);
    const [phone, laptop] = [await tab(member), await tab(member)];
    await expect.poll(() => changesOf(watching, member.user.id).length, { timeout: 5000 }).toBe(1);

    await close(phone);
    await sleep(PRESENCE_GRACE_MS + 1000);
    expect(changesOf(watching, member.user.id)).toHaveLength(1);
    expect(await lastOfflineAtOf(watcher, member.user.id)).toBeNull();

    const closedAt = Date.now();
    await close(laptop);
    await expect.poll(() => changesOf(watching, member.user.id).length, { timeout: 5000 }).toBe(2);
    const reportedAt = Date.now();
    expect(reportedAt - closedAt).toBeLessThan(5000);
    expect(reportedAt - closedAt).toBeGreaterThanOrEqual(PRESENCE_GRACE_MS - 100);
    const offline = changesOf(watching, member.user.id)[1];
    expect(offline.lastOfflineAt).toEqual(expect.any(String));
    const lastSeen = Date.parse(offline.lastOfflineAt);
    expect(lastSeen).toBeGreaterThanOrEqual(closedAt - 1000);
    expect(lastSeen).toBeLessThanOrEqual(reportedAt + 1000);
    expect(await lastOfflineAtOf(watcher, member.user.id)).toBe(offline.lastOfflineAt);
    expect(await storedOnline()).not.toContain(member.user.id);
    await close(watching);
  });

  it('reports nothing when a tab comes back within the grace (a reload)', async () => {
    const [watcher, member] = await Promise.all([freshMember(), freshMember()]);
    const watching = await listener(watcher);
    const first = await tab(member);
    await expect.poll(() => changesOf(watching, member.user.id).length, { timeout: 5000 }).toBe(1);
    // The reloaded page's ticket is at hand before the old socket goes, as a reload's is soon after.
    const reloadTicket = await ticket(member, 'user-room', member.user.id);
    await close(first);
    await sleep(300);
    const reloaded = await open(`/parties/user-room/${member.user.id}?ticket=${reloadTicket}`);
    await sleep(PRESENCE_GRACE_MS + 1500);
    expect(changesOf(watching, member.user.id).map((frame) => frame.lastOfflineAt)).toEqual([null]);
    expect(await lastOfflineAtOf(watcher, member.user.id)).toBeNull();
    await close(reloaded);
    await close(watching);
  });

  it('makes at most one report when 50 tabs of one member connect at once', async () => {
    const [watcher, member] = await Promise.all([freshMember(), freshMember()]);
    const watching = await listener(watcher);
    const tickets = await Promise.all(
      Array.from({ length: 50 }, () => ticket(member, 'user-room', member.user.id)),
    );
    const tabs = await Promise.all(
      tickets.map((t) => open(`/parties/user-room/${member.user.id}?ticket=${t}`)),
    );
    await sleep(1500);
    expect(changesOf(watching, member.user.id).length).toBeLessThanOrEqual(1);
    await Promise.all(tabs.map(close));
    await close(watching);
  });

  it('sends each listener a snapshot of who is online as it connects', async () => {
    const [watcher, member, gone] = await Promise.all([freshMember(), freshMember(), freshMember()]);
    const first = await listener(watcher);
    const memberTab = await tab(member);
    await close(await tab(gone));
    // Both reports have been made once the first listener heard gone's offline.
    await expect
      .poll(() => changesOf(first, gone.user.id).length, { timeout: PRESENCE_GRACE_MS + 8000 })
      .toBe(2);
    const late = await listener(watcher);
    await expect.poll(() => late.frames[0]?.type, { timeout: 2000 }).toBe('presence.snapshot');
    expect(late.frames[0].online).toContain(member.user.id);
    expect(late.frames[0].online).not.toContain(gone.user.id);
    await close(memberTab);
    await close(first);
    await close(late);
  });
});
