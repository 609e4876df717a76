// Every non-2xx answer is `{ error, issues? }` (ARCHITECTURE.md). Errors are thrown once, as
// ApiError or HTTPException, and turned into that shape in `handleError` only.
import { SERVICE_UNAVAILABLE } from '@community/domain';
import { errorFields, logLine } from '@community/realtime-protocol';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { currentTrace } from './request-trace.ts';

export type Issue = { path: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly issues?: Issue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: Issue[]) => new ApiError(400, message, issues);
export const unauthorized = (message = 'Not signed in') => new ApiError(401, message);
export const forbidden = (message = 'You do not have permission to perform this action.') =>
  new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const conflict = (message: string, issues?: Issue[]) => new ApiError(409, message, issues);

/** One issue per problem, naming the field; unknown keys are listed each under its own name. */
export function issuesFromZod(error: z.core.$ZodError): Issue[] {
  return error.issues.flatMap((issue) => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: base ? `${base}.${key}` : key,
        message: `Unknown field: ${key}`,
      }));
    }
    return [{ path: base, message: issue.message }];
  });
}

export function validationError(error: z.core.$ZodError): ApiError {
  const issues = issuesFromZod(error);
  return badRequest(issues[0]?.message ?? 'Invalid input', issues);
}

/** The Postgres error behind a failed query, whichever driver threw it (Drizzle wraps it in `cause`). */
export function postgresError(error: unknown): { code: string; constraint?: string; detail?: string } | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as { code: string };
    current = cause;
  }
  return null;
}

export const isUniqueViolation = (error: unknown): boolean => postgresError(error)?.code === '23505';

export const ALREADY_EXISTS = 'This already exists.';
export const EMAIL_TAKEN = 'An account with this email already exists.';
export const PSEUDO_TAKEN = 'This pseudo is already taken.';
export const INVALID_CHARACTERS = 'The request contains characters that are not allowed.';
export const INVALID_VALUE = 'The request contains a value that is not valid.';

/**
 * What a unique constraint protects, as the answer to a race the services' own checks lost (two
 * requests creating the same email at once): the constraint's name says which field.
 */
const UNIQUE_CONFLICTS: Record<string, { message: string; path?: string }> = {
  users_email_unique: { message: EMAIL_TAKEN, path: 'email' },
  users_pseudo_unique: { message: PSEUDO_TAKEN, path: 'pseudo' },
  users_pseudo_lower_unique: { message: PSEUDO_TAKEN, path: 'pseudo' },
  communities_community_url_unique: { message: 'This community URL is already taken.', path: 'communityUrl' },
  space_members_space_id_user_id_key: {
    message: 'This user is already a member of this space.',
    path: 'userId',
  },
  event_tags_event_id_name_key: { message: 'This topic is already on the event.', path: 'tags' },
};

function conflictFor(constraint: string | undefined, detail: string | undefined): ApiError {
  const known = constraint ? UNIQUE_CONFLICTS[constraint] : undefined;
  if (known)
    return conflict(known.message, known.path ? [{ path: known.path, message: known.message }] : undefined);
  // Otherwise name the columns (never the values): "Key (a, b)=(…) already exists."
  const columns = detail?.match(/^Key \(([^)]*)\)=/)?.[1];
  return conflict(columns ? `A record with this ${columns} already exists.` : ALREADY_EXISTS);
}

/**
 * Postgres errors that mean the request, not our code, was at fault: a unique-constraint race is
 * a 409; a value Postgres cannot store (NUL, a bad id or number the schemas let through) a 400.
 * The schemas refuse these first, naming the field; this is the net under them, so never a 500.
 */
function fromPostgres(error: unknown): ApiError | null {
  const pg = postgresError(error);
  if (!pg) return null;
  if (pg.code === '23505') return conflictFor(pg.constraint, pg.detail);
  // 22021 character not in repertoire (NUL in text), 22P05 untranslatable character (NUL in jsonb)
  if (pg.code === '22021' || pg.code === '22P05') return badRequest(INVALID_CHARACTERS);
  // 22P02 invalid text representation (e.g. "abc" as a uuid), 22003 numeric out of range,
  // 22001 string too long for its column, 22007/22008 bad date or time
  if (['22P02', '22003', '22001', '22007', '22008'].includes(pg.code)) return badRequest(INVALID_VALUE);
  return null;
}

/** How long a client should wait before trying again when the database is away (seconds). */
export const RETRY_AFTER_SECONDS = 5;

export const serviceUnavailable = () =>
  new ApiError(503, SERVICE_UNAVAILABLE, undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) });

/**
 * SQLSTATEs that say the database cannot serve now, not that the request or our code is wrong:
 * class 08 (connection exception), 57P01/57P02/57P03 (admin or crash shutdown, cannot connect now:
 * a server restarting), 53300 (too many connections), 57014 (query canceled: `statement_timeout`).
 * 40001/40P01 (serialization failure, deadlock) are not among them: no transaction of ours runs
 * SERIALIZABLE, so one means a lock-order bug the operator should see as a 500.
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
const isUnavailableCode = (code: string) => code.startsWith('08') || UNAVAILABLE_CODES.has(code);

/** Node-style socket error codes (the local gateway, or a driver running on Node in a test). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/**
 * What the drivers throw when the database is unreachable, refused or past the deadline, as observed
 * against a killed and a frozen Postgres (ADR 0015; errors.test.ts keeps the real shapes):
 * - HTTP driver: fetch itself failed (`Error connecting to database: …`, the fetch error in
 *   `sourceError`: refused, reset, the per-call deadline's TimeoutError), or the SQL endpoint answered 5xx
 *   (`Server error (HTTP status 503): …`).
 * - Sessions (pg over WebSocket): `Connection terminated…`, `timeout exceeded when trying to
 *   connect`, `Query read timeout`, `… not queryable`, a WebSocket that failed to open (its error
 *   event is what is thrown).
 */
const UNAVAILABLE_MESSAGES = [
  /^Error connecting to database/,
  /^Server error \(HTTP status 5\d\d\)/,
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/,
  /^The database did not answer within/,
  /WebSocket/i,
];
const UNAVAILABLE_NAMES = new Set(['AbortError', 'TimeoutError', 'DatabaseDeadlineError']);

/** Whether `error` (or what it wraps: Drizzle's `cause`, the Neon driver's `sourceError`) means the database is away. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 10) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, name, message, cause, sourceError, type } = current as Record<string, unknown>;
    // A socket's error event thrown as is (the session driver does when its WebSocket cannot open:
    // an ErrorEvent, "Received network error or non-101 status code." on Node); no Error is one.
    if (type === 'error' && !(current instanceof Error)) return true;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && isUnavailableCode(code)) return true;
    if (typeof code === 'string' && SOCKET_CODES.has(code)) return true;
    if (typeof name === 'string' && UNAVAILABLE_NAMES.has(name)) return true;
    // A wrapper (DrizzleQueryError's "Failed query: …") says nothing itself: only its cause counts.
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) {
      return true;
    }
    queue.push(cause, sourceError);
  }
  return false;
}

/**
 * Hono hands only Errors to `handleError` and lets anything else escape as a bare 500. The session
 * driver throws a WebSocket's error event as is: wrapped, it reaches the handler (as its `cause`).
 */
export function asError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  const message = (thrown as { message?: unknown } | null)?.message;
  return new Error(typeof message === 'string' ? message : String(thrown), { cause: thrown });
}

export function handleError(error: Error, c: Context): Response {
  const trace = currentTrace();
  if (isDatabaseUnavailable(error)) {
    // Said in the request's log line, without the stack: the cause is outside our code.
    if (trace) trace.note = `Database unavailable: ${describe(error)}`;
    error = serviceUnavailable();
  }
  const fromDatabase = fromPostgres(error);
  if (fromDatabase) {
    // Still worth the operator's eye: a schema let this through.
    if (trace) trace.note = `Database refused the request (${postgresError(error)?.code})`;
    error = fromDatabase;
  }
  if (error instanceof ApiError) {
    return c.json(
      { error: error.message, ...(error.issues ? { issues: error.issues } : {}) },
      error.status,
      error.headers,
    );
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    return c.json({ error: error.message || 'Request failed' }, status);
  }
  // Unexpected: the request's log line carries it with its stack (lib/request-trace.ts); the caller
  // sees no internals, only the id to give support.
  if (trace) trace.failure = error;
  else
    logLine('error', 'Unhandled error', {
      method: c.req.method,
      path: c.req.path,
      error: errorFields(error),
    });
  return c.json({ error: 'Internal server error' }, 500);
}

/** The innermost message of a wrapped error, for a one-line log. */
function describe(error: unknown): string {
  let current = error as { message?: string; cause?: unknown; sourceError?: unknown } | undefined;
  let text = '';
  for (let depth = 0; current && depth < 5; depth++) {
    if (current.message) text = current.message;
    current = (current.sourceError ?? current.cause) as typeof current;
  }
  return text.slice(0, 300);
}
