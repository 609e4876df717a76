import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFrom, referenceOf, requestIdOf } from './api-error.ts';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('ApiError.requestId', () => {
  it("is the body's requestId", async () => {
    const error = await apiErrorFrom(
      answer(500, { error: 'Failed to create post', requestId: '8f1c2a3b4d5e6f70-AMS' }),
    );
    expect(error).toMatchObject({ status: 500, message: 'Failed to create post' });
    expect(error.requestId).toBe('8f1c2a3b4d5e6f70-AMS');
  });

  it('prefers the body over the X-Request-Id header', async () => {
    const error = await apiErrorFrom(
      answer(
        409,
        { error: 'This pseudo is already taken.', requestId: '01JD8X3Q4R5S6T7V8W9X0Y1Z2A', issues: [] },
        { 'x-request-id': 'f47ac10b-58cc-4372-a567-0e02b2c3d479' },
      ),
    );
    expect(error.requestId).toBe('01JD8X3Q4R5S6T7V8W9X0Y1Z2A');
  });

  it('falls back to the header when the body has none, or is not ours (a proxy page)', async () => {
    const header = { 'x-request-id': 'f47ac10b-58cc-4372-a567-0e02b2c3d479' };
    expect((await apiErrorFrom(answer(403, { error: 'Forbidden' }, header))).requestId).toBe(
      'f47ac10b-58cc-4372-a567-0e02b2c3d479',
    );
    const proxy = new Response('<html>Bad gateway</html>', { status: 502, headers: header });
    const error = await apiErrorFrom(proxy);
    expect(error.status).toBe(502);
    expect(error.requestId).toBe('f47ac10b-58cc-4372-a567-0e02b2c3d479');
  });

  it('ignores a value that is not an id, in the body or the header', async () => {
    const bad = ['', 'has space', '<script>alert(1)</script>', 'a'.repeat(101), 'id\nX-Other: 1', 'é-accent'];
    for (const value of bad) {
      const fromBody = await apiErrorFrom(answer(500, { error: 'Oops', requestId: value }));
      expect(fromBody.requestId, JSON.stringify(value)).toBeNull();
      expect(requestIdOf({ error: 'Oops' }, value), JSON.stringify(value)).toBeNull();
    }
    for (const value of [42, null, { id: 'x' }, ['x']]) {
      expect((await apiErrorFrom(answer(500, { error: 'Oops', requestId: value }))).requestId).toBeNull();
    }
  });

  it('uses the header when the body holds a bad value', async () => {
    const error = await apiErrorFrom(
      answer(500, { error: 'Oops', requestId: 'not an id' }, { 'x-request-id': '8f1c2a3b4d5e6f70-CDG' }),
    );
    expect(error.requestId).toBe('8f1c2a3b4d5e6f70-CDG');
  });

  it('accepts ids of up to 100 characters of letters, digits and . _ : -', () => {
    const longest = 'a'.repeat(100);
    expect(requestIdOf({ requestId: longest }, null)).toBe(longest);
    expect(requestIdOf({ requestId: 'req:1.2_3-4' }, null)).toBe('req:1.2_3-4');
    expect(requestIdOf(null, ' 8f1c2a3b4d5e6f70-AMS ')).toBe('8f1c2a3b4d5e6f70-AMS');
    expect(requestIdOf('not an object', null)).toBeNull();
    expect(requestIdOf(undefined, undefined)).toBeNull();
  });

  it('is null when the answer carried none', async () => {
    expect((await apiErrorFrom(answer(400, { error: 'Invalid input' }))).requestId).toBeNull();
  });

  it('keeps the positional arguments of callers that know no id', () => {
    const error = new ApiError(429, 'Too many requests', [], 7000);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 7000, issues: [], requestId: null });
    expect(new ApiError(503, 'Away', [], null, 'abc-1').requestId).toBe('abc-1');
  });

  it('is never set for a server that could not be reached (status 0)', () => {
    expect(new ApiError(0, 'Unable to reach the server.', [], null, 'abc-1').requestId).toBeNull();
  });
});

describe('referenceOf', () => {
  it("is an API error's request id, null for anything else", () => {
    expect(referenceOf(new ApiError(500, 'Failed to create post', [], null, 'abc-1'))).toBe('abc-1');
    expect(referenceOf(new ApiError(500, 'Failed to create post'))).toBeNull();
    expect(referenceOf(new ApiError(0, 'Unable to reach the server.'))).toBeNull();
    expect(referenceOf(new Error('boom'))).toBeNull();
    expect(referenceOf({ requestId: 'abc-1' })).toBeNull();
    expect(referenceOf(undefined)).toBeNull();
  });
});
