// Readiness when a part is away, in-process: the local gateway named by the config refuses
// connections (a port just freed), so the real driver fails as it does against a stopped gateway. The
// API suite (test/health.test.ts) checks the 200 against the running stack; the fault suite the
// 503 against a killed and a frozen Postgres.
import { createServer } from 'node:net';
import { KNOWN_DEV_SECRETS } from '@community/realtime-protocol';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { app } from '../app.ts';
import type { Bindings } from '../config.ts';

/** A port nothing listens on any more. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let gateway = '';
beforeAll(async () => {
  gateway = `127.0.0.1:${await closedPort()}`;
});

const realtime = (answer: () => Promise<Response>) => ({ fetch: answer }) as unknown as Fetcher;
const env = (REALTIME: Fetcher) =>
  ({
    DATABASE_URL: 'postgres://nobody@127.0.0.1:5432/nothing',
    DB_WS_PROXY: gateway,
    AUTH_SECRET: KNOWN_DEV_SECRETS.AUTH_SECRET,
    REALTIME_SECRET: KNOWN_DEV_SECRETS.REALTIME_SECRET,
    REALTIME,
  }) satisfies Bindings;
const realtimeUp = realtime(() => Promise.resolve(Response.json({ ok: true })));
const realtimeDown = realtime(() => Promise.reject(new Error('Network connection lost.')));

describe('health', () => {
  it('liveness answers without the database', async () => {
    const response = await app.request('http://localhost:8787/api/health', {}, env(realtimeDown));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('readiness answers 503 with Retry-After, naming the part that is away', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const databaseAway = await app.request('http://localhost:8787/api/health/ready', {}, env(realtimeUp));
    expect(databaseAway.status).toBe(503);
    expect(databaseAway.headers.get('Retry-After')).toBe('5');
    expect(await databaseAway.json()).toEqual({
      ok: false,
      error: 'Service temporarily unavailable',
      database: 'unavailable',
      realtime: 'ok',
      requestId: databaseAway.headers.get('X-Request-Id'),
    });
    const bothAway = await app.request('http://localhost:8787/api/health/ready', {}, env(realtimeDown));
    expect(await bothAway.json()).toMatchObject({ database: 'unavailable', realtime: 'unavailable' });
    vi.restoreAllMocks();
  });

  it('a request that needs the unreachable database answers 503, not 500', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const response = await app.request(
      'http://localhost:8787/api/auth/login',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:8787' },
        body: JSON.stringify({ email: 'someone@example.com', password: 'secret' }),
      },
      env(realtimeUp),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('5');
    expect(await response.json()).toEqual({
      error: 'Service temporarily unavailable',
      requestId: response.headers.get('X-Request-Id'),
    });
    // The driver's real words for a refused HTTP endpoint, in the request's one JSON log line, which
    // names the request and never what it carried (the email, the password).
    const line = String(warn.mock.calls[0]);
    expect(JSON.parse(line)).toMatchObject({
      level: 'warn',
      requestId: response.headers.get('X-Request-Id'),
      method: 'POST',
      route: '/api/auth/login',
      status: 503,
      userId: null,
      note: expect.stringMatching(/^Database unavailable: .*(fetch failed|ECONNREFUSED)/),
    });
    expect(line).not.toContain('someone@example.com');
    expect(line).not.toContain('secret');
    vi.restoreAllMocks();
  });

  it('an interactive transaction through the unreachable gateway answers 503, not 500', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await app.request(
      'http://localhost:8787/api/auth/accept-invite',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:8787' },
        body: JSON.stringify({
          token: 'an-invitation-token',
          firstName: 'Ada',
          lastName: 'Away',
          pseudo: 'ada',
          password: 'long-enough-1',
        }),
      },
      env(realtimeUp),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: 'Service temporarily unavailable',
      requestId: response.headers.get('X-Request-Id'),
    });
    expect(warn).toHaveBeenCalledOnce();
    expect(error).not.toHaveBeenCalled(); // no "Unhandled error" line
    vi.restoreAllMocks();
  });
});
