// Session cookies carry `Secure` whenever the request came over HTTPS, deletions included. The API
// suite talks plain http to wrangler dev, so this is checked here, in-process, with https URLs.
import { KNOWN_DEV_SECRETS } from '@community/realtime-protocol';
import { describe, expect, it } from 'vitest';
import { app } from '../app.ts';
import type { Bindings } from '../config.ts';
import { sessionCookieOptions } from './auth.ts';

const env = {
  DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
  AUTH_SECRET: 'a-production-auth-secret-for-tests',
  REALTIME_SECRET: 'a-production-realtime-secret-for-tests',
  REALTIME: { fetch: () => Promise.resolve(new Response(null, { status: 204 })) } as unknown as Fetcher,
} satisfies Bindings;

describe('session cookie options', () => {
  it('are Secure over https and not over plain-http localhost', () => {
    expect(sessionCookieOptions('https://community.example.com/api/auth/login')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(sessionCookieOptions('http://localhost:8787/api/auth/login').secure).toBe(false);
  });

  it('sign-out clears both cookies with Secure over https', async () => {
    // No session presented: sign-out touches neither the database nor the realtime worker.
    const response = await app.request(
      'https://community.example.com/api/auth/sign-out',
      { method: 'POST' },
      env,
    );
    expect(response.status).toBe(204);
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^(access_token|refresh_token)=;/);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
    }
  });

  it('sign-out over plain-http localhost clears them without Secure (browsers would ignore it)', async () => {
    const response = await app.request('http://localhost:8787/api/auth/sign-out', { method: 'POST' }, env);
    expect(response.status).toBe(204);
    for (const cookie of response.headers.getSetCookie()) expect(cookie).not.toMatch(/Secure/i);
  });
});

describe('development secrets', () => {
  const devEnv = { ...env, ...KNOWN_DEV_SECRETS } satisfies Bindings;

  it('are refused on a public host with a 503 naming `wrangler secret put`', async () => {
    const response = await app.request('https://community.example.com/api/health', {}, devEnv);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: string };
    expect(body.error).toContain('wrangler secret put AUTH_SECRET');
    expect(body.error).toContain('wrangler secret put REALTIME_SECRET');
  });

  it('are accepted on localhost', async () => {
    expect((await app.request('http://localhost:8787/api/health', {}, devEnv)).status).toBe(200);
  });

  it('a Worker deployed without its secrets answers 503 naming what is missing, never 500', async () => {
    const { AUTH_SECRET: _, ...missing } = env;
    const response = await app.request(
      'https://community.example.com/api/health',
      {},
      missing as unknown as Bindings,
    );
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: string }).error).toMatch(/authSecret.*wrangler secret put/);
  });
});
