// Liveness and readiness on the running stack (database and realtime worker up). The 503 side is
// checked in-process (src/routes/health.test.ts) and, against a killed and a frozen Postgres, by
// the fault suite on its own stack: this file shares its database with the other API tests.
import { describe, expect, it } from 'vitest';
import { call } from '../../scripts/lib/api-test-client.ts';

describe('health', () => {
  it('liveness is a cheap {ok: true}', async () => {
    const answer = await call('/api/health');
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('readiness checks the database and the realtime worker, and is never cached', async () => {
    const started = Date.now();
    const answer = await call('/api/health/ready');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true, database: 'ok', realtime: 'ok' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('retry-after')).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('readiness needs no session and ignores a bad one', async () => {
    const answer = await call('/api/health/ready', { headers: { Cookie: 'access_token=not-a-token' } });
    expect(answer.status).toBe(200);
  });
});
