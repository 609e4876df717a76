// Issue 8, "Sessions and tokens": refresh-token reuse ends the whole session, the sign-in limit
// holds under parallel guessing, credential changes end other sessions, development secrets are
// refused on a public host, and the personal calendar feed can be withdrawn.
import http from 'node:http';
import { CLOSE_CODES } from '@community/realtime-protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { openRoom } from '../../realtime/test/socket-client.ts';
import {
  baseUrl,
  call,
  cookieFrom,
  newUserForm,
  type Session,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';

const PASSWORD = 'first-password';

let owner: Session;

/** A fresh member of our own, so changing their password or email disturbs no other test. */
async function createMember(password = PASSWORD) {
  const id = unique();
  const form = newUserForm({ email: `sam-${id}@example.com`, password, confirmPassword: password });
  const created = await call(`/api/admin-panel/users/${owner.user.id}`, {
    method: 'POST',
    token: owner.token,
    body: form,
  });
  expect(created.status).toBe(201);
  return { id: created.body.user.id as string, form };
}

const refresh = (refreshToken: string) =>
  call('/api/auth/refresh', { method: 'POST', headers: { Cookie: `refresh_token=${refreshToken}` } });

const me = (session: { token: string }) => call('/api/auth/me', { token: session.token });

/** The socket's close code, or "open" after `ms`: a revocation is 4003, a dev-server reload 1006. */
async function closeCodeWithin(opened: { socket: unknown; closing: Promise<number> }, ms: number) {
  const closing = await Promise.race([
    opened.closing,
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms)),
  ]);
  if (closing === 'open') return 'open' as const;
  // The close frame's code as it arrived: ws makes it public only once the TCP connection ends,
  // which the dev server may take seconds to do (as in realtime/test/revocation.test.ts).
  return (opened.socket as { _closeCode: number })._closeCode;
}

beforeAll(async () => {
  owner = await signIn('owner@example.com');
});

describe('refresh-token reuse', () => {
  it('revokes the whole session when an already rotated refresh token comes back', async () => {
    const { form } = await createMember();
    const session = await signIn(form.email, PASSWORD);
    const socket = await openRoom(session, 'user-room', session.user.id);

    const rotated = await refresh(session.refreshToken);
    expect(rotated.status).toBe(200);
    const next = {
      token: rotated.body.accessToken as string,
      refreshToken: cookieFrom(rotated.headers, 'refresh_token')!,
    };
    expect((await me(next)).status).toBe(200);

    // The old token again: someone holds a copy of the chain.
    const replay = await refresh(session.refreshToken);
    expect(replay).toMatchObject({ status: 401, body: { error: expect.any(String) } });

    // Every token of that chain is dead: the newest refresh token and both access tokens.
    expect((await refresh(next.refreshToken)).status).toBe(401);
    expect((await me(next)).status).toBe(401);
    expect((await me(session)).status).toBe(401);
    expect(await closeCodeWithin(socket, 3000)).toBe(CLOSE_CODES.revoked);
  });

  it('leaves the user’s other sessions alone', async () => {
    const { form } = await createMember();
    const stolen = await signIn(form.email, PASSWORD);
    const other = await signIn(form.email, PASSWORD);
    expect((await refresh(stolen.refreshToken)).status).toBe(200);
    expect((await refresh(stolen.refreshToken)).status).toBe(401);
    expect((await me(other)).status).toBe(200);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });
});

describe('sign-in attempt limit', () => {
  it('lets at most 5 of 100 parallel wrong passwords through to a 401; the rest are 429 with Retry-After', async () => {
    const { form } = await createMember();
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        call('/api/auth/login', {
          method: 'POST',
          headers: { 'CF-Connecting-IP': address, 'X-Real-IP': address },
          body: { email: form.email, password: 'wrong-guess' },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    for (const limited of answers.filter((answer) => answer.status === 429)) {
      expect(limited.body).toEqual({ error: 'Too many failed sign-in attempts. Try again later.' });
      expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
  }, 120_000);

  // The suite's stack trusts X-Real-IP, as behind a proxy that writes it (scripts/lib/stack.ts,
  // TEST_STACK_VARS); a deployed Worker trusts Cloudflare's CF-Connecting-IP the same way.
  const randomAddress = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
  const loginFrom = (address: string, email: string, password: string, extra: Record<string, string> = {}) =>
    call('/api/auth/login', {
      method: 'POST',
      headers: { 'X-Real-IP': address, ...extra },
      body: { email, password },
    });

  it('holds back the address that failed, not the member: the owner of the account still signs in from elsewhere (issue 27)', async () => {
    const { form } = await createMember();
    const attacker = randomAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await loginFrom(attacker, form.email, 'wrong-guess')).status).toBe(401);
    }
    expect((await loginFrom(attacker, form.email, PASSWORD)).status).toBe(429);
    // A header the client writes itself (CF-Connecting-IP here) changes nothing: it is not believed.
    const spoofed = await loginFrom(attacker, form.email, 'wrong-guess', {
      'CF-Connecting-IP': randomAddress(),
    });
    expect(spoofed.status).toBe(429);
    const owner = await loginFrom(`198.18.0.${Math.floor(Math.random() * 250) + 1}`, form.email, PASSWORD);
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
  });

  it('holds back an address that fails on many accounts after 50 failures', async () => {
    const address = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => loginFrom(address, `nobody-${unique()}@example.com`, 'wrong-guess')),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(401));
    const { form } = await createMember();
    const held = await loginFrom(address, form.email, PASSWORD);
    expect(held).toMatchObject({
      status: 429,
      body: { error: 'Too many failed sign-in attempts. Try again later.' },
    });
    expect((await loginFrom(randomAddress(), form.email, PASSWORD)).status).toBe(200);
  }, 60_000);

  it('does not count sign-ins that succeed', async () => {
    const { form } = await createMember();
    for (let attempt = 0; attempt < 4; attempt++) {
      expect(
        (
          await call('/api/auth/login', {
            method: 'POST',
            body: { email: form.email, password: 'wrong-guess' },
          })
        ).status,
      ).toBe(401);
    }
    // Four failures leave one try; a correct password each time must not use it up.
    for (let attempt = 0; attempt < 6; attempt++) {
      expect((await signIn(form.email, PASSWORD)).user.email).toBe(form.email);
    }
    expect(
      (
        await call('/api/auth/login', {
          method: 'POST',
          body: { email: form.email, password: 'wrong-guess' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('credential changes end other sessions', () => {
  const editBody = (form: Record<string, unknown>, changes: Record<string, unknown>) => ({
    ...form,
    password: '',
    confirmPassword: '',
    ...changes,
  });

  it('an admin setting a password ends every session of that user and closes their sockets', async () => {
    const { id, form } = await createMember();
    const first = await signIn(form.email, PASSWORD);
    const second = await signIn(form.email, PASSWORD);
    const socket = await openRoom(first, 'user-room', id);

    const edited = await call(`/api/admin-panel/users/${id}?operation=edit`, {
      method: 'PATCH',
      token: owner.token,
      body: editBody(form, { password: 'second-password', confirmPassword: 'second-password' }),
    });
    expect(edited.status).toBe(200);

    for (const session of [first, second]) {
      expect((await me(session)).status).toBe(401);
      expect((await refresh(session.refreshToken)).status).toBe(401);
    }
    expect(await closeCodeWithin(socket, 3000)).toBe(CLOSE_CODES.revoked);
    expect((await signIn(form.email, 'second-password')).user.id).toBe(id);
  });

  it('an admin changing the email ends the user’s sessions; other edits do not', async () => {
    const { id, form } = await createMember();
    const session = await signIn(form.email, PASSWORD);
    const jobOnly = await call(`/api/admin-panel/users/${id}?operation=edit`, {
      method: 'PATCH',
      token: owner.token,
      body: editBody(form, { job: 'Architect' }),
    });
    expect(jobOnly.status).toBe(200);
    expect((await me(session)).status).toBe(200);

    const newEmail = `moved-${unique()}@example.com`;
    const moved = await call(`/api/admin-panel/users/${id}?operation=edit`, {
      method: 'PATCH',
      token: owner.token,
      body: editBody(form, { job: 'Architect', email: newEmail }),
    });
    expect(moved.status).toBe(200);
    expect((await me(session)).status).toBe(401);
    expect((await refresh(session.refreshToken)).status).toBe(401);
  });

  it('an admin setting their own password in the admin panel stays signed in there; their other sessions end', async () => {
    const { id, form } = await createMember();
    await withDatabase((db) => db.query(`update users set role = 'ADMIN' where id = $1`, [id]));
    const here = await signIn(form.email, PASSWORD);
    const elsewhere = await signIn(form.email, PASSWORD);
    const elsewhereSocket = await openRoom(elsewhere, 'user-room', id);

    const edited = await call(`/api/admin-panel/users/${id}?operation=edit`, {
      method: 'PATCH',
      token: here.token,
      body: editBody(
        { ...form, role: 'ADMIN' },
        { password: 'second-password', confirmPassword: 'second-password' },
      ),
    });
    expect(edited.status).toBe(200);

    expect((await me(here)).status).toBe(200);
    expect((await me(elsewhere)).status).toBe(401);
    expect((await refresh(elsewhere.refreshToken)).status).toBe(401);
    expect(await closeCodeWithin(elsewhereSocket, 3000)).toBe(CLOSE_CODES.revoked);
  });

  it('a member changing their own email keeps this session and ends the others, sockets included', async () => {
    const { id, form } = await createMember();
    const here = await signIn(form.email, PASSWORD);
    const elsewhere = await signIn(form.email, PASSWORD);
    const hereSocket = await openRoom(here, 'user-room', id);
    const elsewhereSocket = await openRoom(elsewhere, 'user-room', id);

    const newEmail = `self-${unique()}@example.com`;
    const changed = await call(`/api/users/${id}`, {
      method: 'PATCH',
      token: here.token,
      // A new email needs the current password (issue 11).
      body: { email: newEmail, currentPassword: PASSWORD },
    });
    expect(changed).toMatchObject({ status: 200, body: { user: { email: newEmail } } });

    expect((await me(here)).status).toBe(200);
    expect((await refresh(here.refreshToken)).status).toBe(200);
    expect((await me(elsewhere)).status).toBe(401);
    expect((await refresh(elsewhere.refreshToken)).status).toBe(401);
    expect(await closeCodeWithin(elsewhereSocket, 3000)).toBe(CLOSE_CODES.revoked);
    expect(await closeCodeWithin(hereSocket, 300)).toBe('open');
    hereSocket.socket.close();
  });

  it('a profile edit that keeps the email ends no session', async () => {
    const { id, form } = await createMember();
    const here = await signIn(form.email, PASSWORD);
    const elsewhere = await signIn(form.email, PASSWORD);
    const same = await call(`/api/users/${id}`, {
      method: 'PATCH',
      token: here.token,
      body: { email: form.email.toUpperCase(), bio: 'Unchanged address' },
    });
    expect(same.status).toBe(200);
    expect((await me(elsewhere)).status).toBe(200);
  });
});

describe('personal calendar feed', () => {
  const feedUrl = async (session: Session) => {
    const answer = await call('/api/events/calendar-feed', { token: session.token });
    expect(answer.status).toBe(200);
    const url = new URL(answer.body.url);
    return `${url.pathname}${url.search}`;
  };

  it('serves the feed to a calendar app, and refuses it once the user is blocked or deleted', async () => {
    const blocked = await createMember();
    const deleted = await createMember();
    const blockedFeed = await feedUrl(await signIn(blocked.form.email, PASSWORD));
    const deletedFeed = await feedUrl(await signIn(deleted.form.email, PASSWORD));
    expect((await call(blockedFeed)).status).toBe(200);
    expect((await call(deletedFeed)).status).toBe(200);

    await withDatabase((db) => db.query('update users set is_blocked = true where id = $1', [blocked.id]));
    await withDatabase((db) => db.query('delete from users where id = $1', [deleted.id]));

    for (const path of [blockedFeed, deletedFeed]) {
      const refused = await call(path);
      expect([401, 403]).toContain(refused.status);
      expect(refused.body).toEqual({ error: expect.any(String) });
    }
  });

  it('resets the link: a new address, and the old one stops working', async () => {
    const { form } = await createMember();
    const session = await signIn(form.email, PASSWORD);
    const before = await feedUrl(session);
    expect(await feedUrl(session)).toBe(before); // stable until reset

    const reset = await call('/api/events/calendar-feed/reset', { method: 'POST', token: session.token });
    expect(reset.status).toBe(200);
    const after = new URL(reset.body.url);
    const afterPath = `${after.pathname}${after.search}`;
    expect(afterPath).not.toBe(before);
    expect(await feedUrl(session)).toBe(afterPath);

    expect([401, 403]).toContain((await call(before)).status);
    const served = await call(afterPath);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/text\/calendar/);
  });

  it('resetting needs a signed-in caller', async () => {
    expect((await call('/api/events/calendar-feed/reset', { method: 'POST' })).status).toBe(401);
  });
});

describe('development secrets', () => {
  /** A request as if the public host named it (node:http lets us set Host, fetch does not). */
  function getWithHost(path: string, host: string): Promise<{ status: number; body: any }> {
    const target = new URL(path, baseUrl());
    return new Promise((resolve, reject) => {
      const request = http.get(target, { headers: { Host: host } }, (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text || 'null') }),
        );
      });
      request.on('error', reject);
    });
  }

  it('are refused with a 503 naming `wrangler secret put` when the request is not for a local host', async () => {
    for (const path of ['/api/health', '/api/auth/me', '/parties/user-room/someone']) {
      const refused = await getWithHost(path, 'community.example.com');
      expect(refused.status).toBe(503);
      expect(refused.body.error).toContain('wrangler secret put');
    }
  });

  it('are accepted on localhost, 127.0.0.1 and [::1]', async () => {
    const port = new URL(baseUrl()).port;
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      expect((await getWithHost('/api/health', `${host}:${port}`)).status).toBe(200);
    }
  });
});
