// Puts the checked config and the request's database handles on every request; a transaction
// session is opened only if a route asks for one, and ended after the response.
import { devSecretRefusal } from '@community/realtime-protocol';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { type Bindings, type Config, readConfig } from '../config.ts';
import { type Database, openHttpDatabase, openSession, type Session } from '../db.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, asError } from '../lib/errors.ts';

/** A Worker deployed without its settings answers 503 naming them, never a bare 500. */
function readConfigOrRefuse(env: Bindings): Config {
  try {
    return readConfig(env);
  } catch (error) {
    const detail =
      error instanceof z.ZodError
        ? error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
        : (error as Error).message;
    throw new ApiError(
      503,
      `This server is not configured (${detail}). Set its secrets with \`wrangler secret put\` (README, Deploy).`,
    );
  }
}

export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const config = readConfigOrRefuse(c.env);
  // The committed development secrets make sessions forgeable: serve with them only on this machine
  // (or to the realtime worker's presence reports over the service binding, which nobody else can reach).
  const refusal = devSecretRefusal(
    c.req.url,
    { AUTH_SECRET: config.authSecret, REALTIME_SECRET: config.realtimeSecret },
    { allowInternal: true },
  );
  if (refusal) throw new ApiError(503, refusal);
  c.set('config', config);
  let http: Database | null = null;
  let session: Session | null = null;
  c.set('db', () => {
    http ??= openHttpDatabase(config);
    return http;
  });
  c.set('txDb', () => {
    session ??= openSession(config);
    return session.db;
  });
  try {
    await next();
  } catch (error) {
    throw asError(error);
  } finally {
    if (session) {
      const closing = (session as Session).close().catch(() => {});
      try {
        c.executionCtx.waitUntil(closing);
      } catch {
        await closing; // no execution context (app.request in a test)
      }
    }
  }
});
