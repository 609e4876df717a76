import { describe, expect, it } from 'vitest';
import {
  call,
  cookieFrom,
  extraMember,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';
import { sha256Hex } from '../src/lib/tokens.ts';

describe('sign-in', () => {
  it('signs in a demo member and returns the user, an access token and HttpOnly cookies', async () => {
    const answer = await call('/api/auth/login', {
      method: 'POST',
      body: { email: 'member@example.com', password: 'community-demo' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ email: 'member@example.com', role: 'USER', isBlocked: false });
    expect(answer.body.user).not.toHaveProperty('passwordHash');
    expect(answer.body.user.features).toHaveLength(8);
    expect(typeof answer.body.accessToken).toBe('string');
    const cookies = answer.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/access_token=[^;]+;.*HttpOnly/i);
    expect(cookies).toMatch(
      /refresh_token=[^;]+;.*Path=\/api\/auth.*HttpOnly|refresh_token=[^;]+;.*HttpOnly.*Path=\/api\/auth/i,
    );
    expect(cookies).toMatch(/SameSite=Lax/i);
  });

  it('accepts email in any case', async () => {
    const session = await signIn('Member@Example.com');
    expect(session.user.email).toBe('member@example.com');
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const wrong = await call('/api/auth/login', {
      method: 'POST',
      body: { email: 'host@example.com', password: 'nope-nope' },
    });
    const unknown = await call('/api/auth/login', {
      method: 'POST',
      body: { email: `nobody-${unique()}@example.com`, password: 'whatever1' },
    });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'Invalid email or password' } });
    expect(unknown).toMatchObject({ status: 401, body: { error: 'Invalid email or password' } });
  });

  it('limits failed sign-ins per account with 429 and Retry-After', async () => {
    const email = `target-${unique()}@example.com`;
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await call('/api/auth/login', {
        method: 'POST',
        body: { email, password: 'guess-guess' },
      });
      expect(answer.status).toBe(401);
    }
    const limited = await call('/api/auth/login', {
      method: 'POST',
      body: { email, password: 'guess-guess' },
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('Too many failed sign-in attempts. Try again later.');
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('refuses a blocked user', async () => {
    const email = await extraMember(1);
    await withDatabase((db) => db.query('update users set is_blocked = true where email = $1', [email]));
    try {
      const answer = await call('/api/auth/login', {
        method: 'POST',
        body: { email, password: 'community-demo' },
      });
      expect(answer).toMatchObject({ status: 403, body: { error: 'Your account has been blocked.' } });
    } finally {
      await withDatabase((db) => db.query('update users set is_blocked = false where email = $1', [email]));
    }
  });
});

describe('bad input', () => {
  it('answers malformed JSON with a 400 JSON error', async () => {
    const answer = await call('/api/auth/login', { method: 'POST', rawBody: '{"email": ' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: expect.any(String) });
  });

  it('names the field in error for a wrong type and an invalid email', async () => {
    const answer = await call('/api/auth/login', {
      method: 'POST',
      body: { email: 'not-an-email', password: 42 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Invalid email address');
    expect(answer.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Invalid email address' },
        { path: 'password', message: 'Password is required' },
      ]),
    );
  });

  it('rejects unknown fields, naming them', async () => {
    const answer = await call('/api/auth/login', {
      method: 'POST',
      body: { email: 'member@example.com', password: 'community-demo', role: 'SUPER_ADMIN' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toContainEqual({ path: 'role', message: 'Unknown field: role' });
  });

  it('answers an oversized body with 413', async () => {
    const answer = await call('/api/auth/login', {
      method: 'POST',
      body: { email: 'member@example.com', password: 'x'.repeat(300 * 1024) },
    });
    expect(answer).toMatchObject({ status: 413, body: { error: 'Request body is too large' } });
  });

  it('answers an unknown API path with a 404 JSON error', async () => {
    const answer = await call('/api/no-such-thing');
    expect(answer).toMatchObject({ status: 404, body: { error: 'Not found' } });
  });

  it('refuses a state-changing request from another origin', async () => {
    const answer = await call('/api/auth/login', {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
      body: { email: 'member@example.com', password: 'community-demo' },
    });
    expect(answer).toMatchObject({ status: 403, body: { error: 'Cross-origin request refused' } });
  });
});

describe('sessions', () => {
  it('knows the caller through the bearer token and the cookie', async () => {
    const session = await signIn('host@example.com');
    const byBearer = await call('/api/auth/me', { token: session.token });
    expect(byBearer.body.user.email).toBe('host@example.com');
    const byCookie = await call('/api/auth/me', { headers: { Cookie: `access_token=${session.token}` } });
    expect(byCookie.body.user.email).toBe('host@example.com');
    expect(await call('/api/authorization', { token: session.token })).toMatchObject({
      status: 200,
      body: { role: 'HOST' },
    });
  });

  it('answers 401 without a token or with a forged one', async () => {
    expect((await call('/api/auth/me')).status).toBe(401);
    expect((await call('/api/auth/me', { token: 'e30.e30.forged' })).status).toBe(401);
    expect((await call('/api/authorization')).body).toEqual({ error: 'Not signed in' });
  });

  it('rotates the refresh token: the new one works, the old one no longer does', async () => {
    const session = await signIn('member@example.com');
    const refreshed = await call('/api/auth/refresh', {
      method: 'POST',
      headers: { Cookie: `refresh_token=${session.refreshToken}` },
    });
    expect(refreshed.status).toBe(200);
    const rotated = cookieFrom(refreshed.headers, 'refresh_token');
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(session.refreshToken);
    expect((await call('/api/auth/me', { token: refreshed.body.accessToken })).status).toBe(200);
    const replay = await call('/api/auth/refresh', {
      method: 'POST',
      headers: { Cookie: `refresh_token=${session.refreshToken}` },
    });
    expect(replay.status).toBe(401);
  });

  it('ends the session on sign-out: the access and refresh tokens stop working', async () => {
    const session = await signIn('member@example.com');
    const out = await call('/api/auth/sign-out', { method: 'POST', token: session.token });
    expect(out.status).toBe(204);
    expect((await call('/api/auth/me', { token: session.token })).status).toBe(401);
    const refresh = await call('/api/auth/refresh', {
      method: 'POST',
      headers: { Cookie: `refresh_token=${session.refreshToken}` },
    });
    expect(refresh.status).toBe(401);
  });

  it('ends the sessions of a user who is blocked', async () => {
    const email = await extraMember(2);
    const session = await signIn(email);
    await withDatabase((db) => db.query('update users set is_blocked = true where email = $1', [email]));
    try {
      expect((await call('/api/auth/me', { token: session.token })).status).toBe(401);
    } finally {
      await withDatabase((db) => db.query('update users set is_blocked = false where email = $1', [email]));
    }
  });
});

describe('accepting an invitation', () => {
  async function createInvite(email: string, expiresInMs = 60 * 60 * 1000) {
    const token = `invite-${unique()}-${unique()}`;
    await withDatabase(async (db) => {
      const community = await db.query('select id, owner_id from communities limit 1');
      await db.query(
        'insert into invites (token_hash, email, community_id, invited_by, expires_at) values ($1, $2, $3, $4, $5)',
        [
          await sha256Hex(token),
          email,
          community.rows[0].id,
          community.rows[0].owner_id,
          new Date(Date.now() + expiresInMs),
        ],
      );
    });
    return token;
  }

  it('creates a USER with every feature and signs them in, once', async () => {
    const email = `invited-${unique()}@example.com`;
    const token = await createInvite(email);
    const body = {
      token,
      firstName: 'Ivy',
      lastName: 'Invited',
      pseudo: `ivy${unique()}`,
      password: 'long-enough',
    };
    const accepted = await call('/api/auth/accept-invite', { method: 'POST', body });
    expect(accepted.status).toBe(201);
    expect(accepted.body.user).toMatchObject({ email, role: 'USER' });
    expect(accepted.body.user.features.every((f: { enabled: boolean }) => f.enabled)).toBe(true);
    expect((await signIn(email, 'long-enough')).user.email).toBe(email);
    const again = await call('/api/auth/accept-invite', {
      method: 'POST',
      body: { ...body, pseudo: `x${unique()}` },
    });
    expect(again).toMatchObject({
      status: 400,
      body: { error: 'This invitation link is invalid or has expired.' },
    });
  });

  it('refuses an expired invitation and a short password', async () => {
    const expired = await createInvite(`late-${unique()}@example.com`, -1000);
    const late = await call('/api/auth/accept-invite', {
      method: 'POST',
      body: {
        token: expired,
        firstName: 'L',
        lastName: 'Ate',
        pseudo: `late${unique()}`,
        password: 'long-enough',
      },
    });
    expect(late.status).toBe(400);
    const short = await call('/api/auth/accept-invite', {
      method: 'POST',
      body: { token: 'x', firstName: 'S', lastName: 'Hort', pseudo: 'short', password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.issues).toContainEqual({
      path: 'password',
      message: 'Password must be at least 8 characters',
    });
  });
});
