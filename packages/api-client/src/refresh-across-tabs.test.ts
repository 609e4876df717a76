// Two tabs share one cookie jar. The server ends a session when a rotated refresh token comes back
// (issue 8), so two tabs whose access token expired at the same moment must not both send the old
// refresh token: a Web Lock makes them take turns, and the tab that waited retries first.
import { describe, expect, it } from 'vitest';
import { createApiClient, REFRESH_LOCK, REFRESH_PATH, type RefreshLocks } from './api-client.ts';

/** An in-memory Web Locks API (exclusive locks, `ifAvailable`), shared by the "tabs" of one test. */
function createLocks(): RefreshLocks {
  const held = new Map<string, Promise<void>>();
  async function request<T>(
    name: string,
    optionsOrCallback: { ifAvailable: boolean } | ((lock: unknown) => Promise<T>),
    maybeCallback?: (lock: unknown) => Promise<T>,
  ): Promise<T> {
    const options = typeof optionsOrCallback === 'function' ? { ifAvailable: false } : optionsOrCallback;
    const callback = (typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback)!;
    if (options.ifAvailable && held.has(name)) return callback(null);
    while (held.has(name)) await held.get(name);
    let release = () => {};
    held.set(name, new Promise<void>((resolve) => (release = resolve)));
    try {
      return await callback({ name });
    } finally {
      held.delete(name);
      release();
    }
  }
  return { request } as RefreshLocks;
}

/** The server's side of sessions, as edge-api does it: rotation, and reuse revoking the session. */
function createServer() {
  const jar = { access: 'access-0', refresh: 'refresh-0' };
  const server = { access: 'access-0', refresh: 'refresh-0', retired: new Set<string>(), revoked: false };
  let rotations = 0;
  const refreshes: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    // Cookies are read when the request is sent, and set when its answer arrives.
    if (path === REFRESH_PATH && init.method === 'POST') {
      const presented = jar.refresh;
      refreshes.push(presented);
      await new Promise((resolve) => setTimeout(resolve, 20)); // the round trip
      if (server.revoked) return new Response('{"error":"expired"}', { status: 401 });
      if (presented !== server.refresh) {
        if (server.retired.has(presented)) server.revoked = true; // reuse: the whole session ends
        return new Response('{"error":"expired"}', { status: 401 });
      }
      rotations += 1;
      server.retired.add(presented);
      server.refresh = `refresh-${rotations}`;
      server.access = `access-${rotations}`;
      jar.refresh = server.refresh;
      jar.access = server.access;
      return new Response('{"user":{}}', { status: 200 });
    }
    const ok = !server.revoked && jar.access === server.access;
    return ok
      ? new Response(JSON.stringify({ path }), { status: 200 })
      : new Response('{"error":"Not signed in"}', { status: 401 });
  }) as typeof globalThis.fetch;
  const expireAccessToken = () => {
    server.access = 'expired';
  };
  return { fetch, server, refreshes, expireAccessToken };
}

describe('refreshing across tabs', () => {
  it('lets one tab refresh while the other waits and retries, so the session survives', async () => {
    const { fetch, server, refreshes, expireAccessToken } = createServer();
    const locks = createLocks();
    const lost: string[] = [];
    const tabA = createApiClient({ fetch, locks, onSessionLost: () => lost.push('A') });
    const tabB = createApiClient({ fetch, locks, onSessionLost: () => lost.push('B') });
    expireAccessToken();

    const answers = await Promise.all([tabA.get('/api/a'), tabB.get('/api/b'), tabB.get('/api/c')]);

    expect(answers).toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(refreshes).toEqual(['refresh-0']); // one refresh for both tabs
    expect(server.revoked).toBe(false);
    expect(lost).toEqual([]);
  });

  it('without the lock, two tabs send the same refresh token and the server ends the session', async () => {
    // Why the lock exists: the same race with no cross-tab lock trips reuse detection.
    const { fetch, server, expireAccessToken } = createServer();
    const tabA = createApiClient({ fetch, locks: null });
    const tabB = createApiClient({ fetch, locks: null });
    expireAccessToken();

    await Promise.allSettled([tabA.get('/api/a'), tabB.get('/api/b')]);

    expect(server.revoked).toBe(true);
  });

  it('refreshes itself when the other tab’s refresh did not sign it back in', async () => {
    const { fetch, refreshes, expireAccessToken } = createServer();
    const locks = createLocks();
    const tab = createApiClient({ fetch, locks });
    expireAccessToken();
    // Another tab holds the lock and gives it back without refreshing (it was closed meanwhile).
    let releaseOther = () => {};
    const otherTab = locks.request(
      REFRESH_LOCK,
      () => new Promise<void>((resolve) => (releaseOther = resolve)),
    );

    const answer = tab.get('/api/a');
    await new Promise((resolve) => setTimeout(resolve, 10));
    releaseOther();
    await otherTab;

    await expect(answer).resolves.toEqual({ path: '/api/a' });
    expect(refreshes).toEqual(['refresh-0']);
  });
});
