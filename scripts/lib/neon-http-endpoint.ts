// Local stand-in for Neon's "SQL over HTTP" endpoint (`neonConfig.fetchEndpoint`), so edge-api's
// one-shot queries take the same HTTP path locally as on Neon: one POST per query (or batch), served
// here from a pool of persistent connections instead of a new Postgres session per request.
// Protocol as the driver speaks it: body `{query, params}` or `{queries: [...]}`; answer
// `{fields: [{name, dataTypeID}], rows: [[text, …]], command, rowCount}` (raw text, array mode),
// `{results: [...]}` for a batch (one transaction); a database error is a 400 with its fields.
// When Postgres cannot be reached (refused, frozen, killed mid-query) the answer is also a 400, with a
// connection-class SQLSTATE (08001 could not connect, 08006 connection lost): a 400 is the only
// answer whose fields the driver passes through, so edge-api sees a code it maps to 503 (ADR 0015).
import type { IncomingMessage, ServerResponse } from 'node:http';
import pg from 'pg';
import type { StatementCounter } from './pg-statement-counter.ts';

type Query = { query: string; params: unknown[] };

const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

// Values go back as the server sent them (text); the driver parses them by type id.
const rawText = { getTypeParser: () => (value: string) => value };

async function run(client: pg.PoolClient, { query, params }: Query) {
  const result = await client.query({ text: query, values: params, rowMode: 'array', types: rawText });
  return {
    fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
    rows: result.rows,
    command: result.command,
    rowCount: result.rowCount,
    rowAsArray: true,
  };
}

function beginStatement(headers: IncomingMessage['headers']): string {
  const isolation = String(headers['neon-batch-isolation-level'] ?? '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toUpperCase();
  const parts = ['BEGIN'];
  if (['READ UNCOMMITTED', 'READ COMMITTED', 'REPEATABLE READ', 'SERIALIZABLE'].includes(isolation)) {
    parts.push(`ISOLATION LEVEL ${isolation}`);
  }
  if (headers['neon-batch-read-only'] === 'true') parts.push('READ ONLY');
  if (headers['neon-batch-deferrable'] === 'true') parts.push('DEFERRABLE');
  return parts.join(' ');
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Errors pg raises itself (no SQLSTATE): the connection failed, closed or timed out. */
const hasSqlState = (error: unknown) =>
  /^[0-9A-Z]{5}$/.test(String((error as { code?: unknown }).code ?? ''));

function errorFields(error: unknown): Record<string, unknown> {
  return Object.fromEntries(
    ERROR_FIELDS.map((field) => [field, (error as Record<string, unknown>)[field]]).filter(
      ([, v]) => v !== undefined,
    ),
  );
}

/** Deadlines of the gateway's own connections, below edge-api's default DB_DEADLINE_MS (5 s). */
const CONNECT_TIMEOUT_MS = 3000;
const QUERY_TIMEOUT_MS = 5000;

export function neonHttpHandler(options: { connectionString: string; statements?: StatementCounter }) {
  // A dead connection leaves the pool on its own (idle: its 'error'; in use: released with the
  // error below), so a restarted or thawed Postgres on the same port is used again without a restart.
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    // Neon's HTTP endpoint serves many queries at once; with 10 here, 500 RSVPs in 2 s (each a
    // one-statement call waiting its turn for the event row's lock) starved the other statements
    // and 36 of them failed (ADR 21). With the WebSocket sessions (ws-proxy.ts) this stays within
    // the local Postgres' 200 connections.
    max: 30,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // The server gives up on a long statement by itself; the client-side timeout covers a frozen server.
    statement_timeout: QUERY_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS + 1000,
  });
  pool.on('error', () => {});
  // A client checked out of the pool has no listener of the pool's: when the database drops under a
  // running query, its 'error' (Connection terminated, ECONNRESET) would crash the whole process.
  // The query itself rejects with the same error, which the handler answers.
  pool.on('connect', (client) => client.on('error', () => {}));
  const target = new URL(options.connectionString);

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const send = (status: number, body: unknown) => {
      // The caller may have given up (edge-api's deadline): nothing to answer then.
      if (response.destroyed || response.writableEnded) return;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    // Only ever our own database, whatever connection string the caller names.
    const asked = new URL(String(request.headers['neon-connection-string'] ?? 'postgres://invalid'));
    if (
      asked.hostname !== target.hostname ||
      asked.port !== target.port ||
      asked.pathname !== target.pathname
    ) {
      send(403, { message: 'Database not allowed' });
      return;
    }
    let body: Query | { queries: Query[] };
    try {
      body = JSON.parse(await readBody(request)) as Query | { queries: Query[] };
    } catch (error) {
      send(400, { message: `Unreadable request: ${(error as Error).message}` });
      return;
    }
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      send(400, { message: `Could not connect to the database: ${(error as Error).message}`, code: '08001' });
      return;
    }
    let broken: Error | undefined;
    try {
      if ('queries' in body) {
        await client.query(beginStatement(request.headers));
        try {
          const results = [];
          for (const query of body.queries) results.push(await run(client, query));
          await client.query('COMMIT');
          if (options.statements) options.statements.total += body.queries.length;
          send(200, { results });
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        }
      } else {
        const result = await run(client, body);
        if (options.statements) options.statements.total += 1;
        send(200, result);
      }
    } catch (error) {
      if (hasSqlState(error)) {
        send(400, { message: (error as Error).message, ...errorFields(error) });
      } else {
        // Not Postgres' answer: the connection broke or timed out. Drop it from the pool.
        broken = error as Error;
        send(400, { message: `Database connection lost: ${broken.message}`, code: '08006' });
      }
    } finally {
      client.release(broken);
    }
  };

  return {
    handle: (request: IncomingMessage, response: ServerResponse) =>
      handle(request, response).catch((error: Error) => {
        if (response.destroyed || response.writableEnded) return;
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: error.message }));
      }),
    close: () => pool.end(),
  };
}
