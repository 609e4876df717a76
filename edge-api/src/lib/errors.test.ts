import { NeonDbError } from '@neondatabase/serverless';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { handleError, isUniqueViolation, postgresError } from './errors.ts';

// A database error as the Neon driver reports it, wrapped by Drizzle as a failed query.
function databaseError(fields: Partial<NeonDbError>): Error {
  const error = Object.assign(new NeonDbError('db error'), fields);
  return new DrizzleQueryError('insert into users …', [], error);
}

async function answerTo(error: Error) {
  const app = new Hono().get('/', () => {
    throw error;
  });
  app.onError(handleError);
  const response = await app.request('/');
  return { status: response.status, body: await response.json() };
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

  it('still answers 500 for other database failures (our bug, or the database)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {}); // the operator's log line
    expect((await answerTo(databaseError({ code: '42P01' }))).status).toBe(500);
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});
