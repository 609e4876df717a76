import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClientOptions, createApiClient, READY_PATH, REFRESH_PATH, withQuery } from './api-client.ts';
import { ApiError, isPassingFailure } from './api-error.ts';
import { createStaleReads } from './stale-reads.ts';
import { createTestFetch, json } from './test-fetch.ts';
import { createMemoryStorage } from './test-storage.ts';

// vi.waitFor gives up after 1 s by default; under `npm test` this file shares 2 busy cores.
const WAIT = { timeout: 15_000 };

describe('api client', () => {
  it('sends JSON with the session cookies and parses the JSON answer', async () => {
    const { fetch, calls } = createTestFetch({ 'POST /api/things': [json(201, { id: 't1' })] });
    const api = createApiClient({ fetch });

    await expect(api.post('/api/things', { name: 'x' })).resolves.toEqual({ id: 't1' });

    expect(calls).toHaveLength(1);
    const { init, body } = calls[0]!;
    expect(init.credentials).toBe('include');
    expect(body).toEqual({ name: 'x' });
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('resolves undefined for 204 answers', async () => {
    const { fetch } = createTestFetch({ 'DELETE /api/things/1': [json(204)] });
    await expect(createApiClient({ fetch }).delete('/api/things/1')).resolves.toBeUndefined();
  });

  it("throws an ApiError carrying the status, the body's error and its issues", async () => {
    const issues = [{ path: 'email', message: 'Invalid email address' }];
    const { fetch } = createTestFetch({
      'PATCH /api/users/1': [json(400, { error: 'Invalid input', issues })],
    });

    const error = await createApiClient({ fetch })
      .patch('/api/users/1', {})
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid input', issues });
    expect((error as ApiError).fieldErrors()).toEqual({ email: 'Invalid email address' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(
      createApiClient({ fetch, connectivity: null, staleReads: null }).get('/api/spaces'),
    ).rejects.toMatchObject({ status: 0 });
  });

  describe('a request with timeoutMs', () => {
    /** A server that never answers, as a swallowed request looks: only the signal ends the call. */
    const hangingFetch: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });

    it('gives up after that long with a network failure (status 0), which the outbox sends again', async () => {
      const api = createApiClient({ fetch: hangingFetch, connectivity: null, staleReads: null });
      const error = await api
        .post('/api/things', { clientKey: 'k' }, { timeoutMs: 50 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(0);
      expect(isPassingFailure(error)).toBe(true);
    });

    it("still lets the caller's own abort through as an AbortError", async () => {
      const api = createApiClient({ fetch: hangingFetch, connectivity: null, staleReads: null });
      const controller = new AbortController();
      const call = api.post('/api/things', {}, { timeoutMs: 60_000, signal: controller.signal });
      controller.abort();
      await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    });
  });

  it('refreshes the session once on a 401 and retries the request', async () => {
    const { fetch, calls } = createTestFetch({
      'GET /api/spaces': [json(401, { error: 'Not signed in' }), json(200, { items: [] })],
      [`POST ${REFRESH_PATH}`]: [json(200, { user: {}, accessToken: 'a' })],
    });

    await expect(createApiClient({ fetch }).get('/api/spaces')).resolves.toEqual({ items: [] });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/spaces',
      `POST ${REFRESH_PATH}`,
      'GET /api/spaces',
    ]);
  });

  it('shares one refresh between requests that get a 401 at the same time', async () => {
    let releaseRefresh: () => void = () => {};
    const refreshed = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const seen = new Map<string, number>();
    const { fetch, calls } = createTestFetch({
      'GET /api/a': (call) => answerOnceUnauthorized(call.path),
      'GET /api/b': (call) => answerOnceUnauthorized(call.path),
      'GET /api/c': (call) => answerOnceUnauthorized(call.path),
      [`POST ${REFRESH_PATH}`]: async () => {
        await refreshed;
        return json(200, { user: {} });
      },
    });
    function answerOnceUnauthorized(path: string) {
      const count = (seen.get(path) ?? 0) + 1;
      seen.set(path, count);
      return count === 1 ? json(401, { error: 'Not signed in' }) : json(200, { path });
    }
    const api = createApiClient({ fetch });

    const results = Promise.all([api.get('/api/a'), api.get('/api/b'), api.get('/api/c')]);
    await vi.waitFor(() => expect(calls.filter((c) => c.path === REFRESH_PATH)).toHaveLength(1), WAIT);
    releaseRefresh();

    await expect(results).resolves.toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(calls.filter((c) => c.path === REFRESH_PATH)).toHaveLength(1);
  });

  it('calls onSessionLost once and throws the 401 when the refresh fails', async () => {
    const onSessionLost = vi.fn();
    const { fetch } = createTestFetch({
      'GET /api/a': [json(401, { error: 'Not signed in' })],
      'GET /api/b': [json(401, { error: 'Not signed in' })],
      [`POST ${REFRESH_PATH}`]: [json(401, { error: 'Session expired' })],
    });
    const api = createApiClient({ fetch, onSessionLost });

    const outcomes = await Promise.allSettled([api.get('/api/a'), api.get('/api/b')]);

    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(outcomes[0]).toMatchObject({ reason: { status: 401, message: 'Not signed in' } });
    expect(onSessionLost).toHaveBeenCalledTimes(1);
  });

  it('does not report a lost session when the request asked not to', async () => {
    const onSessionLost = vi.fn();
    const { fetch } = createTestFetch({
      'GET /api/auth/me': [json(401, { error: 'Not signed in' })],
      [`POST ${REFRESH_PATH}`]: [json(401, { error: 'Session expired' })],
    });

    await expect(
      createApiClient({ fetch, onSessionLost }).get('/api/auth/me', { reportSessionLost: false }),
    ).rejects.toMatchObject({ status: 401 });
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('never refreshes for wrong credentials at sign-in', async () => {
    const { fetch, calls } = createTestFetch({
      'POST /api/auth/login': [json(401, { error: 'Invalid email or password' })],
    });

    await expect(
      createApiClient({ fetch }).post('/api/auth/login', { email: 'a@b.co', password: 'x' }),
    ).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(calls).toHaveLength(1);
  });

  it('builds query strings without empty values', () => {
    expect(withQuery('/api/events', { published: true, when: 'past', cursor: undefined, search: '' })).toBe(
      '/api/events?published=true&when=past',
    );
    expect(withQuery('/api/spaces', {})).toBe('/api/spaces');
  });

  it('fails as "away", without losing the session, when the refresh cannot reach the server', async () => {
    const onSessionLost = vi.fn();
    const { fetch } = createTestFetch({
      'GET /api/spaces': [json(401, { error: 'Not signed in' })],
      [`POST ${REFRESH_PATH}`]: [json(503, { error: 'Service temporarily unavailable' })],
    });
    const api = createApiClient({ fetch, onSessionLost, connectivity: null, staleReads: null, locks: null });

    await expect(api.get('/api/spaces')).rejects.toMatchObject({ status: 503 });
    expect(onSessionLost).not.toHaveBeenCalled();
  });
});

/** A client with its own connectivity, stale reads and fake timers, as the page's is wired. */
function clientWith(routes: Parameters<typeof createTestFetch>[0], options: ApiClientOptions = {}) {
  const { fetch, calls } = createTestFetch(routes);
  const reachability: boolean[] = [];
  const { storage, items } = createMemoryStorage();
  const staleReads = createStaleReads({ storage });
  const api = createApiClient({
    fetch,
    locks: null,
    staleReads,
    connectivity: {
      reachable: () => reachability.push(true),
      unreachable: () => reachability.push(false),
    },
    ...options,
  });
  return { api, calls, reachability, staleReads, items };
}

const unavailable = () => json(503, { error: 'Service temporarily unavailable' });

describe('api client while the server is away', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports every answer: a 503 or no answer is unreachable, anything else reachable', async () => {
    let network = true;
    const { api, reachability } = clientWith({
      'GET /api/a': () => {
        if (!network) throw new TypeError('Failed to fetch');
        return json(404, { error: 'Not found' });
      },
      'GET /api/b': [unavailable(), json(200, {})],
      [`GET ${READY_PATH}`]: () => unavailable(),
    });

    await api.get('/api/a').catch(() => {});
    await api.get('/api/b').catch(() => {});
    network = false;
    await api.get('/api/a').catch(() => {});
    await api.get('/api/b');

    expect(reachability).toEqual([true, false, false, true]);
  });

  it('probes readiness with a backoff while unreachable and reports the return', async () => {
    const ready = [unavailable(), unavailable(), json(200, { ok: true })];
    const { api, calls, reachability } = clientWith({
      'POST /api/spaces/s1/messages': [unavailable()],
      [`GET ${READY_PATH}`]: ready,
    });

    await api.post('/api/spaces/s1/messages', { text: 'hi' }).catch(() => {});
    expect(reachability).toEqual([false]);

    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.filter((c) => c.path === READY_PATH)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.filter((c) => c.path === READY_PATH)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(calls.filter((c) => c.path === READY_PATH)).toHaveLength(3);
    expect(reachability).toEqual([false, true]);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.filter((c) => c.path === READY_PATH)).toHaveLength(3);
  });

  it('counts readiness as back when only the realtime worker is away (the API serves)', async () => {
    const { api, reachability } = clientWith({
      'GET /api/a': [unavailable()],
      [`GET ${READY_PATH}`]: [json(503, { ok: false, database: 'ok', realtime: 'unavailable' })],
    });

    await api.get('/api/a').catch(() => {});
    await vi.advanceTimersByTimeAsync(1000);

    expect(reachability).toEqual([false, true]);
  });

  it('falls back to liveness when the server has no readiness endpoint', async () => {
    const { api, reachability } = clientWith({
      'GET /api/a': [unavailable()],
      [`GET ${READY_PATH}`]: [json(404, { error: 'Not found' })],
      'GET /api/health': [json(200, { ok: true })],
    });

    await api.get('/api/a').catch(() => {});
    await vi.advanceTimersByTimeAsync(1000);

    expect(reachability).toEqual([false, true]);
  });

  it('stops probing as soon as another answer arrives', async () => {
    const { api, calls } = clientWith({
      'GET /api/a': [unavailable(), json(200, { ok: 1 })],
      [`GET ${READY_PATH}`]: () => unavailable(),
    });

    await api.get('/api/a').catch(() => {});
    await api.get('/api/a');
    await vi.advanceTimersByTimeAsync(30_000);

    expect(calls.filter((c) => c.path === READY_PATH)).toHaveLength(0);
  });

  it("serves a GET's last good answer on a 503 and on a network failure", async () => {
    let network = true;
    const { api } = clientWith({
      'GET /api/spaces/s1': (() => {
        const answers = [json(200, { space: { name: 'Garden' } }), unavailable()];
        return () => {
          if (!network) throw new TypeError('Failed to fetch');
          return answers.shift() ?? unavailable();
        };
      })(),
      [`GET ${READY_PATH}`]: () => unavailable(),
    });

    await expect(api.get('/api/spaces/s1')).resolves.toEqual({ space: { name: 'Garden' } });
    await expect(api.get('/api/spaces/s1')).resolves.toEqual({ space: { name: 'Garden' } });
    network = false;
    await expect(api.get('/api/spaces/s1')).resolves.toEqual({ space: { name: 'Garden' } });
  });

  it('serves the answer kept by an earlier page of this tab (a reload during an outage)', async () => {
    const { storage } = createMemoryStorage();
    const first = createApiClient({
      fetch: createTestFetch({ 'GET /api/spaces': [json(200, { items: ['s1'] })] }).fetch,
      staleReads: createStaleReads({ storage }),
      connectivity: null,
    });
    await first.get('/api/spaces');
    const reloaded = createApiClient({
      fetch: createTestFetch({ 'GET /api/spaces': [unavailable()] }).fetch,
      staleReads: createStaleReads({ storage }),
      connectivity: null,
    });

    await expect(reloaded.get('/api/spaces')).resolves.toEqual({ items: ['s1'] });
  });

  it('throws other errors as they are, and never serves writes or auth answers stale', async () => {
    const { api } = clientWith({
      'GET /api/spaces/s1': [json(200, { space: {} }), json(404, { error: 'Space not found' })],
      'GET /api/posts/p1': [json(200, { post: {} }), json(500, { error: 'Internal server error' })],
      'GET /api/aws-s3/url': [json(200, { url: 'https://x/signed' }), unavailable()],
      'POST /api/things': [json(200, { id: 1 }), unavailable()],
      [`GET ${READY_PATH}`]: () => unavailable(),
    });

    await api.get('/api/spaces/s1');
    await expect(api.get('/api/spaces/s1')).rejects.toMatchObject({ status: 404 });
    await api.get('/api/posts/p1');
    await expect(api.get('/api/posts/p1')).rejects.toMatchObject({ status: 500 });
    await api.get('/api/aws-s3/url?key=k');
    await expect(api.get('/api/aws-s3/url?key=k')).rejects.toMatchObject({ status: 503 });
    await api.post('/api/things', {});
    await expect(api.post('/api/things', {})).rejects.toMatchObject({ status: 503 });
  });

  it('does not keep answers over the size limit', async () => {
    const { storage } = createMemoryStorage();
    const api = createApiClient({
      fetch: createTestFetch({
        'GET /api/big': [json(200, { text: 'x'.repeat(300) }), unavailable()],
      }).fetch,
      staleReads: createStaleReads({ storage, limits: { maxEntryChars: 200 } }),
      connectivity: null,
    });

    await api.get('/api/big');
    await expect(api.get('/api/big')).rejects.toMatchObject({ status: 503 });
  });
});
