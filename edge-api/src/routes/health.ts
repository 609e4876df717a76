// Liveness and readiness for deploy (Workers health checks, uptime monitors; docs/api.md).
// `/health` answers without touching anything, so a slow database never makes the Worker look
// dead; `/health/ready` says whether requests can be served now: the database and the realtime
// worker each answer within READY_TIMEOUT_MS, or the answer is 503 naming the part that is away.

import { SERVICE_UNAVAILABLE } from '@community/domain';
import { REALTIME_INTERNAL_HOST, redacted } from '@community/realtime-protocol';
import { Hono } from 'hono';
import { pingDatabase } from '../db.ts';
import type { AppEnv } from '../env.ts';
import { RETRY_AFTER_SECONDS } from '../lib/errors.ts';
import { logEvent } from '../lib/request-trace.ts';

/** Shorter than a request's deadline: a monitor wants a quick "no", not a slow one. */
export const READY_TIMEOUT_MS = 2000;

type PartState = 'ok' | 'unavailable';

async function check(part: string, probe: () => Promise<void>): Promise<PartState> {
  try {
    await probe();
    return 'ok';
  } catch (error) {
    logEvent('warn', 'Readiness: a part is unavailable', {
      part,
      error: redacted(String((error as Error).message ?? error).slice(0, 200)),
    });
    return 'unavailable';
  }
}

export const healthRoutes = new Hono<AppEnv>()
  .get('/', (c) => c.json({ ok: true }, 200))
  .get('/ready', async (c) => {
    const [database, realtime] = await Promise.all([
      check('database', () => pingDatabase(c.var.config, READY_TIMEOUT_MS)),
      check('realtime', async () => {
        const response = await c.env.REALTIME.fetch(`https://${REALTIME_INTERNAL_HOST}/health`, {
          signal: AbortSignal.timeout(READY_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
      }),
    ]);
    c.header('Cache-Control', 'no-store');
    if (database === 'ok' && realtime === 'ok') return c.json({ ok: true, database, realtime }, 200);
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json({ ok: false, error: SERVICE_UNAVAILABLE, database, realtime }, 503);
  });
