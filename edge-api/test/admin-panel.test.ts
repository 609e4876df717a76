import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  baseUrl,
  call,
  newUserForm,
  type Session,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';

let owner: Session; // SUPER_ADMIN, community owner
let admin: Session; // ADMIN
let host: Session;
let member: Session;

const newUser = newUserForm;

async function createUser(by: Session, overrides: Record<string, unknown> = {}) {
  const body = newUser(overrides);
  const answer = await call(`/api/admin-panel/users/${by.user.id}`, {
    method: 'POST',
    token: by.token,
    body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { ...answer.body.user, password: body.password };
}

beforeAll(async () => {
  [owner, admin, host, member] = await Promise.all([
    signIn('owner@example.com'),
    signIn('admin@example.com'),
    signIn('host@example.com'),
    signIn('member@example.com'),
  ]);
});

describe('who reaches the admin panel', () => {
  const routes = (s: Session) => [
    ['GET', `/api/admin-panel/users/${s.user.id}`],
    ['GET', `/api/admin-panel/community/${s.user.id}`],
    ['GET', `/api/admin-panel/urls/${s.user.id}`],
    ['GET', '/api/admin-panel/audit'],
    ['POST', `/api/admin-panel/users/${s.user.id}`],
    ['POST', `/api/admin-panel/users/import/${s.user.id}`],
    ['PATCH', `/api/admin-panel/${s.user.id}`],
  ];

  it('answers anonymous callers with 401 and USER and HOST with 403 on every route', async () => {
    for (const [method, path] of routes(member)) {
      expect((await call(path!, { method })).status, `${method} ${path} anonymous`).toBe(401);
      const body = method === 'GET' ? undefined : {};
      expect(
        (await call(path!, { method, token: member.token, body })).status,
        `${method} ${path} USER`,
      ).toBe(403);
    }
    for (const [method, path] of routes(host)) {
      const body = method === 'GET' ? undefined : {};
      expect((await call(path!, { method, token: host.token, body })).status, `${method} ${path} HOST`).toBe(
        403,
      );
    }
    expect(
      (
        await call('/api/community', {
          method: 'PATCH',
          token: member.token,
          body: { communityName: 'x', communityLogo: 'x', communityUrl: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call('/api/community/invite', {
          method: 'POST',
          token: host.token,
          body: { email: 'a@b.co', communitySubdomain: 'demo' },
        })
      ).status,
    ).toBe(403);
  });

  it('lets ADMIN and SUPER_ADMIN read, but only about themselves where the path names them', async () => {
    for (const session of [admin, owner]) {
      expect((await call(`/api/admin-panel/users/${session.user.id}`, { token: session.token })).status).toBe(
        200,
      );
      expect(
        (await call(`/api/admin-panel/community/${session.user.id}`, { token: session.token })).body,
      ).toMatchObject({ name: expect.any(String) });
      expect((await call('/api/admin-panel/audit', { token: session.token })).status).toBe(200);
    }
    expect((await call(`/api/admin-panel/urls/${owner.user.id}`, { token: admin.token })).status).toBe(403);
  });
});

describe('managing users', () => {
  it('adds a user who can sign in, with the chosen features only', async () => {
    const created = await createUser(admin, { features: ['events', 'spaces'] });
    expect(
      created.features
        .filter((f: { enabled: boolean }) => f.enabled)
        .map((f: { feature: string }) => f.feature),
    ).toEqual(['events', 'spaces']);
    expect((await signIn(created.email, created.password)).user.id).toBe(created.id);
  });

  it('rejects a bad user form with the spec’s messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: '' }, 'firstName', 'First name is required'],
      [{ lastName: '' }, 'lastName', 'Last name is required'],
      [{ pseudo: '' }, 'pseudo', 'pseudo is required'],
      [{ job: '' }, 'job', 'Job is required'],
      [{ company: '' }, 'company', 'Company is required'],
      [{ city: '' }, 'city', 'City is required'],
      [{ password: 'short', confirmPassword: 'short' }, 'password', 'Password must be at least 8 characters'],
      [{ confirmPassword: 'different-123' }, 'confirmPassword', 'Passwords do not match'],
      [{ features: [] }, 'features', 'At least one feature must be selected'],
      [{ role: 'SUPER_ADMIN' }, 'role', expect.any(String)],
      [{ isBlocked: true }, 'isBlocked', 'Unknown field: isBlocked'],
    ];
    for (const [override, path, message] of cases) {
      const answer = await call(`/api/admin-panel/users/${admin.user.id}`, {
        method: 'POST',
        token: admin.token,
        body: newUser(override),
      });
      expect(answer.status, JSON.stringify(override)).toBe(400);
      expect(answer.body.issues, JSON.stringify(override)).toContainEqual({ path, message });
    }
    const duplicate = await call(`/api/admin-panel/users/${admin.user.id}`, {
      method: 'POST',
      token: admin.token,
      body: newUser({ email: 'member@example.com' }),
    });
    expect(duplicate).toMatchObject({
      status: 409,
      body: { error: 'An account with this email already exists.' },
    });
  });

  it('keeps an ADMIN away from SUPER_ADMINs, and everyone from their own role, account and the owner', async () => {
    const asAdmin = (path: string, method: string, body?: unknown) =>
      call(path, { method, token: admin.token, body });
    expect((await asAdmin(`/api/admin-panel/users/${owner.user.id}?operation=block`, 'PATCH')).status).toBe(
      403,
    );
    expect(
      (await asAdmin(`/api/admin-panel/users/${owner.user.id}?operation=edit`, 'PATCH', newUser())).status,
    ).toBe(403);
    expect((await asAdmin(`/api/admin-panel/users/${owner.user.id}`, 'DELETE')).status).toBe(403);
    const ownRole = await asAdmin(
      `/api/admin-panel/users/${admin.user.id}?operation=edit`,
      'PATCH',
      newUser({
        role: 'USER',
        email: 'admin@example.com',
        pseudo: admin.user.pseudo,
      }),
    );
    expect(ownRole).toMatchObject({ status: 403, body: { error: 'You cannot change your own role.' } });
    const selfBlock = await asAdmin(`/api/admin-panel/users/${admin.user.id}?operation=block`, 'PATCH');
    expect(selfBlock).toMatchObject({
      status: 403,
      body: { error: 'You cannot block or delete your own account.' },
    });
    const ownerBlock = await call(`/api/admin-panel/users/${owner.user.id}?operation=block`, {
      method: 'PATCH',
      token: owner.token,
    });
    expect(ownerBlock.status).toBe(403);
  });

  it('edits a user and records the changed fields in the audit log', async () => {
    const created = await createUser(admin);
    const edited = await call(`/api/admin-panel/users/${created.id}?operation=edit`, {
      method: 'PATCH',
      token: admin.token,
      body: newUser({
        email: created.email,
        pseudo: created.pseudo,
        job: 'Architect',
        role: 'HOST',
        password: '',
        confirmPassword: '',
      }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.user).toMatchObject({ job: 'Architect', role: 'HOST' });
    const log = await call('/api/admin-panel/audit?limit=5', { token: admin.token });
    expect(log.body.items[0]).toMatchObject({
      action: 'user.edit',
      actorId: admin.user.id,
      actorName: `${admin.user.firstName} ${admin.user.lastName}`,
      targetId: created.id,
      targetName: `${edited.body.user.firstName} ${edited.body.user.lastName}`,
      changes: expect.objectContaining({ job: 'Architect', role: 'HOST' }),
    });
    expect(JSON.stringify(log.body.items)).not.toContain('password-123');
  });

  it('switches a feature off, which takes effect on the user’s next request', async () => {
    const created = await createUser(admin);
    const session = await signIn(created.email, created.password);
    const spaceBody = { name: `F ${unique()}`, description: 'feature gate' };
    expect(
      (await call('/api/spaces', { method: 'POST', token: session.token, body: spaceBody })).status,
    ).toBe(201);
    const off = await call(`/api/admin-panel/users/${created.id}?operation=updateFeatures`, {
      method: 'PATCH',
      token: admin.token,
      body: { features: [{ feature: 'spaces', enabled: false }] },
    });
    expect(off.body.user.features).toContainEqual({ feature: 'spaces', enabled: false });
    const gated = await call('/api/spaces', { method: 'POST', token: session.token, body: spaceBody });
    expect(gated).toMatchObject({
      status: 403,
      body: { error: 'The spaces feature is not enabled for your account.' },
    });
  });

  it('blocks a user: sessions end, sockets close within a second, sign-in refused until reactivated', async () => {
    const created = await createUser(admin);
    const session = await signIn(created.email, created.password);
    const { ticket } = (
      await call('/api/realtime/ticket', {
        method: 'POST',
        token: session.token,
        body: { party: 'user-room', room: created.id },
      })
    ).body;
    const socket = new WebSocket(
      `${baseUrl().replace(/^http/, 'ws')}/parties/user-room/${created.id}?ticket=${ticket}`,
    );
    const frames: any[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.on('open', resolve));
    const blockedAt = Date.now();
    const blocked = await call(`/api/admin-panel/users/${created.id}?operation=block`, {
      method: 'PATCH',
      token: admin.token,
    });
    expect(blocked.body.user.isBlocked).toBe(true);
    await expect
      .poll(() => socket.readyState >= WebSocket.CLOSING, { timeout: 1000, interval: 10 })
      .toBe(true);
    expect(Date.now() - blockedAt).toBeLessThan(1500);
    expect(frames).toContainEqual({ type: 'session.ended', reason: 'blocked' });
    expect((await call('/api/auth/me', { token: session.token })).status).toBe(401);
    const refused = await call('/api/auth/login', {
      method: 'POST',
      body: { email: created.email, password: created.password },
    });
    expect(refused.status).toBe(403);
    await call(`/api/admin-panel/users/${created.id}?operation=reactivate`, {
      method: 'PATCH',
      token: admin.token,
    });
    expect((await signIn(created.email, created.password)).user.isBlocked).toBe(false);
  });

  it('deletes a user, but never oneself or the owner', async () => {
    const created = await createUser(admin);
    expect(
      (await call(`/api/admin-panel/users/${created.id}`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(200);
    const gone = await call(
      `/api/admin-panel/users/${admin.user.id}?search=${encodeURIComponent(created.email)}`,
      { token: admin.token },
    );
    expect(gone.body.items).toEqual([]);
    expect(
      (await call(`/api/admin-panel/users/${admin.user.id}`, { method: 'DELETE', token: admin.token }))
        .status,
    ).toBe(403);
    expect(
      (await call(`/api/admin-panel/users/${owner.user.id}`, { method: 'DELETE', token: owner.token }))
        .status,
    ).toBe(403);
  });
});

describe('import', () => {
  it('previews without writing, then imports in a batch, reporting bad and duplicate rows by index', async () => {
    const id = unique();
    const rows = [
      {
        firstName: 'Ima',
        lastName: 'Port',
        pseudo: `ima${id}`,
        email: `ima-${id}@example.com`,
        features: ['events'],
      },
      { firstName: '', lastName: 'Nameless', pseudo: `nn${id}`, email: `nn-${id}@example.com` },
      { firstName: 'Dup', lastName: 'Licate', pseudo: `dup${id}`, email: 'member@example.com' },
      {
        firstName: 'Blocked',
        lastName: 'Person',
        pseudo: `bp${id}`,
        email: `bp-${id}@example.com`,
        isBlocked: true,
        role: 'HOST',
      },
    ];
    const path = `/api/admin-panel/users/import/${admin.user.id}`;
    const preview = await call(path, {
      method: 'POST',
      token: admin.token,
      body: { users: rows, dryRun: true },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.created).toBe(2);
    expect(preview.body.errors.map((e: { index: number }) => e.index)).toEqual([1, 2]);
    const count = () =>
      withDatabase(async (db) =>
        Number(
          (await db.query(`select count(*) from users where email like $1`, [`%${id}@example.com`])).rows[0]
            .count,
        ),
      );
    expect(await count()).toBe(0);
    const done = await call(path, { method: 'POST', token: admin.token, body: { users: rows } });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({
      created: 2,
      errors: [
        { index: 1, message: 'First name is required' },
        { index: 2, message: expect.stringContaining('already exists') },
      ],
    });
    expect(await count()).toBe(2);
    const imported = await call(`/api/admin-panel/users/${admin.user.id}?search=bp-${id}`, {
      token: admin.token,
    });
    expect(imported.body.items[0]).toMatchObject({ role: 'HOST', isBlocked: true });
    const ima = await call(`/api/admin-panel/users/${admin.user.id}?search=ima-${id}`, {
      token: admin.token,
    });
    const enabled = ima.body.items[0].features
      .filter((f: { enabled: boolean }) => f.enabled)
      .map((f: { feature: string }) => f.feature);
    expect(enabled).toEqual(['events']);
    expect(ima.body.items[0].features).toHaveLength(8);
    const again = await call(path, { method: 'POST', token: admin.token, body: { users: rows.slice(0, 1) } });
    // The same person again is a note, not an error: an import never changes an existing account.
    expect(again.body).toMatchObject({
      created: 0,
      errors: [],
      skipped: [{ index: 0, message: expect.stringContaining('already a member') }],
    });
  });
});

describe('community, invitations and URLs', () => {
  it('edits the community with the spec’s messages', async () => {
    const community = (await call('/api/community', { token: admin.token })).body;
    const empty = await call('/api/community', {
      method: 'PATCH',
      token: admin.token,
      body: { communityName: '', communityLogo: '', communityUrl: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'communityName', message: 'Community name is required' },
        { path: 'communityLogo', message: 'Community logo is required' },
        { path: 'communityUrl', message: 'Community URL is required' },
      ]),
    );
    const updated = await call('/api/community', {
      method: 'PATCH',
      token: admin.token,
      body: {
        communityName: 'Renamed Community',
        communityLogo: 'https://example.com/logo.png',
        communityUrl: community.communityUrl,
      },
    });
    expect(updated.body.communityName).toBe('Renamed Community');
    await call('/api/community', {
      method: 'PATCH',
      token: admin.token,
      body: {
        communityName: community.communityName,
        communityLogo: 'https://example.com/logo.png',
        communityUrl: community.communityUrl,
      },
    });
  });

  it('generates a single-use invitation link that the invitee redeems', async () => {
    const community = (await call('/api/community', { token: admin.token })).body;
    const bad = await call('/api/community/invite', {
      method: 'POST',
      token: admin.token,
      body: { email: 'nope', communitySubdomain: community.communityUrl },
    });
    expect(bad.body.issues).toContainEqual({ path: 'email', message: 'Invalid email address' });
    const email = `guest-${unique()}@example.com`;
    const invited = await call('/api/community/invite', {
      method: 'POST',
      token: admin.token,
      body: { email, communitySubdomain: community.communityUrl },
    });
    expect(invited.status).toBe(201);
    const token = new URL(invited.body.invitationLink).searchParams.get('token');
    expect(token?.length).toBeGreaterThanOrEqual(22);
    const body = {
      token,
      firstName: 'Gia',
      lastName: 'Guest',
      pseudo: `gia${unique()}`,
      password: 'welcome-123',
    };
    expect((await call('/api/auth/accept-invite', { method: 'POST', body })).status).toBe(201);
    expect(
      (await call('/api/auth/accept-invite', { method: 'POST', body: { ...body, pseudo: `x${unique()}` } }))
        .status,
    ).toBe(400);
  });

  it('adds URLs (a refused or failed fetch leaves no favicon, never an error) and deletes them', async () => {
    const community = (await call(`/api/admin-panel/community/${admin.user.id}`, { token: admin.token }))
      .body;
    const path = `/api/admin-panel/urls/${admin.user.id}`;
    const missing = await call(path, {
      method: 'POST',
      token: admin.token,
      body: { urls: [{ url: '' }], communityId: community.id },
    });
    expect(missing.body.issues).toContainEqual({ path: 'urls.0.url', message: 'URL cannot be empty' });
    const invalid = await call(path, {
      method: 'POST',
      token: admin.token,
      body: { urls: [{ url: 'not a url' }], communityId: community.id },
    });
    expect(invalid.body.issues).toContainEqual({ path: 'urls.0.url', message: 'Please enter a valid URL' });
    const none = await call(path, {
      method: 'POST',
      token: admin.token,
      body: { urls: [], communityId: community.id },
    });
    expect(none.body.issues).toContainEqual({ path: 'urls', message: 'At least one URL is required' });
    const added = await call(path, {
      method: 'POST',
      token: admin.token,
      body: {
        urls: [{ url: 'http://127.0.0.1:9/', label: 'Loopback' }, { url: 'http://169.254.169.254/latest' }],
        communityId: community.id,
      },
    });
    expect(added.status).toBe(201);
    expect(added.body.items).toEqual([
      expect.objectContaining({
        label: 'Loopback',
        host: '127.0.0.1',
        faviconUrl: null,
        community: { id: community.id, name: community.name },
      }),
      expect.objectContaining({ host: '169.254.169.254', faviconUrl: null }),
    ]);
    const id = added.body.items[0].id;
    expect((await call(`${path}/${id}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect(
      (await call(path, { token: admin.token })).body.items.map((u: { id: string }) => u.id),
    ).not.toContain(id);
  });

  it('edits the admin’s own company and first name', async () => {
    const bad = await call(`/api/admin-panel/${admin.user.id}`, {
      method: 'PATCH',
      token: admin.token,
      body: { company: '', firstName: '' },
    });
    expect(bad.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'company', message: 'Company is required' },
        { path: 'firstName', message: 'First name is required' },
      ]),
    );
    const ok = await call(`/api/admin-panel/${admin.user.id}`, {
      method: 'PATCH',
      token: admin.token,
      body: { company: 'Admin Co', firstName: admin.user.firstName },
    });
    expect(ok.body.user.company).toBe('Admin Co');
  });
});
