// Local stand-in for Neon's "SQL over HTTP" endpoint (`neonConfig.fetchEndpoint`), so edge-api's
// one-shot queries take the same HTTP path locally as on Neon: one POST per query (or batch), served
// here from a pool of persistent connections instead of a new Postgres session per request.
// Protocol as the driver speaks it: body `{query, params}` or `{queries: [...]}`; answer
// `{fields: [{name, dataTypeID}], rows: [[text, …]], command, rowCount}` (raw text, array mode),
// `{results: [...]}` for a batch (one transaction); a database error is a 400 with its fields.
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

export function neonHttpHandler(options: { connectionString: string; statements?: StatementCounter }) {
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 10 });
  pool.on('error', () => {});
  const target = new URL(options.connectionString);

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const send = (status: number, body: unknown) => {
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
    const body = JSON.parse(await readBody(request)) as Query | { queries: Query[] };
    const client = await pool.connect();
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
      const fields = Object.fromEntries(
        ERROR_FIELDS.map((field) => [field, (error as Record<string, unknown>)[field]]).filter(
          ([, v]) => v !== undefined,
        ),
      );
      send(400, { message: (error as Error).message, ...fields });
    } finally {
      client.release();
    }
  };

  return {
    handle: (request: IncomingMessage, response: ServerResponse) =>
      handle(request, response).catch((error: Error) => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: error.message }));
      }),
    close: () => pool.end(),
  };
}
