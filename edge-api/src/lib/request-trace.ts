// Every request traceable (issue 34): an id for each request (Cloudflare's `cf-ray` when there is
// one, made otherwise), on its answer (`X-Request-Id`), in every error body (`requestId`), on the
// room commands it sends (services/realtime.ts) and in one JSON log line when it ends: method,
// route pattern, status, duration, SQL statements, user id, and for a 5xx the error with its stack.
// The line holds ids and counts only: never a token, password, message text or email (the path's
// ids are in the route's pattern, not its values; a failed query's parameters are cut off).
//
// The id travels with the request through AsyncLocalStorage, so code deep in a service (a room
// command, a query's count) reads it without every signature carrying it.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  errorFields,
  type LogLevel,
  logLine,
  REQUEST_ID_HEADER,
  REQUEST_ID_PATTERN,
} from '@community/realtime-protocol';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import type { AppEnv } from '../env.ts';

export type Trace = {
  requestId: string;
  /** SQL statements sent for this request (counted by the databases' query logger, db.ts). */
  statements: number;
  /** What went wrong, for the log line: set by the error handler. */
  failure?: unknown;
  /** A short note for the operator (e.g. why the database was unavailable). */
  note?: string;
};

const traces = new AsyncLocalStorage<Trace>();

/** The trace of the request being served, if any (undefined in a Cron Trigger or a queue batch). */
export const currentTrace = (): Trace | undefined => traces.getStore();

/** Runs `work` as part of a request with this id (the Worker's front-end files use it too). */
export const withTrace = <T>(trace: Trace, work: () => T): T => traces.run(trace, work);

/** `cf-ray` when Cloudflare sent one, else a fresh id. A client's own X-Request-Id is not believed. */
export function requestIdOf(request: Request): string {
  const ray = request.headers.get('cf-ray');
  return ray && REQUEST_ID_PATTERN.test(ray) ? ray : crypto.randomUUID();
}

/**
 * A log line of the request being served, with its id (none in a Cron Trigger or a queue batch).
 * Fields are ids, counts and redacted error texts only (errorFields, redacted).
 */
export function logEvent(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  logLine(level, message, { requestId: traces.getStore()?.requestId, ...fields });
}

/** Counts one SQL statement on the current request (drizzle's query logger). */
export const countStatement = (): void => {
  const trace = traces.getStore();
  if (trace) trace.statements++;
};

/** Adds `requestId` to a JSON error body that lacks it (every error answer carries it). */
export async function withRequestId(response: Response, requestId: string): Promise<Response> {
  if (response.status < 400 || !(response.headers.get('content-type') ?? '').includes('application/json')) {
    return response;
  }
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || typeof body.error !== 'string' || 'requestId' in body)
    return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, requestId }), { status: response.status, headers });
}

/** The route's pattern (`/api/spaces/:id/messages`), never the path with its values. */
function patternOf(c: Context<AppEnv>): string {
  try {
    return routePath(c, -1);
  } catch {
    return 'unmatched';
  }
}

export const traceRequests = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now();
  const trace: Trace = { requestId: requestIdOf(c.req.raw), statements: 0 };
  await traces.run(trace, next);
  c.res = await withRequestId(c.res, trace.requestId);
  c.res.headers.set(REQUEST_ID_HEADER, trace.requestId);
  const status = c.res.status;
  const failed = status >= 500 && trace.failure !== undefined;
  // Our fault (a 5xx with an error) is an error; another 5xx (the database away) a warning.
  logLine(failed ? 'error' : status >= 500 ? 'warn' : 'info', 'request', {
    requestId: trace.requestId,
    method: c.req.method,
    route: patternOf(c),
    status,
    durationMs: Math.round(performance.now() - started),
    statements: trace.statements,
    userId: c.var.auth?.user.id ?? null,
    ...(trace.note ? { note: trace.note } : {}),
    ...(failed ? { error: errorFields(trace.failure) } : {}),
  });
});
