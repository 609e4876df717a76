import { beforeAll, describe, expect, it } from 'vitest';
import { openRoom } from '../../realtime/test/socket-client.ts';
import { call, extraMember, type Session, signIn, unique } from '../../scripts/lib/api-test-client.ts';

// A private space made by `admin` (its space admin), with a GUEST, a MODERATOR and an outsider.
let admin: Session;
let guest: Session;
let moderator: Session;
let outsider: Session;
let owner: Session;
let spaceId: string;
let memberIds: Record<string, string>;

const key = () => `k-${unique()}`;
const send = (session: Session, content: string, clientKey = key(), id = spaceId) =>
  call(`/api/spaces/${id}/messages`, { method: 'POST', token: session.token, body: { content, clientKey } });

beforeAll(async () => {
  [admin, guest, moderator, outsider, owner] = await Promise.all([
    signIn('host@example.com'),
    signIn('member@example.com'),
    signIn(await extraMember(4)),
    signIn(await extraMember(5)),
    signIn('owner@example.com'),
  ]);
  const created = await call('/api/spaces', {
    method: 'POST',
    token: admin.token,
    body: { name: `Matrix ${unique()}`, description: 'A space for the permission matrix' },
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ type: 'PRIVATE', color: '#3B82F6', adminId: admin.user.id });
  spaceId = created.body.id;
  await call(`/api/spaces/${spaceId}/users`, {
    method: 'POST',
    token: admin.token,
    body: { userId: guest.user.id },
  });
  const added = await call(`/api/spaces/${spaceId}/users`, {
    method: 'POST',
    token: admin.token,
    body: { userId: moderator.user.id },
  });
  memberIds = Object.fromEntries(
    added.body.items.map((m: { userId: string; id: string }) => [m.userId, m.id]),
  );
  const promoted = await call(`/api/spaces/${spaceId}/members/${memberIds[moderator.user.id]}`, {
    method: 'PATCH',
    token: admin.token,
    body: { role: 'MODERATOR' },
  });
  expect(promoted.status).toBe(200);
});

describe('space form', () => {
  it('rejects bad spaces with the spec’s messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '', description: 'okay' }, 'name', 'Space name is required.'],
      [{ name: 'x', description: 'ab' }, 'description', 'Description must be at least 3 characters.'],
      [
        { name: 'x', description: 'a'.repeat(251) },
        'description',
        'Description must be at most 250 characters.',
      ],
      [{ name: 'x', description: 'okay', type: 'PAID' }, 'type', 'Space type is required.'],
      [{ name: 'x', description: 'okay', color: '#1' }, 'color', 'Color is required'],
      [{ name: 'x', description: 'okay', adminId: guest.user.id }, 'adminId', 'Unknown field: adminId'],
    ];
    for (const [body, path, message] of cases) {
      const answer = await call('/api/spaces', { method: 'POST', token: guest.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.issues).toContainEqual({ path, message });
    }
  });
});

describe('who may do what in a private space', () => {
  type Who = 'anonymous' | 'outsider' | 'guest' | 'moderator' | 'admin' | 'superAdmin';
  const sessions = () =>
    ({ outsider, guest, moderator, admin, superAdmin: owner }) as Record<Exclude<Who, 'anonymous'>, Session>;
  const token = (who: Who) => (who === 'anonymous' ? undefined : sessions()[who].token);

  // Expected status per caller, in the order anonymous, outsider, guest, moderator, admin, superAdmin.
  const reads: [string, () => string][] = [
    ['read the space', () => `/api/spaces/${spaceId}`],
    ['list members', () => `/api/spaces/${spaceId}/members`],
    ['read messages', () => `/api/spaces/${spaceId}/messages`],
    ['search messages', () => `/api/spaces/${spaceId}/messages?search=hello`],
  ];
  it.each(reads)('%s: members only', async (_name, path) => {
    const expected = {
      anonymous: 401,
      outsider: 403,
      guest: 200,
      moderator: 200,
      admin: 200,
      superAdmin: 403,
    };
    for (const [who, status] of Object.entries(expected) as [Who, number][]) {
      expect((await call(path(), { token: token(who) })).status, who).toBe(status);
    }
  });

  it('send a message: members only', async () => {
    const expected = {
      anonymous: 401,
      outsider: 403,
      guest: 201,
      moderator: 201,
      admin: 201,
      superAdmin: 403,
    };
    for (const [who, status] of Object.entries(expected) as [Who, number][]) {
      const answer = await call(`/api/spaces/${spaceId}/messages`, {
        method: 'POST',
        token: token(who),
        body: { content: `from ${who}`, clientKey: key() },
      });
      expect(answer.status, who).toBe(status);
    }
  });

  it('space admin actions: the space admin only', async () => {
    const expected = {
      anonymous: 401,
      outsider: 403,
      guest: 403,
      moderator: 403,
      admin: 200,
      superAdmin: 403,
    };
    for (const [who, status] of Object.entries(expected) as [Who, number][]) {
      const edit = await call(`/api/spaces/${spaceId}`, {
        method: 'PATCH',
        token: token(who),
        body: { description: `by ${who}` },
      });
      expect(edit.status, `edit as ${who}`).toBe(status);
      const addable = await call(`/api/spaces/${spaceId}/addable-users`, { token: token(who) });
      expect(addable.status, `addable as ${who}`).toBe(status);
      const role = await call(`/api/spaces/${spaceId}/members/${memberIds[guest.user.id]}`, {
        method: 'PATCH',
        token: token(who),
        body: { role: 'GUEST' },
      });
      expect(role.status, `role as ${who}`).toBe(status);
      const invite = await call(`/api/spaces/${spaceId}/invite-code`, { method: 'PATCH', token: token(who) });
      expect(invite.status, `invite as ${who}`).toBe(status);
      const add = await call(`/api/spaces/${spaceId}/users`, {
        method: 'POST',
        token: token(who),
        body: { userId: guest.user.id },
      });
      expect(add.status, `add as ${who}`).toBe(status === 200 ? 201 : status);
    }
  });

  it('delete a space: SUPER_ADMIN only', async () => {
    const doomed = await call('/api/spaces', {
      method: 'POST',
      token: admin.token,
      body: { name: `Doomed ${unique()}`, description: 'Will be deleted', type: 'PUBLIC' },
    });
    for (const who of ['anonymous', 'outsider', 'guest', 'admin'] as Who[]) {
      const answer = await call(`/api/spaces/${doomed.body.id}`, { method: 'DELETE', token: token(who) });
      expect(answer.status, who).toBe(who === 'anonymous' ? 401 : 403);
    }
    const refused = await call(`/api/spaces/${doomed.body.id}`, { method: 'DELETE', token: admin.token });
    expect(refused.body.error).toBe('Failed to delete space, not authorized');
    expect(
      (await call(`/api/spaces/${doomed.body.id}`, { method: 'DELETE', token: owner.token })).status,
    ).toBe(200);
    expect((await call(`/api/spaces/${doomed.body.id}`, { token: admin.token })).status).toBe(404);
  });

  it('delete messages: one’s own, or any as moderator or admin', async () => {
    const byAdmin = (await send(admin, 'admin says hi')).body.message.id;
    const del = (who: Session, id: string) =>
      call(`/api/spaces/${spaceId}/messages/${id}`, { method: 'DELETE', token: who.token });
    expect((await del(guest, byAdmin)).status).toBe(403);
    expect((await del(moderator, byAdmin)).status).toBe(200);
    const byGuest = (await send(guest, 'guest says hi')).body.message.id;
    expect((await del(guest, byGuest)).status).toBe(200);
    const page = await call(`/api/spaces/${spaceId}/messages`, { token: guest.token });
    expect(page.body.items.find((msg: { id: string }) => msg.id === byGuest)).toMatchObject({
      deleted: true,
      content: '',
    });
  });
});

describe('members', () => {
  it('never changes or kicks the space admin', async () => {
    const members = (await call(`/api/spaces/${spaceId}/members`, { token: admin.token })).body.items;
    const adminMember = members.find((m: { role: string }) => m.role === 'ADMIN');
    const change = await call(`/api/spaces/${spaceId}/members/${adminMember.id}`, {
      method: 'PATCH',
      token: admin.token,
      body: { role: 'GUEST' },
    });
    expect(change).toMatchObject({
      status: 403,
      body: { error: 'The space admin cannot be changed or removed.' },
    });
    const kick = await call(`/api/spaces/${spaceId}/members/${adminMember.id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(kick.status).toBe(403);
    const promote = await call(`/api/spaces/${spaceId}/members/${memberIds[guest.user.id]}`, {
      method: 'PATCH',
      token: admin.token,
      body: { role: 'ADMIN' },
    });
    expect(promote.status).toBe(400);
    expect(
      (await call(`/api/spaces/${spaceId}/leave`, { method: 'PATCH', token: admin.token })).body.error,
    ).toBe('The space admin cannot leave the space.');
  });

  it('shows each member only their own email, the space admin included (community admins: privacy.test.ts)', async () => {
    type Row = { userId: string; user: { email: string | null } };
    for (const viewer of [admin, guest]) {
      const items: Row[] = (await call(`/api/spaces/${spaceId}/members`, { token: viewer.token })).body.items;
      expect(items.filter((m) => m.user.email !== null).map((m) => m.userId)).toEqual([viewer.user.id]);
    }
  });

  it('kicks a member, who then loses access at once', async () => {
    const kicked = await signIn(await extraMember(6));
    const added = await call(`/api/spaces/${spaceId}/users`, {
      method: 'POST',
      token: admin.token,
      body: { userId: kicked.user.id },
    });
    const memberId = added.body.items.find((m: { userId: string }) => m.userId === kicked.user.id).id;
    expect((await call(`/api/spaces/${spaceId}/messages`, { token: kicked.token })).status).toBe(200);
    expect(
      (await call(`/api/spaces/${spaceId}/members/${memberId}`, { method: 'DELETE', token: admin.token }))
        .status,
    ).toBe(200);
    expect((await call(`/api/spaces/${spaceId}/messages`, { token: kicked.token })).status).toBe(403);
  });
});

describe('invites', () => {
  it('joins through the current code only: a regenerated code replaces the old one at once', async () => {
    const joiner = await signIn(await extraMember(7));
    const before = (await call(`/api/spaces/${spaceId}`, { token: admin.token })).body.space.inviteCode;
    expect(before).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const regenerated = await call(`/api/spaces/${spaceId}/invite-code`, {
      method: 'PATCH',
      token: admin.token,
    });
    const after = regenerated.body.inviteCode;
    expect(after).not.toBe(before);
    expect((await call(`/api/spaces/invite/${before}`, { method: 'POST', token: joiner.token })).status).toBe(
      404,
    );
    const joined = await call(`/api/spaces/invite/${after}`, { method: 'POST', token: joiner.token });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ id: spaceId, inviteCode: null });
    expect((await call(`/api/spaces/${spaceId}/messages`, { token: joiner.token })).status).toBe(200);
    expect((await call(`/api/spaces/invite/${after}`, { method: 'POST', token: joiner.token })).status).toBe(
      200,
    );
  });
});

describe('an invite link opened', () => {
  it('shows the space, who invited and whether one is in it, and joins nobody: only the POST joins', async () => {
    const visitor = await signIn(await extraMember(13));
    const code = (await call(`/api/spaces/${spaceId}`, { token: admin.token })).body.space.inviteCode;
    const membersBefore = (await call(`/api/spaces/${spaceId}`, { token: admin.token })).body.space
      .membersCount;
    for (let i = 0; i < 2; i++) {
      const opened = await call(`/api/spaces/invite/${code}`, { token: visitor.token });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      expect(opened.body).toMatchObject({
        space: { id: spaceId, membersCount: membersBefore, inviteCode: null },
        invitedBy: { id: admin.user.id, firstName: admin.user.firstName, lastName: admin.user.lastName },
        isMember: false,
      });
      expect(Object.keys(opened.body.space).sort()).toEqual(
        [
          'adminId',
          'color',
          'description',
          'id',
          'inviteCode',
          'isMember',
          'membersCount',
          'name',
          'type',
        ].sort(),
      );
    }
    expect((await call(`/api/spaces/${spaceId}/messages`, { token: visitor.token })).status).toBe(403);
    expect((await call(`/api/spaces/${spaceId}`, { token: admin.token })).body.space.membersCount).toBe(
      membersBefore,
    );

    expect((await call(`/api/spaces/invite/${code}`, { method: 'POST', token: visitor.token })).status).toBe(
      200,
    );
    const after = await call(`/api/spaces/invite/${code}`, { token: visitor.token });
    expect(after.body).toMatchObject({ isMember: true, space: { membersCount: membersBefore + 1 } });
    expect((await call('/api/spaces/invite/no-such-code', { token: visitor.token })).body).toEqual({
      error: 'This invite link is invalid or has been replaced.',
    });
    expect((await call(`/api/spaces/invite/${code}`)).status).toBe(401);
  });
});

describe('messages', () => {
  it('rejects an empty message with the spec’s text', async () => {
    const answer = await send(guest, '   ');
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toContainEqual({
      path: 'content',
      message: 'Please type something or attach a file',
    });
  });

  it('makes one message of a retried send', async () => {
    const clientKey = key();
    const first = await send(guest, 'only once', clientKey);
    const retry = await send(guest, 'only once', clientKey);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(retry.body.message.id).toBe(first.body.message.id);
    const concurrent = key();
    const answers = await Promise.all([1, 2, 3].map(() => send(guest, 'at once', concurrent)));
    expect(new Set(answers.map((a) => a.body.message.id)).size).toBe(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
  });

  it('numbers messages in commit order and pages backwards, then resyncs after a sequence number', async () => {
    const sent = [];
    for (let i = 0; i < 7; i++) sent.push((await send(guest, `ordered ${i}`)).body.message);
    const seqs = sent.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(7);
    const newest = await call(`/api/spaces/${spaceId}/messages?limit=3`, { token: guest.token });
    expect(newest.body.items.map((m: { content: string }) => m.content)).toEqual([
      'ordered 4',
      'ordered 5',
      'ordered 6',
    ]);
    const older = await call(`/api/spaces/${spaceId}/messages?limit=3&before=${newest.body.olderCursor}`, {
      token: guest.token,
    });
    expect(older.body.items.map((m: { content: string }) => m.content)).toEqual([
      'ordered 1',
      'ordered 2',
      'ordered 3',
    ]);
    const after = await call(`/api/spaces/${spaceId}/messages?after=${seqs[2]}`, { token: guest.token });
    expect(after.body.items.map((m: { seq: number }) => m.seq)).toEqual(seqs.slice(3));
    expect(newest.body.lastSeq).toBe(seqs[6]);
  });

  it('searches by word prefix and jumps to a found message', async () => {
    const word = `zebra${unique()}`;
    const target = (await send(guest, `Have you seen the ${word} today?`)).body.message;
    for (let i = 0; i < 5; i++) await send(guest, `filler ${i}`);
    const found = await call(`/api/spaces/${spaceId}/messages?search=${word.slice(0, 9)}`, {
      token: guest.token,
    });
    expect(found.body.items).toHaveLength(1);
    expect(found.body.items[0]).toMatchObject({ id: target.id, searchCursor: target.seq });
    const around = await call(`/api/spaces/${spaceId}/messages?around=${target.seq}&limit=4`, {
      token: guest.token,
    });
    expect(around.body.items.map((m: { id: string }) => m.id)).toContain(target.id);
    const none = await call(`/api/spaces/${spaceId}/messages?search=nothing-like-this-${unique()}`, {
      token: guest.token,
    });
    expect(none.body.items).toEqual([]);
  });
});

describe('member changes on open pages', () => {
  it('reaches the space’s open sockets by the time the call answers: joined, role, left', async () => {
    const watcher = await openRoom(admin, 'space-room', spaceId);
    const heard = (change: string, userId: string) =>
      watcher.frames.some((f) => f.type === 'member.changed' && f.change === change && f.userId === userId);
    const newcomer = await signIn(await extraMember(12));

    const added = await call(`/api/spaces/${spaceId}/users`, {
      method: 'POST',
      token: admin.token,
      body: { userId: newcomer.user.id },
    });
    await expect.poll(() => heard('joined', newcomer.user.id), { timeout: 500 }).toBe(true);
    const memberId = added.body.items.find((m: { userId: string }) => m.userId === newcomer.user.id).id;
    await call(`/api/spaces/${spaceId}/members/${memberId}`, {
      method: 'PATCH',
      token: admin.token,
      body: { role: 'MODERATOR' },
    });
    await expect.poll(() => heard('role', newcomer.user.id), { timeout: 500 }).toBe(true);
    expect(
      (await call(`/api/spaces/${spaceId}/leave`, { method: 'PATCH', token: newcomer.token })).status,
    ).toBe(200);
    await expect.poll(() => heard('left', newcomer.user.id), { timeout: 500 }).toBe(true);
    watcher.socket.close();
  });
});

describe('lists', () => {
  it('counts each space’s members, in the list and for one space', async () => {
    // The admin, the guest and the moderator of beforeAll; the kicked and joined members of the
    // tests above change it, so compare with the member list itself.
    const members = (await call(`/api/spaces/${spaceId}/members`, { token: admin.token })).body.items;
    expect(members.length).toBeGreaterThanOrEqual(3);
    const one = await call(`/api/spaces/${spaceId}`, { token: admin.token });
    expect(one.body.space.membersCount).toBe(members.length);
    const listed = (await call('/api/spaces', { token: admin.token })).body.items;
    expect(listed.find((s: { id: string }) => s.id === spaceId).membersCount).toBe(members.length);
  });

  it('lists a user’s spaces as the viewer may see them', async () => {
    const own = await call(`/api/users/${guest.user.id}/spaces`, { token: guest.token });
    expect(own.body.items.map((s: { id: string }) => s.id)).toContain(spaceId);
    const seenByOutsider = await call(`/api/users/${guest.user.id}/spaces`, { token: outsider.token });
    expect(seenByOutsider.body.items.map((s: { id: string }) => s.id)).not.toContain(spaceId);
  });

  it('says in every space it shows whether the caller is a member (a public space is read by others too)', async () => {
    const created = await call('/api/spaces', {
      method: 'POST',
      token: admin.token,
      body: { name: `Open ${unique()}`, description: 'A public space', type: 'PUBLIC' },
    });
    expect(created.body).toMatchObject({ type: 'PUBLIC', isMember: true });
    const publicId: string = created.body.id;
    const isMemberIn = (items: { id: string; isMember: boolean }[], id: string) =>
      items.find((space) => space.id === id)?.isMember;

    const mine = (await call('/api/spaces', { token: admin.token })).body.items;
    expect(isMemberIn(mine, publicId)).toBe(true);
    expect(isMemberIn(mine, spaceId)).toBe(true);
    const theirs = (await call('/api/spaces', { token: outsider.token })).body.items;
    expect(isMemberIn(theirs, publicId)).toBe(false);
    expect((await call(`/api/spaces/${publicId}`, { token: outsider.token })).body.space.isMember).toBe(
      false,
    );
    expect((await call(`/api/spaces/${spaceId}`, { token: guest.token })).body.space.isMember).toBe(true);
    // Another member's spaces, with the caller's own membership in each.
    const adminsSpaces = (await call(`/api/users/${admin.user.id}/spaces`, { token: outsider.token })).body
      .items;
    expect(isMemberIn(adminsSpaces, publicId)).toBe(false);
  });
});
