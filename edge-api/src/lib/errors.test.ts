import { NeonDbError } from '@neondatabase/serverless';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { DatabaseDeadlineError } from '../db.ts';
import { asError, handleError, isDatabaseUnavailable, isUniqueViolation, postgresError } from './errors.ts';
import { traceRequests } from './request-trace.ts';

// A database error as the Neon driver reports it, wrapped by Drizzle as a failed query.
function databaseError(fields: Partial<NeonDbError>): Error {
  const error = Object.assign(new NeonDbError('db error'), fields);
  return new DrizzleQueryError('insert into users …', [], error);
}

async function answerTo(error: Error) {
  const app = new Hono().use(traceRequests).get('/', () => {
    throw error;
  });
  app.onError(handleError);
  const response = await app.request('/');
  const { requestId, ...body } = (await response.json()) as Record<string, unknown>;
  expect(requestId).toBe(response.headers.get('X-Request-Id'));
  return { status: response.status, body };
}

describe('Postgres errors in the one error handler', () => {
  it('finds the code through Drizzle’s wrapper', () => {
    const error = databaseError({ code: '23505', constraint: 'users_email_unique' });
    expect(postgresError(error)?.code).toBe('23505');
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error('plain'))).toBe(false);
  });

  it('answers a unique violation with 409 naming the field', async () => {
    expect(await answerTo(databaseError({ code: '23505', constraint: 'users_email_unique' }))).toEqual({
      status: 409,
      body: {
        error: 'An account with this email already exists.',
        issues: [{ path: 'email', message: 'An account with this email already exists.' }],
      },
    });
    expect(await answerTo(databaseError({ code: '23505', constraint: 'users_pseudo_unique' }))).toMatchObject(
      {
        status: 409,
        body: { error: 'This pseudo is already taken.' },
      },
    );
  });

  it('names the columns, never the values, of a constraint it does not know', async () => {
    const error = databaseError({
      code: '23505',
      constraint: 'things_owner_id_name_key',
      detail: 'Key (owner_id, name)=(42, secret) already exists.',
    });
    expect(await answerTo(error)).toEqual({
      status: 409,
      body: { error: 'A record with this owner_id, name already exists.' },
    });
  });

  it('answers values Postgres cannot store with 400, not 500', async () => {
    const log = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const code of ['22021', '22P05', '22P02', '22003', '22001']) {
      expect((await answerTo(databaseError({ code }))).status, code).toBe(400);
    }
    log.mockRestore();
  });

  it('still answers 500 for other database failures (our bug)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {}); // the operator's log line
    expect((await answerTo(databaseError({ code: '42P01' }))).status).toBe(500);
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});

// The shapes below are what the drivers threw against a real Postgres (scratch stack, ADR 0015):
// killed (refused), frozen with SIGSTOP (no answer), and the local gateway's own answers.
/** The HTTP driver when fetch itself failed: the fetch error rides along as `sourceError`. */
function fetchFailure(source: Error): Error {
  const error = Object.assign(new NeonDbError(`Error connecting to database: ${source}`), {
    sourceError: source,
  });
  return new DrizzleQueryError('select …', [], error);
}
/** A session's pg error (no SQLSTATE), as Drizzle wraps it inside a transaction. */
const sessionFailure = (message: string) => new DrizzleQueryError('select …', [], new Error(message));

describe('a database that is away answers 503 with Retry-After, never 500', () => {
  const unavailable: [string, Error][] = [
    // Killed: the gateway could not connect and said so with a connection-class SQLSTATE.
    [
      'gateway refused (killed)',
      databaseError({
        code: '08001',
        message: 'Could not connect to the database: connect ECONNREFUSED 127.0.0.1:32999',
      }),
    ],
    // Frozen: the gateway's connect timed out.
    [
      'gateway connect timeout (frozen)',
      databaseError({
        code: '08001',
        message: 'Could not connect to the database: Connection terminated due to connection timeout',
      }),
    ],
    ['gateway lost the connection mid-query', databaseError({ code: '08006' })],
    // Killed: a session's connection closed under it; frozen: our deadline dropped it.
    ['session connection terminated', sessionFailure('Connection terminated unexpectedly')],
    ['session connect timeout', sessionFailure('timeout exceeded when trying to connect')],
    ['session connection timeout', sessionFailure('Connection terminated due to connection timeout')],
    // Frozen: a session's deadline (ours), or the HTTP driver's per-call deadline and the
    // readiness probe's (both AbortSignal.timeout).
    ['our deadline', fetchFailure(new DatabaseDeadlineError(5000))],
    [
      'HTTP deadline (AbortSignal.timeout)',
      fetchFailure(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    ],
    ['HTTP endpoint unreachable', fetchFailure(new TypeError('fetch failed'))],
    [
      'Neon endpoint 5xx',
      new NeonDbError('Server error (HTTP status 503): {"message":"compute unavailable"}'),
    ],
    [
      'statement_timeout',
      databaseError({ code: '57014', message: 'canceling statement due to statement timeout' }),
    ],
    ['server shutting down', databaseError({ code: '57P01' })],
    ['server starting up', databaseError({ code: '57P03' })],
    ['too many connections', databaseError({ code: '53300' })],
    // Session whose WebSocket could not open (gateway down): the socket's error event is thrown
    // (requestContext wraps it, as Hono's error handler takes Errors only).
    [
      'WebSocket error event',
      asError(
        Object.assign(new Event('error'), { message: 'Received network error or non-101 status code.' }),
      ),
    ],
    [
      'socket error code',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
  ];

  it.each(unavailable)('%s', async (_label, error) => {
    const log = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(isDatabaseUnavailable(error)).toBe(true);
    const app = new Hono().use(traceRequests).get('/', () => {
      throw error;
    });
    app.onError(handleError);
    const response = await app.request('/');
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('5');
    expect(await response.json()).toEqual({
      error: 'Service temporarily unavailable',
      requestId: response.headers.get('X-Request-Id'),
    });
    expect(log).toHaveBeenCalledOnce(); // one line for the operator, not the stack of a 500
    log.mockRestore();
  });

  it('leaves our own faults and the request’s alone', () => {
    for (const error of [
      databaseError({ code: '42P01' }), // undefined table: our bug
      databaseError({ code: '40P01' }), // deadlock: a lock-order bug, stays a 500
      databaseError({ code: 'P0001', message: 'raised by a trigger' }),
      databaseError({ code: '23505' }),
      new NeonDbError('Server error (HTTP status 403): {"message":"Database not allowed"}'),
      new Error('Cannot read properties of undefined'),
      new DrizzleQueryError('select … where name = $1', ['Connection terminated'], new Error('syntax error')),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});
