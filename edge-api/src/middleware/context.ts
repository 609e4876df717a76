// Puts the checked config and a lazily opened database on every request, and closes the database
// after the response.
import { createMiddleware } from 'hono/factory';
import { readConfig } from '../config.ts';
import { openDatabase, type RequestDatabase } from '../db.ts';
import type { AppEnv } from '../env.ts';

export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const config = readConfig(c.env);
  c.set('config', config);
  let opened: RequestDatabase | null = null;
  c.set('db', () => {
    opened ??= openDatabase(config);
    return opened.db;
  });
  try {
    await next();
  } finally {
    if (opened) {
      const closing = (opened as RequestDatabase).close().catch(() => {});
      try {
        c.executionCtx.waitUntil(closing);
      } catch {
        await closing; // no execution context (app.request in a test)
      }
    }
  }
});
