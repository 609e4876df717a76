// Discovering and joining spaces (issue 30): the Spaces page's cards with a few faces, the landing
// card a non-member's space page shows, and joining a public space by oneself through the same
// path as an invite (the room hears it, the count follows). Over HTTP against the running stack.
import { featureDisabledMessage } from '@community/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { openRoom } from '../../realtime/test/socket-client.ts';
import {
  call,
  newUserForm,
  type Session,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';

const JOIN_PUBLIC_ONLY =
  'Only a public space can be joined this way. Its admin can add you, or send you an invite link.';
const RATE_LIMITED = 'Too many requests. Please slow down and try again shortly.';

let owner: Session;
/** The admin of every space made here. */
let host: Session;
let publicSpaceId: string;
let privateSpaceId: string;
let paidSpaceId: string;

/** A member of our own (every feature on), so blocking or switching them off disturbs no other test. */
async function freshMember(): Promise<Session> {
  const form = newUserForm();
  const created = await call(`/api/admin-panel/users/${owner.user.id}`, {
    method: 'POST',
    token: owner.token,
    body: form,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return signIn(form.email, form.password);
}

async function createSpace(type: 'PUBLIC' | 'PRIVATE' | 'PAID'): Promise<string> {
  const created = await call('/api/spaces', {
    method: 'POST',
    token: host.token,
    body: {
      name: `Joins ${unique()}`,
      description: `A ${type} space to join`,
      type: type === 'PAID' ? 'PRIVATE' : type,
    },
  });
  expect(created.status).toBe(201);
  if (type === 'PAID')
    await withDatabase((db) => db.query(`update spaces set type = 'PAID' where id = $1`, [created.body.id]));
  return created.body.id;
}

const join = (session: Session, spaceId: string) =>
  call(`/api/spaces/${spaceId}/join`, { method: 'POST', token: session.token });

const membersOf = async (spaceId: string) =>
  (await call(`/api/spaces/${spaceId}/members`, { token: host.token })).body.items.map(
    (member: { userId: string }) => member.userId,
  ) as string[];

beforeAll(async () => {
  owner = await signIn('owner@example.com');
  host = await freshMember();
  [publicSpaceId, privateSpaceId, paidSpaceId] = await Promise.all([
    createSpace('PUBLIC'),
    createSpace('PRIVATE'),
    createSpace('PAID'),
  ]);
});

describe('joining a public space', () => {
  it('makes the caller a GUEST, tells the room once, and joining again changes nothing', async () => {
    const joiner = await freshMember();
    const watcher = await openRoom(host, 'space-room', publicSpaceId);
    const before = (await call(`/api/spaces/${publicSpaceId}`, { token: joiner.token })).body;
    expect(before).toMatchObject({ role: null, space: { isMember: false } });

    const joined = await join(joiner, publicSpaceId);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({
      id: publicSpaceId,
      isMember: true,
      membersCount: before.space.membersCount + 1,
      inviteCode: null,
    });
    const heard = () =>
      watcher.frames.filter(
        (frame) =>
          frame.type === 'member.changed' && frame.change === 'joined' && frame.userId === joiner.user.id,
      ).length;
    await expect.poll(heard, { timeout: 1000 }).toBe(1);
    expect((await call(`/api/spaces/${publicSpaceId}`, { token: joiner.token })).body.role).toBe('GUEST');

    // Now a member: may send, and the sidebar's list has it.
    const sent = await call(`/api/spaces/${publicSpaceId}/messages`, {
      method: 'POST',
      token: joiner.token,
      body: { content: 'Hello from a newcomer', clientKey: `k-${unique()}` },
    });
    expect(sent.status).toBe(201);
    const mine = (await call('/api/spaces', { token: joiner.token })).body.items;
    expect(mine).toContainEqual(expect.objectContaining({ id: publicSpaceId, isMember: true }));

    const again = await join(joiner, publicSpaceId);
    expect(again.status).toBe(200);
    expect(again.body.membersCount).toBe(joined.body.membersCount);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard()).toBe(1);
    expect((await membersOf(publicSpaceId)).filter((id) => id === joiner.user.id)).toHaveLength(1);
  });

  it('refuses a private or a paid space with 403, and joins nobody', async () => {
    const outsider = await freshMember();
    for (const spaceId of [privateSpaceId, paidSpaceId]) {
      const refused = await join(outsider, spaceId);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: JOIN_PUBLIC_ONLY });
      expect(await membersOf(spaceId)).not.toContain(outsider.user.id);
    }
    expect((await join(outsider, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('refuses members without the spaces feature, and blocked members', async () => {
    const switchedOff = await freshMember();
    const features = await call(`/api/admin-panel/users/${switchedOff.user.id}?operation=updateFeatures`, {
      method: 'PATCH',
      token: owner.token,
      body: { features: [{ feature: 'spaces', enabled: false }] },
    });
    expect(features.status).toBe(200);
    expect(await join(switchedOff, publicSpaceId)).toMatchObject({
      status: 403,
      body: { error: featureDisabledMessage('spaces') },
    });

    const blocked = await freshMember();
    const block = await call(`/api/admin-panel/users/${blocked.user.id}?operation=block`, {
      method: 'PATCH',
      token: owner.token,
    });
    expect(block.status).toBe(200);
    expect((await join(blocked, publicSpaceId)).status).toBe(401);
    const members = await membersOf(publicSpaceId);
    expect(members).not.toContain(switchedOff.user.id);
    expect(members).not.toContain(blocked.user.id);
  });

  it('is write-limited: 20 joins at once, then 429', async () => {
    const looper = await freshMember();
    for (let n = 0; n < 20; n++) expect((await join(looper, publicSpaceId)).status).toBe(200);
    const limited = await join(looper, publicSpaceId);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: RATE_LIMITED });
  });
});

describe('space cards', () => {
  it('the landing card: any space by its id, with faces only where the caller may read it', async () => {
    const visitor = await freshMember();
    const withPicture = await freshMember();
    await join(withPicture, publicSpaceId);
    for (const spaceId of [privateSpaceId, paidSpaceId]) {
      const card = await call(`/api/spaces/${spaceId}/card`, { token: visitor.token });
      expect(card.status).toBe(200);
      expect(card.body).toMatchObject({ id: spaceId, isMember: false, inviteCode: null, faces: [] });
      expect(card.body.membersCount).toBe(1);
      // Reading it stays refused.
      expect((await call(`/api/spaces/${spaceId}`, { token: visitor.token })).status).toBe(403);
    }
    const open = await call(`/api/spaces/${publicSpaceId}/card`, { token: visitor.token });
    expect(open.status).toBe(200);
    const faceIds = open.body.faces.map((face: { id: string }) => face.id);
    expect(faceIds).toContain(host.user.id);
    expect(faceIds).toContain(withPicture.user.id);
    expect(open.body.faces.length).toBeLessThanOrEqual(5);
    expect(Object.keys(open.body.faces[0]).sort()).toEqual(['firstName', 'id', 'imageUrl', 'lastName']);
    // The space's own members see its faces, private or not.
    const own = await call(`/api/spaces/${privateSpaceId}/card`, { token: host.token });
    expect(own.body.faces.map((face: { id: string }) => face.id)).toEqual([host.user.id]);
    expect(
      (await call('/api/spaces/00000000-0000-4000-8000-000000000000/card', { token: visitor.token })).status,
    ).toBe(404);
  });

  it('the directory: the spaces of GET /api/spaces and the private ones, in order, with at most 5 faces, never a blocked member', async () => {
    const visitor = await freshMember();
    const crowd = await Promise.all(Array.from({ length: 6 }, () => freshMember()));
    const crowdedId = await createSpace('PUBLIC');
    for (const member of crowd) expect((await join(member, crowdedId)).status).toBe(200);
    const blocked = crowd[5]!;
    await call(`/api/admin-panel/users/${blocked.user.id}?operation=block`, {
      method: 'PATCH',
      token: owner.token,
    });

    const directory = await call('/api/spaces/directory', { token: visitor.token });
    expect(directory.status).toBe(200);
    const list = await call('/api/spaces', { token: visitor.token });
    const items = directory.body.items as { id: string; type: string; isMember: boolean }[];
    // The sidebar's list, in its order, with the private spaces the visitor is not in among them.
    const notPrivateOthers = items.filter((space) => space.type !== 'PRIVATE' || space.isMember);
    expect(notPrivateOthers.map((space) => space.id)).toEqual(
      list.body.items.map((space: { id: string }) => space.id),
    );
    const privateIds = items.filter((space) => space.type === 'PRIVATE').map((space) => space.id);
    expect(privateIds).toContain(privateSpaceId);
    // Public, private, paid: the private ones sit between the others, as in the spec's order.
    const typeRank = { PUBLIC: 0, PRIVATE: 1, PAID: 2 } as Record<string, number>;
    const ranks = items.map((space) => typeRank[space.type]!);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const byId = new Map(directory.body.items.map((space: { id: string }) => [space.id, space]));
    expect(byId.get(privateSpaceId)).toMatchObject({ isMember: false, faces: [] });
    expect(byId.get(paidSpaceId)).toMatchObject({ faces: [] });
    const crowded = byId.get(crowdedId) as { faces: { id: string }[] };
    expect(crowded.faces).toHaveLength(5);
    expect(crowded.faces.map((face) => face.id)).not.toContain(blocked.user.id);
  });
});

describe('private spaces on the Spaces page', () => {
  const directoryOf = async (session: Session) => {
    const answer = await call('/api/spaces/directory', { token: session.token });
    expect(answer.status).toBe(200);
    return answer.body.items as { id: string; faces: { id: string }[]; joinRequest: unknown }[];
  };

  it("a non-member sees a private space's card but no faces, its members see them, and his request's state", async () => {
    const visitor = await freshMember();
    const insider = await freshMember();
    const added = await call(`/api/spaces/${privateSpaceId}/users`, {
      method: 'POST',
      token: host.token,
      body: { userId: insider.user.id },
    });
    expect(added.status).toBe(201);

    const card = (await directoryOf(visitor)).find((space) => space.id === privateSpaceId);
    const landing = await call(`/api/spaces/${privateSpaceId}/card`, { token: visitor.token });
    // The same card the landing page shows: name, colour, type, description, size; no faces.
    expect(card).toEqual(landing.body);
    expect(card).toMatchObject({
      type: 'PRIVATE',
      description: 'A PRIVATE space to join',
      membersCount: 2,
      isMember: false,
      inviteCode: null,
      faces: [],
      joinRequest: null,
    });

    const insiders = (await directoryOf(insider)).find((space) => space.id === privateSpaceId);
    expect(insiders?.faces.map((face) => face.id).sort()).toEqual([host.user.id, insider.user.id].sort());
    expect(insiders).toMatchObject({ isMember: true, joinRequest: null });

    // Asked: "Requested" on his card; withdrawn: back to none.
    const asked = await call(`/api/spaces/${privateSpaceId}/join-requests`, {
      method: 'POST',
      token: visitor.token,
    });
    expect(asked.status).toBe(201);
    expect((await directoryOf(visitor)).find((space) => space.id === privateSpaceId)).toMatchObject({
      joinRequest: { status: 'PENDING', askAgainAt: null },
      faces: [],
    });
    const withdrawn = await call(`/api/spaces/${privateSpaceId}/join-requests/mine`, {
      method: 'DELETE',
      token: visitor.token,
    });
    expect(withdrawn.status).toBe(200);
    expect((await directoryOf(visitor)).find((space) => space.id === privateSpaceId)?.joinRequest).toBeNull();
  });

  it('members without the spaces feature and blocked members cannot list them', async () => {
    const switchedOff = await freshMember();
    const features = await call(`/api/admin-panel/users/${switchedOff.user.id}?operation=updateFeatures`, {
      method: 'PATCH',
      token: owner.token,
      body: { features: [{ feature: 'spaces', enabled: false }] },
    });
    expect(features.status).toBe(200);
    expect(await call('/api/spaces/directory', { token: switchedOff.token })).toMatchObject({
      status: 403,
      body: { error: featureDisabledMessage('spaces') },
    });

    const blocked = await freshMember();
    const block = await call(`/api/admin-panel/users/${blocked.user.id}?operation=block`, {
      method: 'PATCH',
      token: owner.token,
    });
    expect(block.status).toBe(200);
    const refused = await call('/api/spaces/directory', { token: blocked.token });
    expect(refused.status).toBe(401);
    expect(JSON.stringify(refused.body)).not.toContain(privateSpaceId);
  });
});

describe('requests to join a private space', () => {
  const ALREADY_ASKED = 'You have already asked to join this space.';
  const ASK_AGAIN_LATER = 'Your request was declined. You can ask again 7 days after that.';
  const REQUEST_GONE = 'This request was already answered or withdrawn.';

  const ask = (session: Session, spaceId: string) =>
    call(`/api/spaces/${spaceId}/join-requests`, { method: 'POST', token: session.token });
  const pending = (session: Session, spaceId: string) =>
    call(`/api/spaces/${spaceId}/join-requests`, { token: session.token });
  const decide = (session: Session, spaceId: string, requestId: string, decision: 'approval' | 'decline') =>
    call(`/api/spaces/${spaceId}/join-requests/${requestId}/${decision}`, {
      method: 'POST',
      token: session.token,
    });
  const noticesOf = async (session: Session, type: string, spaceId: string) =>
    (
      (await call('/api/notifications?limit=50', { token: session.token })).body.items as {
        type: string;
        title: string;
        payload: Record<string, string>;
      }[]
    ).filter((item) => item.type === type && item.payload.spaceId === spaceId);

  /** A private space of `host` with a moderator and a guest. */
  async function privateSpaceWithStaff() {
    const spaceId = await createSpace('PRIVATE');
    const [moderator, guest] = await Promise.all([freshMember(), freshMember()]);
    for (const member of [moderator, guest]) {
      const added = await call(`/api/spaces/${spaceId}/users`, {
        method: 'POST',
        token: host.token,
        body: { userId: member.user.id },
      });
      expect(added.status).toBe(201);
    }
    const members = (await call(`/api/spaces/${spaceId}/members`, { token: host.token })).body.items as {
      id: string;
      userId: string;
    }[];
    const moderatorRow = members.find((member) => member.userId === moderator.user.id)!;
    const promoted = await call(`/api/spaces/${spaceId}/members/${moderatorRow.id}`, {
      method: 'PATCH',
      token: host.token,
      body: { role: 'MODERATOR' },
    });
    expect(promoted.status).toBe(200);
    return { spaceId, moderator, guest };
  }

  it('one pending request per member, withdrawable; deciders are told; a decline has a cool-down; approving admits', async () => {
    const { spaceId, moderator, guest } = await privateSpaceWithStaff();
    const asker = await freshMember();

    const asked = await ask(asker, spaceId);
    expect(asked.status).toBe(201);
    expect(asked.body).toEqual({ joinRequest: { status: 'PENDING', askAgainAt: null } });
    expect(await ask(asker, spaceId)).toMatchObject({ status: 409, body: { error: ALREADY_ASKED } });
    expect((await call(`/api/spaces/${spaceId}/card`, { token: asker.token })).body.joinRequest).toEqual({
      status: 'PENDING',
      askAgainAt: null,
    });
    // The admin and the moderator hear of it, the guest does not.
    const title = `${asker.user.firstName} ${asker.user.lastName} asked to join`;
    await expect.poll(async () => (await noticesOf(host, 'JOIN_REQUEST', spaceId)).length).toBe(1);
    expect((await noticesOf(host, 'JOIN_REQUEST', spaceId))[0]!.title).toMatch(new RegExp(`^${title} `));
    expect(await noticesOf(moderator, 'JOIN_REQUEST', spaceId)).toHaveLength(1);
    expect(await noticesOf(guest, 'JOIN_REQUEST', spaceId)).toHaveLength(0);
    // Only they list and decide.
    expect((await pending(guest, spaceId)).status).toBe(403);
    expect((await pending(asker, spaceId)).status).toBe(403);
    const listed = await pending(moderator, spaceId);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      {
        id: expect.any(String),
        createdAt: expect.any(String),
        user: {
          id: asker.user.id,
          firstName: asker.user.firstName,
          lastName: asker.user.lastName,
          imageUrl: null,
        },
      },
    ]);
    const firstId = listed.body.items[0].id as string;
    expect((await decide(guest, spaceId, firstId, 'approval')).status).toBe(403);

    // Withdrawn: gone from the list; once only.
    const withdrawn = await call(`/api/spaces/${spaceId}/join-requests/mine`, {
      method: 'DELETE',
      token: asker.token,
    });
    expect(withdrawn).toMatchObject({ status: 200, body: { joinRequest: null } });
    expect((await pending(host, spaceId)).body.items).toEqual([]);
    expect((await decide(host, spaceId, firstId, 'approval')).body).toEqual({ error: REQUEST_GONE });
    expect(
      (await call(`/api/spaces/${spaceId}/join-requests/mine`, { method: 'DELETE', token: asker.token }))
        .status,
    ).toBe(404);

    // Asked again, declined: told, and refused to ask again until the cool-down has run.
    expect((await ask(asker, spaceId)).status).toBe(201);
    const secondId = (await pending(host, spaceId)).body.items[0].id as string;
    const declined = await decide(moderator, spaceId, secondId, 'decline');
    expect(declined).toMatchObject({ status: 200, body: { items: [] } });
    await expect.poll(async () => (await noticesOf(asker, 'JOIN_DECLINED', spaceId)).length).toBe(1);
    expect(await ask(asker, spaceId)).toMatchObject({ status: 409, body: { error: ASK_AGAIN_LATER } });
    const card = (await call(`/api/spaces/${spaceId}/card`, { token: asker.token })).body;
    expect(card.joinRequest.status).toBe('DECLINED');
    expect(new Date(card.joinRequest.askAgainAt).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect((await call(`/api/spaces/${spaceId}`, { token: asker.token })).status).toBe(403);

    // Eight days on, asking works again; approving admits through the membership path.
    await withDatabase((db) =>
      db.query(
        `update space_join_requests set decided_at = now() - interval '8 days' where space_id = $1 and user_id = $2`,
        [spaceId, asker.user.id],
      ),
    );
    expect((await ask(asker, spaceId)).status).toBe(201);
    const thirdId = (await pending(host, spaceId)).body.items[0].id as string;
    const watcher = await openRoom(host, 'space-room', spaceId);
    const approved = await decide(host, spaceId, thirdId, 'approval');
    expect(approved).toMatchObject({ status: 200, body: { items: [] } });
    await expect
      .poll(() =>
        watcher.frames.some(
          (frame) =>
            frame.type === 'member.changed' && frame.change === 'joined' && frame.userId === asker.user.id,
        ),
      )
      .toBe(true);
    const opened = await call(`/api/spaces/${spaceId}`, { token: asker.token });
    expect(opened).toMatchObject({ status: 200, body: { role: 'GUEST', space: { membersCount: 4 } } });
    await expect.poll(async () => (await noticesOf(asker, 'JOIN_APPROVED', spaceId)).length).toBe(1);
    expect((await call(`/api/spaces/${spaceId}/card`, { token: asker.token })).body.joinRequest).toBeNull();
    expect(await ask(asker, spaceId)).toMatchObject({
      status: 403,
      body: { error: 'You are already a member of this space.' },
    });
  });

  it('two moderators approving at once make one membership and one notification', async () => {
    const { spaceId, moderator } = await privateSpaceWithStaff();
    const asker = await freshMember();
    expect((await ask(asker, spaceId)).status).toBe(201);
    const requestId = (await pending(host, spaceId)).body.items[0].id as string;

    const answers = await Promise.all([
      decide(host, spaceId, requestId, 'approval'),
      decide(moderator, spaceId, requestId, 'approval'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    const rows = await withDatabase((db) =>
      db.query('select count(*)::int as n from space_members where space_id = $1 and user_id = $2', [
        spaceId,
        asker.user.id,
      ]),
    );
    expect(rows.rows[0].n).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await noticesOf(asker, 'JOIN_APPROVED', spaceId)).toHaveLength(1);
  });

  it('refuses public and paid spaces, members, members without spaces, and blocked members', async () => {
    const outsider = await freshMember();
    const privateOnly =
      'Only a private space takes requests to join. Join a public space at once; a paid one through its invite link.';
    expect(await ask(outsider, publicSpaceId)).toMatchObject({ status: 403, body: { error: privateOnly } });
    expect(await ask(outsider, paidSpaceId)).toMatchObject({ status: 403, body: { error: privateOnly } });
    expect((await ask(host, privateSpaceId)).status).toBe(403);

    const switchedOff = await freshMember();
    await call(`/api/admin-panel/users/${switchedOff.user.id}?operation=updateFeatures`, {
      method: 'PATCH',
      token: owner.token,
      body: { features: [{ feature: 'spaces', enabled: false }] },
    });
    expect(await ask(switchedOff, privateSpaceId)).toMatchObject({
      status: 403,
      body: { error: featureDisabledMessage('spaces') },
    });
    const blocked = await freshMember();
    await call(`/api/admin-panel/users/${blocked.user.id}?operation=block`, {
      method: 'PATCH',
      token: owner.token,
    });
    expect((await ask(blocked, privateSpaceId)).status).toBe(401);
    expect((await pending(host, privateSpaceId)).body.items).toEqual([]);
  });

  it('is write-limited: 10 asks or withdrawals at once, then 429', async () => {
    const spaceId = await createSpace('PRIVATE');
    const looper = await freshMember();
    for (let n = 0; n < 5; n++) {
      expect((await ask(looper, spaceId)).status).toBe(201);
      expect(
        (await call(`/api/spaces/${spaceId}/join-requests/mine`, { method: 'DELETE', token: looper.token }))
          .status,
      ).toBe(200);
    }
    expect(await ask(looper, spaceId)).toMatchObject({ status: 429, body: { error: RATE_LIMITED } });
  });
});
