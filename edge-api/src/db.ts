// Database access for one request, the way Neon recommends for Workers: one-shot queries go over
// HTTP (`db`: no connection to open, nothing to close), and only interactive transactions open a
// WebSocket session (`openSession`), which must be ended within the same request.
// Every call has a deadline (DB_DEADLINE_MS, ADR 0015): a database that is down or frozen makes the
// request answer 503 within it, never hang.
import * as schema from '@community/db/schema';
import { redacted } from '@community/realtime-protocol';
import { neon, neonConfig, Pool, type PoolClient } from '@neondatabase/serverless';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleHttp } from 'drizzle-orm/neon-http';
import { drizzle as drizzleSession, type NeonDatabase } from 'drizzle-orm/neon-serverless';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from './config.ts';
import { countStatement, logEvent } from './lib/request-trace.ts';

type Schema = typeof schema;
/** What services query through: either driver. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A session that can run interactive transactions (`db.transaction(async (tx) => …)`). */
export type SessionDatabase = NeonDatabase<Schema>;

/** The database did not answer within the deadline; the call was abandoned (answered 503). */
export class DatabaseDeadlineError extends Error {
  override name = 'DatabaseDeadlineError';
  constructor(deadlineMs: number) {
    super(`The database did not answer within ${deadlineMs} ms`);
  }
}

/**
 * fetch for the HTTP driver with a deadline per call, the answer's body included (the driver reads
 * it after fetch resolves). An abort the caller asked for still aborts. The deadline is the
 * runtime's own timer signal: a JavaScript timer and controller per query cost a request with six
 * queries about 7% of its CPU (bench/results/chat.md). It aborts with a TimeoutError, which
 * errors.ts answers 503 like our DatabaseDeadlineError.
 */
function fetchWithDeadline(deadlineMs: number): typeof fetch {
  return async (input, init = {}) => {
    const deadline = AbortSignal.timeout(deadlineMs);
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    const response = await fetch(input, { ...init, signal });
    const body = await response.arrayBuffer();
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

function configureDriver(config: Config): void {
  // Global to the driver, and the same for every request of this Worker.
  neonConfig.fetchFunction = fetchWithDeadline(config.dbDeadlineMs);
  const gateway = config.dbWsProxy;
  if (!gateway) return; // Neon: the driver's other defaults are right.
  // Local Postgres has neither Neon's HTTP endpoint nor a WebSocket one: our local gateway serves both.
  neonConfig.fetchEndpoint = () => `http://${gateway}/sql`;
  neonConfig.wsProxy = (host, port) => `${gateway}/v1?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
}

/**
 * One HTTP database per isolate and address: it holds no connection (each query is its own fetch,
 * made in the request that runs it), and building it maps the whole schema's relations, which cost
 * more CPU than a simple request's own queries when it was done per request.
 */
const httpDatabases = new Map<string, Database>();

/** Counts each statement on the request it serves (its log line's `statements`; lib/request-trace.ts). */
const statementCounter = { logQuery: countStatement };

export function openHttpDatabase(config: Config): Database {
  configureDriver(config);
  let db = httpDatabases.get(config.databaseUrl);
  if (!db) {
    db = drizzleHttp({
      client: neon(config.databaseUrl),
      schema,
      logger: statementCounter,
    }) as unknown as Database;
    httpDatabases.set(config.databaseUrl, db);
  }
  return db;
}

export type Session = { db: SessionDatabase; close(): Promise<void> };

/**
 * A session for one interactive transaction. Its deadline counts from the moment it is opened and
 * covers the connect and the whole transaction: when it runs out the connection is dropped, the
 * pending query fails (answered 503) and Postgres rolls the open transaction back as it sees the
 * connection go. `statement_timeout` makes the server give up on its own too (ADR 0015).
 */
export function openSession(config: Config): Session {
  configureDriver(config);
  const deadlineMs = config.dbDeadlineMs;
  const pool = new Pool({
    connectionString: config.databaseUrl,
    max: 1,
    connectionTimeoutMillis: deadlineMs,
    statement_timeout: deadlineMs,
  });
  pool.on('error', (error: Error) =>
    logEvent('error', 'Postgres pool error', { error: redacted(error.message) }),
  );
  const clients = new Set<PoolClient>();
  pool.on('connect', (client: PoolClient) => clients.add(client));
  const deadline = setTimeout(() => {
    for (const client of clients) dropConnection(client, new DatabaseDeadlineError(deadlineMs));
  }, deadlineMs);
  return {
    db: drizzleSession({ client: pool, schema, logger: statementCounter }),
    close: () => {
      clearTimeout(deadline);
      return pool.end();
    },
  };
}

/** Ends a connection at once, whatever the server does: the pending query fails with `error`. */
function dropConnection(client: PoolClient, error: Error): void {
  const internals = client as unknown as {
    connection?: { stream?: { destroy?(error?: Error): void } };
    end(): Promise<void>;
  };
  const stream = internals.connection?.stream;
  if (stream?.destroy) stream.destroy(error);
  else void internals.end().catch(() => {});
}

/** `select 1` over HTTP within `timeoutMs` (readiness): resolves when the database answers, throws otherwise. */
export async function pingDatabase(config: Config, timeoutMs: number): Promise<void> {
  configureDriver(config);
  // The per-call deadline of fetchWithDeadline still applies; this shorter one wins.
  const sql = neon(config.databaseUrl, { fetchOptions: { signal: AbortSignal.timeout(timeoutMs) } });
  await sql`select 1`;
}

/**
 * Runs writes that do not need each other's results as one transaction, so a failure halfway leaves
 * nothing: over HTTP one batch (one round trip, one transaction on the server), in a session or a
 * transaction a transaction. `statements` builds them on the handle it is given. Answers each
 * statement's result, in order.
 */
export async function writeTogether<T extends readonly unknown[]>(
  db: Database,
  statements: (db: Database) => { [K in keyof T]: PromiseLike<T[K]> },
): Promise<T> {
  const http = db as unknown as { batch?: (items: readonly unknown[]) => Promise<unknown[]> };
  if (typeof http.batch === 'function') return (await http.batch(statements(db))) as unknown as T;
  return db.transaction(async (tx) => {
    const results: unknown[] = [];
    for (const statement of statements(tx as unknown as Database)) results.push(await statement);
    return results as unknown as T;
  });
}
