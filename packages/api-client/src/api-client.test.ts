import { describe, expect, it, vi } from 'vitest';
import { createApiClient, REFRESH_PATH, withQuery } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { createTestFetch, json } from './test-fetch.ts';

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
    await expect(createApiClient({ fetch }).get('/api/spaces')).rejects.toMatchObject({ status: 0 });
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
    await vi.waitFor(() => expect(calls.filter((c) => c.path === REFRESH_PATH)).toHaveLength(1));
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
});
