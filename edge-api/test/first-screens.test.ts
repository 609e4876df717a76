import { beforeAll, describe, expect, it } from 'vitest';
import { call, type Session, signIn, unique, withDatabase } from '../../scripts/lib/api-test-client.ts';

let member: Session;
let host: Session;
let admin: Session;
let owner: Session;

beforeAll(async () => {
  [member, host, admin, owner] = await Promise.all([
    signIn('member@example.com'),
    signIn('host@example.com'),
    signIn('admin@example.com'),
    signIn('owner@example.com'),
  ]);
});

describe('events list', () => {
  it('lists upcoming events soonest first and past events latest first, published only', async () => {
    const upcoming = await call('/api/events?published=true&when=upcoming&limit=100', {
      token: member.token,
    });
    const past = await call('/api/events?published=true&when=past&limit=100', { token: member.token });
    expect(upcoming.status).toBe(200);
    expect(upcoming.body.items.length).toBeGreaterThan(0);
    expect(past.body.items.length).toBeGreaterThan(0);
    const now = Date.now();
    // Each item stands for its date: a single event's own, a series' next (upcoming) or last (past).
    const starts = (items: { occurrence: { start: string } }[]) =>
      items.map((e) => Date.parse(e.occurrence.start));
    expect(starts(upcoming.body.items).every((t) => t >= now - 60_000)).toBe(true);
    expect(starts(past.body.items).every((t) => t < now)).toBe(true);
    expect(starts(upcoming.body.items)).toEqual([...starts(upcoming.body.items)].sort((a, b) => a - b));
    expect(starts(past.body.items)).toEqual([...starts(past.body.items)].sort((a, b) => b - a));
    expect(
      [...upcoming.body.items, ...past.body.items].every((e: { published: boolean }) => e.published),
    ).toBe(true);
    expect(upcoming.body.items[0]).toMatchObject({ hostName: expect.any(String), tags: expect.any(Array) });
  });

  it('pages with a cursor without repeating or skipping an event', async () => {
    const all = await call('/api/events?when=upcoming&limit=100', { token: member.token });
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await call(`/api/events?when=upcoming&limit=2${cursor ? `&cursor=${cursor}` : ''}`, {
        token: member.token,
      });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      ids.push(...page.body.items.map((e: { id: string }) => e.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(ids).toEqual(all.body.items.map((e: { id: string }) => e.id));
  });

  it('shows drafts only to their author', async () => {
    const hostDrafts = await call('/api/events?published=false&when=upcoming', { token: host.token });
    expect(hostDrafts.body.items.length).toBeGreaterThan(0);
    expect(hostDrafts.body.items.every((e: { authorId: string }) => e.authorId === host.user.id)).toBe(true);
    const memberDrafts = await call('/api/events?published=false&when=upcoming', { token: member.token });
    expect(memberDrafts.body.items).toEqual([]);
  });

  it('answers a bad cursor or filter with 400, and anonymous callers with 401', async () => {
    expect((await call('/api/events?cursor=garbage', { token: member.token })).body).toMatchObject({
      error: 'Invalid cursor',
    });
    expect((await call('/api/events?when=someday', { token: member.token })).status).toBe(400);
    expect((await call('/api/events')).status).toBe(401);
  });
});

describe('spaces list', () => {
  it('orders spaces public, private, paid, then by name', async () => {
    const answer = await call('/api/spaces', { token: owner.token });
    expect(answer.status).toBe(200);
    const rank = { PUBLIC: 0, PRIVATE: 1, PAID: 2 } as const;
    const keys = answer.body.items.map((s: { type: keyof typeof rank; name: string }) => [
      rank[s.type],
      s.name,
    ]);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || String(a[1]).localeCompare(String(b[1])));
    expect(keys).toEqual(sorted);
    expect(new Set(answer.body.items.map((s: { type: string }) => s.type))).toEqual(
      new Set(['PUBLIC', 'PRIVATE', 'PAID']),
    );
  });

  it('hides private spaces from non-members and invite codes from all but the space admin', async () => {
    // A seeded member outside at least one private space.
    const { email, privateIds } = await withDatabase(async (db) => {
      const outsiderRow = await db.query(
        `select u.id, u.email from users u, spaces s where s.type = 'PRIVATE' and u.role = 'USER'
         and u.email not like 'newcomer%'
         and not exists (select 1 from space_members m where m.space_id = s.id and m.user_id = u.id)
         order by u.email limit 1`,
      );
      const id = outsiderRow.rows[0].id as string;
      const rows = await db.query(
        `select s.id from spaces s where s.type = 'PRIVATE'
         and not exists (select 1 from space_members m where m.space_id = s.id and m.user_id = $1)`,
        [id],
      );
      return {
        email: outsiderRow.rows[0].email as string,
        privateIds: rows.rows.map((row) => row.id as string),
      };
    });
    const outsider = await signIn(email);
    expect(privateIds.length).toBeGreaterThan(0);
    const seen = await call('/api/spaces', { token: outsider.token });
    expect(seen.body.items.some((s: { id: string }) => privateIds.includes(s.id))).toBe(false);
    expect(seen.body.items.every((s: { inviteCode: string | null }) => s.inviteCode === null)).toBe(true);
    const asAdmin = await call('/api/spaces', { token: owner.token });
    const administered = asAdmin.body.items.filter((s: { adminId: string }) => s.adminId === owner.user.id);
    expect(administered.length).toBeGreaterThan(0);
    expect(administered.every((s: { inviteCode: string | null }) => typeof s.inviteCode === 'string')).toBe(
      true,
    );
  });
});

describe('profiles', () => {
  it('shows another member without private fields, and oneself with them', async () => {
    const other = await call(`/api/users/${host.user.id}`, { token: member.token });
    expect(other.status).toBe(200);
    expect(other.body.user).toMatchObject({ id: host.user.id, firstName: expect.any(String) });
    for (const field of ['email', 'phone', 'features', 'isBlocked', 'passwordHash', 'dateOfBirth']) {
      expect(other.body.user).not.toHaveProperty(field);
    }
    const self = await call(`/api/users/${member.user.id}`, { token: member.token });
    expect(self.body.user.email).toBe('member@example.com');
  });

  it('answers an unknown or malformed user id with 404', async () => {
    const missing = await call('/api/users/00000000-0000-4000-8000-000000000000', { token: member.token });
    expect(missing).toMatchObject({ status: 404, body: { error: 'User not found' } });
    expect(await call('/api/users/not-a-uuid', { token: member.token })).toMatchObject({
      status: 404,
      body: { error: 'User not found' },
    });
  });

  it('lets users edit only their own profile and never their role', async () => {
    const foreign = await call(`/api/users/${host.user.id}`, {
      method: 'PATCH',
      token: member.token,
      body: { job: 'x' },
    });
    expect(foreign.status).toBe(403);
    const roleGrab = await call(`/api/users/${member.user.id}`, {
      method: 'PATCH',
      token: member.token,
      body: { role: 'SUPER_ADMIN' },
    });
    expect(roleGrab.status).toBe(400);
    const job = `Gardener ${unique()}`;
    const own = await call(`/api/users/${member.user.id}`, {
      method: 'PATCH',
      token: member.token,
      body: { job },
    });
    expect(own.status).toBe(200);
    expect(own.body.user).toMatchObject({ job, role: 'USER' });
  });

  it('records presence for oneself only', async () => {
    // What the PATCH does (a recount by the user room) is in presence.test.ts; here, whose it is.
    const own = await call(`/api/socket/users/online-status/${member.user.id}`, {
      method: 'PATCH',
      token: member.token,
      body: { status: 'offline' },
    });
    expect(own.status).toBe(204);
    const foreign = await call(`/api/socket/users/online-status/${host.user.id}`, {
      method: 'PATCH',
      token: member.token,
      body: { status: 'offline' },
    });
    expect(foreign.status).toBe(403);
  });
});

describe('admin panel users', () => {
  it('is closed to anonymous callers, USER and HOST', async () => {
    expect((await call(`/api/admin-panel/users/${admin.user.id}`)).status).toBe(401);
    expect((await call(`/api/admin-panel/users/${member.user.id}`, { token: member.token })).status).toBe(
      403,
    );
    expect((await call(`/api/admin-panel/users/${host.user.id}`, { token: host.token })).status).toBe(403);
  });

  it('lists every member with private fields to ADMIN and SUPER_ADMIN, by name, paged and searchable', async () => {
    const first = await call(`/api/admin-panel/users/${admin.user.id}?limit=5`, { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(5);
    expect(first.body.items[0]).toHaveProperty('email');
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await call(
      `/api/admin-panel/users/${admin.user.id}?limit=5&cursor=${first.body.nextCursor}`,
      {
        token: admin.token,
      },
    );
    const firstIds = first.body.items.map((u: { id: string }) => u.id);
    expect(second.body.items.some((u: { id: string }) => firstIds.includes(u.id))).toBe(false);
    const found = await call(`/api/admin-panel/users/${owner.user.id}?search=member@example`, {
      token: owner.token,
    });
    expect(found.body.items.map((u: { email: string }) => u.email)).toContain('member@example.com');
  });

  it('refuses a path naming another admin', async () => {
    expect((await call(`/api/admin-panel/users/${owner.user.id}`, { token: admin.token })).status).toBe(403);
  });
});

describe('community and configuration', () => {
  it('returns the community with its owner', async () => {
    const answer = await call('/api/community', { token: member.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ communityName: expect.any(String), ownerId: owner.user.id });
  });

  it('serves the micro-frontend manifest from configuration', async () => {
    const answer = await call('/mfe-manifest.json');
    expect(answer.body.remotes).toEqual({
      mfe_events: '/mfe/events/remoteEntry.js',
      mfe_spaces: '/mfe/spaces/remoteEntry.js',
      mfe_profile: '/mfe/profile/remoteEntry.js',
      mfe_admin: '/mfe/admin/remoteEntry.js',
    });
  });
});
