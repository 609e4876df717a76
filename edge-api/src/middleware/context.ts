// Puts the checked config and the request's database handles on every request; a transaction
// session is opened only if a route asks for one, and ended after the response.
import { createMiddleware } from 'hono/factory';
import { readConfig } from '../config.ts';
import { type Database, openHttpDatabase, openSession, type Session } from '../db.ts';
import type { AppEnv } from '../env.ts';

export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const config = readConfig(c.env);
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
