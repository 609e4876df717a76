// Brings up the whole platform on one origin: PostgreSQL (embedded, or DATABASE_URL), the
// WebSocket-to-TCP proxy, migrations and demo data, the built front end, and `wrangler dev` running
// edge-api and realtime together. Used by `npm start`, the API tests and the browser journeys.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort, migrateDatabase, seedDemo, startLocalPostgres } from '@community/db';
import { KNOWN_DEV_SECRETS } from '@community/realtime-protocol';
import { hashPassword } from '../../edge-api/src/lib/password.ts';
import { assembleAssets } from './assemble-assets.ts';
import type { StatementCounter } from './pg-statement-counter.ts';
import { startWsProxy } from './ws-proxy.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type StackOptions = {
  port: number;
  /** Postgres data, wrangler's local R2/Durable Object state. Kept between runs. */
  dataDir: string;
  /** An external Postgres instead of the embedded one. */
  databaseUrl?: string | undefined;
  seed?: boolean;
  /** API-only test runs may start without a built front end. */
  frontEndRequired?: boolean;
  /** Counts the SQL statements edge-api sends (benchmarks). */
  statements?: StatementCounter;
  /** Receives wrangler's output; silent by default. */
  onLog?: (line: string) => void;
};

export type Stack = { url: string; databaseUrl: string; stop(): Promise<void> };

const isNeon = (url: string) => new URL(url).hostname.endsWith('.neon.tech');

export async function startStack(options: StackOptions): Promise<Stack> {
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const postgres = await startLocalPostgres({
        dataDir: path.join(options.dataDir, 'postgres'),
        port: await findFreePort(),
      });
      cleanups.push(postgres.stop);
      databaseUrl = postgres.url;
    }
    await migrateDatabase(databaseUrl);
    if (options.seed !== false) await seedDemo(databaseUrl, { hashPassword });

    const vars: Record<string, string> = { DATABASE_URL: databaseUrl };
    if (!isNeon(databaseUrl)) {
      const proxy = await startWsProxy({
        port: await findFreePort(),
        connectionString: databaseUrl,
        ...(options.statements ? { statements: options.statements } : {}),
      });
      cleanups.push(proxy.close);
      vars.DB_WS_PROXY = `127.0.0.1:${proxy.port}`;
    }

    await assembleAssets(ROOT, { required: options.frontEndRequired !== false });
    const wranglerState = path.join(options.dataDir, 'wrangler');
    await mkdir(wranglerState, { recursive: true });
    const wrangler = await startWrangler(options.port, wranglerState, vars, options.onLog);
    cleanups.push(() => stopProcessGroup(wrangler));

    const url = `http://localhost:${options.port}`;
    await waitUntilHealthy(url, wrangler);
    return { url, databaseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function startWrangler(
  port: number,
  persistTo: string,
  vars: Record<string, string>,
  onLog: ((line: string) => void) | undefined,
): Promise<ChildProcess> {
  const args = [
    'dev',
    '-c',
    'edge-api/wrangler.jsonc',
    '-c',
    'realtime/wrangler.jsonc',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--inspector-port',
    String(await findFreePort()),
    '--persist-to',
    persistTo,
    '--show-interactive-dev-session=false',
    // Lets tests run the hourly Cron Trigger on demand: GET /__scheduled (local only).
    '--test-scheduled',
    '--live-reload=false',
    ...Object.entries(vars).flatMap(([key, value]) => ['--var', `${key}:${value}`]),
  ];
  const child = spawn(path.join(ROOT, 'node_modules/.bin/wrangler'), args, {
    cwd: ROOT,
    // Its own process group, so stopping it also stops the workerd processes it started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...workerSafeEnvironment(),
      // The Workers' secrets (`secrets.required` in each wrangler.jsonc) for this local run: wrangler
      // dev reads them from its environment for every Worker (`--var` reaches only the first one).
      // Both Workers refuse these known values on any host but a local one.
      ...KNOWN_DEV_SECRETS,
      // The project's Node 22 (the `node` devDependency) first, whoever started us.
      PATH: `${path.join(ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
      WRANGLER_SEND_METRICS: 'false',
      NO_COLOR: '1',
      FORCE_COLOR: '0',
    },
  });
  const recent: string[] = [];
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 60) recent.shift();
      onLog?.(line);
    }
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  (child as ChildProcess & { recentOutput?: string[] }).recentOutput = recent;
  return child;
}

/**
 * Our environment without the names the Workers declare as `vars`: since the configs declare
 * `secrets`, wrangler dev would otherwise take those from the shell, and Worker settings are not
 * read from the shell that runs `npm start` (README); the stack passes its own with `--var`.
 */
function workerSafeEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'DB_WS_PROXY', 'ALLOWED_ORIGINS']) delete env[name];
  return env;
}

async function waitUntilHealthy(url: string, wrangler: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (wrangler.exitCode !== null) break;
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const output = (wrangler as ChildProcess & { recentOutput?: string[] }).recentOutput ?? [];
  throw new Error(`wrangler dev did not become ready at ${url}:\n${output.join('\n')}`);
}

async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
  signalGroup('SIGKILL'); // any workerd left behind in the group
}
