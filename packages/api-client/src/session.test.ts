import type { User } from '@community/domain';
import { describe, expect, it } from 'vitest';
import { createApiClient, REFRESH_PATH } from './api-client.ts';
import { createSession } from './session.ts';
import { createStaleReads } from './stale-reads.ts';
import { createTestFetch, json } from './test-fetch.ts';
import { createMemoryStorage } from './test-storage.ts';

const ada = { id: 'u1', firstName: 'Ada', lastName: 'Lovelace' } as User;

describe('session store', () => {
  it('starts loading, then holds the signed-in user', async () => {
    const { fetch } = createTestFetch({ 'GET /api/auth/me': [json(200, { user: ada })] });
    const session = createSession(createApiClient({ fetch }));
    expect(session.state.status).toBe('loading');

    await session.loadSession();

    expect(session.state).toEqual({ user: ada, status: 'signed-in' });
  });

  it('refreshes an expired access token while loading the session', async () => {
    const { fetch } = createTestFetch({
      'GET /api/auth/me': [json(401, { error: 'Not signed in' }), json(200, { user: ada })],
      [`POST ${REFRESH_PATH}`]: [json(200, { user: ada })],
    });
    const session = createSession(createApiClient({ fetch }));

    await session.loadSession();

    expect(session.state.status).toBe('signed-in');
  });

  it('is signed out when there is no session to refresh', async () => {
    const { fetch } = createTestFetch({
      'GET /api/auth/me': [json(401, { error: 'Not signed in' })],
      [`POST ${REFRESH_PATH}`]: [json(401, { error: 'Not signed in' })],
    });
    const session = createSession(createApiClient({ fetch }));

    await expect(session.loadSession()).resolves.toBeNull();
    expect(session.state).toEqual({ user: null, status: 'signed-out' });
  });

  it('rethrows failures other than "not signed in" so the caller can retry', async () => {
    const { fetch } = createTestFetch({
      'GET /api/auth/me': [json(500, { error: 'Internal server error' })],
    });
    const session = createSession(createApiClient({ fetch }));

    await expect(session.loadSession()).rejects.toMatchObject({ status: 500 });
    expect(session.state.status).toBe('loading');
  });

  it('signs in with email and password', async () => {
    const { fetch, calls } = createTestFetch({
      'POST /api/auth/login': [json(200, { user: ada, accessToken: 't' })],
    });
    const session = createSession(createApiClient({ fetch }));

    await session.signIn('ada@example.com', 'secret');

    expect(calls[0]?.body).toEqual({ email: 'ada@example.com', password: 'secret' });
    expect(session.state).toEqual({ user: ada, status: 'signed-in' });
  });

  it('keeps the server message when sign-in is refused', async () => {
    const { fetch } = createTestFetch({
      'POST /api/auth/login': [json(429, { error: 'Too many failed sign-in attempts. Try again later.' })],
    });
    const session = createSession(createApiClient({ fetch }));

    await expect(session.signIn('ada@example.com', 'x')).rejects.toMatchObject({
      status: 429,
      message: 'Too many failed sign-in attempts. Try again later.',
    });
  });

  it('is signed out after sign-out even if the server call fails', async () => {
    const { fetch } = createTestFetch({
      'GET /api/auth/me': [json(200, { user: ada })],
      'POST /api/auth/sign-out': [json(401, { error: 'Not signed in' })],
    });
    const session = createSession(createApiClient({ fetch }));
    await session.loadSession();

    await session.signOut();

    expect(session.state).toEqual({ user: null, status: 'signed-out' });
  });
});

describe('session store when the feature switches change', () => {
  it("replaces the signed-in member's switches, keeping only known ones", async () => {
    const withFeatures = { ...ada, features: [{ feature: 'events', enabled: true }] } as User;
    const { fetch } = createTestFetch({ 'GET /api/auth/me': [json(200, { user: withFeatures })] });
    const session = createSession(createApiClient({ fetch }));
    await session.loadSession();

    session.setFeatures([
      { feature: 'events', enabled: false },
      { feature: 'spaces', enabled: true },
      { feature: 'teleport', enabled: true },
    ]);

    expect(session.state.user?.features).toEqual([
      { feature: 'events', enabled: false },
      { feature: 'spaces', enabled: true },
    ]);
  });

  it('does nothing when nobody is signed in', () => {
    const session = createSession(createApiClient({ fetch: createTestFetch({}).fetch }));
    session.setFeatures([{ feature: 'events', enabled: true }]);
    expect(session.state.user).toBeNull();
  });
});

describe('session store while the server is away', () => {
  function sessionWith(
    routes: Parameters<typeof createTestFetch>[0],
    storage = createMemoryStorage().storage,
  ) {
    const { fetch } = createTestFetch(routes);
    const staleReads = createStaleReads({ storage });
    const api = createApiClient({ fetch, staleReads, connectivity: null, locks: null });
    return { session: createSession(api), staleReads, storage };
  }
  const unavailable = () => json(503, { error: 'Service temporarily unavailable' });

  it('signs in again the user this tab saw last when the probe finds the server away (a reload)', async () => {
    const first = sessionWith({ 'GET /api/auth/me': [json(200, { user: ada, accessToken: 'secret' })] });
    await first.session.loadSession();

    const reloaded = sessionWith({ 'GET /api/auth/me': [unavailable()] }, first.storage);
    await expect(reloaded.session.loadSession()).resolves.toEqual(ada);

    expect(reloaded.session.state).toEqual({ user: ada, status: 'signed-in' });
    expect(reloaded.staleReads.recall('/api/auth/me')).not.toContain('secret');
  });

  it('throws when the server is away and nobody was signed in in this tab', async () => {
    const { session } = sessionWith({ 'GET /api/auth/me': [unavailable()] });

    await expect(session.loadSession()).rejects.toMatchObject({ status: 503 });
    expect(session.state.status).toBe('loading');
  });

  it('does not sign in the kept user for an answer that is not "away"', async () => {
    const first = sessionWith({ 'GET /api/auth/me': [json(200, { user: ada })] });
    await first.session.loadSession();

    const reloaded = sessionWith(
      { 'GET /api/auth/me': [json(500, { error: 'Internal server error' })] },
      first.storage,
    );

    await expect(reloaded.session.loadSession()).rejects.toMatchObject({ status: 500 });
  });

  it('forgets the kept answers on sign-out and when another user signs in', async () => {
    const grace = { id: 'u2', firstName: 'Grace', lastName: 'Hopper' } as User;
    const { session, staleReads } = sessionWith({
      'GET /api/auth/me': [json(200, { user: ada })],
      'POST /api/auth/sign-out': [json(204)],
      'POST /api/auth/login': [json(200, { user: grace })],
    });
    await session.loadSession();
    staleReads.remember('/api/spaces', '{"items":["ada-only"]}');

    await session.signIn('grace@example.com', 'pw');
    expect(staleReads.recall('/api/spaces')).toBeNull();
    expect(JSON.parse(staleReads.recall('/api/auth/me') ?? '{}')).toEqual({ user: grace });

    staleReads.remember('/api/spaces', '{"items":["grace-only"]}');
    await session.signOut();
    expect(staleReads.recall('/api/spaces')).toBeNull();
    expect(staleReads.recall('/api/auth/me')).toBeNull();
  });
});
