// The local database gateway for workerd: a WebSocket-to-TCP bridge at /v1 (what
// `@neondatabase/serverless` Pool/Client use for sessions and interactive transactions) and Neon's
// SQL-over-HTTP endpoint at /sql (one-shot queries). Production talks to Neon instead. Local only.
import http from 'node:http';
import net from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { neonHttpHandler } from './neon-http-endpoint.ts';
import type { StatementCounter } from './pg-statement-counter.ts';
import { sessionSlots } from './session-slots.ts';

/** How long the bridge waits for Postgres to accept a TCP connection. */
const CONNECT_TIMEOUT_MS = 3000;
/**
 * Sessions bridged to Postgres at once; more wait for a free one, as behind Neon's pooled endpoint.
 * The local Postgres allows 200 connections (packages/db local-postgres.ts): this leaves room for
 * the SQL-over-HTTP pool (30), migrations, and tests' and benches' own clients.
 */
export const GATEWAY_SESSIONS = 150;
/** A session waiting longer than this for a connection is closed (1013 "try again later"). */
const SESSION_WAIT_MS = 10_000;

export type WsProxy = { port: number; close(): Promise<void> };

export async function startWsProxy(options: {
  port: number;
  /** The database it serves; the only target it bridges to. */
  connectionString: string;
  /** Benchmarks pass one to count the statements that cross the gateway. */
  statements?: StatementCounter;
}): Promise<WsProxy> {
  const database = new URL(options.connectionString);
  const allowedTarget = `${database.hostname}:${database.port || '5432'}`;
  const sql = neonHttpHandler({
    connectionString: options.connectionString,
    ...(options.statements ? { statements: options.statements } : {}),
  });
  const server = http.createServer((request, response) => {
    if (request.method === 'POST' && request.url?.startsWith('/sql')) {
      void sql.handle(request, response);
      return;
    }
    response.writeHead(404).end();
  });
  const sockets = new WebSocketServer({ server, path: '/v1' });
  const slots = sessionSlots(GATEWAY_SESSIONS);
  sockets.on('connection', (socket, request) => {
    const address = new URL(request.url ?? '', 'http://proxy').searchParams.get('address');
    // Only ever bridge to our own database: this is not a general-purpose tunnel.
    if (address !== allowedTarget) {
      socket.close(1008, 'Target not allowed');
      return;
    }
    // What the driver sends before its turn comes is kept and written once connected.
    const pending: Buffer[] = [];
    let tcp: net.Socket | null = null;
    const count = options.statements?.connection();
    socket.on('message', (data: Buffer) => {
      count?.(data);
      if (tcp && !tcp.connecting) tcp.write(data);
      else pending.push(data);
    });
    const gaveUp = new AbortController();
    const waitedTooLong = setTimeout(() => gaveUp.abort(new Error('waited too long')), SESSION_WAIT_MS);
    socket.on('close', () => {
      gaveUp.abort(new Error('closed'));
      tcp?.destroy();
    });
    socket.on('error', () => {
      gaveUp.abort(new Error('errored'));
      tcp?.destroy();
    });
    slots.acquire(gaveUp.signal).then(
      (release) => {
        clearTimeout(waitedTooLong);
        // Closed in the moment its turn came: nothing to bridge.
        if (socket.readyState !== socket.OPEN) return release();
        tcp = bridge(socket, pending);
        tcp.on('close', release);
      },
      () => {
        clearTimeout(waitedTooLong);
        if (socket.readyState === socket.OPEN) socket.close(1013, 'No database connection free');
      },
    );
  });

  /** Connects to Postgres and pipes both ways; a refused or slow connect closes the socket. */
  function bridge(socket: WebSocket, pending: Buffer[]): net.Socket {
    const tcp = net.connect({ host: database.hostname, port: Number(database.port || 5432) });
    tcp.setNoDelay(true);
    // A refused connect errors at once; one that never completes is given up here, so the
    // driver's session fails promptly instead of waiting on a socket that never opens.
    tcp.setTimeout(CONNECT_TIMEOUT_MS, () => tcp.destroy(new Error('connect timeout')));
    tcp.on('connect', () => {
      tcp.setTimeout(0);
      for (const chunk of pending.splice(0)) tcp.write(chunk);
    });
    tcp.on('data', (chunk) => socket.readyState === socket.OPEN && socket.send(chunk));
    tcp.on('close', () => socket.close());
    // 1011: the server met a condition it could not handle (the database is not there).
    tcp.on('error', () => socket.close(1011, 'Database unreachable'));
    return tcp;
  }
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1');
  });
  return {
    port: options.port,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sql.close();
    },
  };
}
