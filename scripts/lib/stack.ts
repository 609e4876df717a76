// Brings up the whole platform on one origin: PostgreSQL (embedded, or DATABASE_URL), the
// WebSocket-to-TCP proxy, migrations and demo data, the built front end, and edge-api and realtime
// on Miniflare (scripts/lib/workers-host.ts). Used by `npm start`, the API tests and the browser
// journeys.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort, migrateDatabase, seedDemo, startLocalPostgres } from '@community/db';
import { KNOWN_DEV_SECRETS } from '@community/realtime-protocol';
import { hashPassword } from '../../edge-api/src/lib/password.ts';
import { assembleAssets } from './assemble-assets.ts';
import { drawDemoImages, uploadDemoImages } from './demo-images.ts';
import { type LocalRemotesState, startLocalRemotes, type Topology } from './local-remotes.ts';
import { LOCAL_MAIL_FROM, startMailInbox } from './mail-inbox.ts';
import type { StatementCounter } from './pg-statement-counter.ts';
import { findPostmaster, listProcesses, postgresProcessTree, thawPostgres } from './postgres-processes.ts';
import { killProcessGroup, stopProcessGroup, waitForPortFree } from './process-groups.ts';
import {
  type RestartPolicy,
  type Running,
  type Supervised,
  type SuperviseOptions,
  supervise,
} from './supervisor.ts';
import type { HostSettings } from './workers-host.ts';
import { HOST_SCRIPT, spawnWorkersHost } from './workers-process.ts';
import { startWsProxy } from './ws-proxy.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type StackOptions = {
  port: number;
  /** Postgres data, the Workers' local R2/Durable Object state. Kept between runs. */
  dataDir: string;
  /** An external Postgres instead of the embedded one. */
  databaseUrl?: string | undefined;
  seed?: boolean;
  /** API-only test runs may start without a built front end. */
  frontEndRequired?: boolean;
  /** Counts the SQL statements edge-api sends (benchmarks). */
  statements?: StatementCounter;
  /** Progress lines of the stack itself (micro-frontends built for their origins, re-pointed). */
  log?: (line: string) => void;
  /** Receives the Workers' output (and Miniflare's warnings); silent by default. */
  onLog?: (line: string) => void;
  /** Bundle and reload the Workers when their sources change (`npm start`). */
  watchWorkers?: boolean;
  /** More settings for the Workers (`--var`), e.g. DB_DEADLINE_MS. */
  vars?: Record<string, string>;
  /** workerd's DevTools inspector port (`npm run bench -- profile` records a CPU profile there); a free one by default. */
  inspectorPort?: number;
  /**
   * Where the micro-frontends are served (scripts/lib/local-remotes.ts): on the platform's origin
   * (default) or each on its own (`MFE_ORIGINS=separate npm start`).
   */
  remoteOrigins?: Topology;
  /**
   * Restart embedded Postgres and the Workers when they exit (`npm start`). Without it (tests,
   * benchmarks) a process that exits stays gone.
   */
  supervise?: Supervision;
  /** The local inbox's ports (`npm start` keeps them); free ones by default. */
  mailPorts?: { smtp?: number; web?: number };
};

export type Stack = {
  url: string;
  databaseUrl: string;
  /** `<dataDir>/stack.json`: the pids and ports of what runs now (see writeState). */
  stateFile: string;
  /** Where the micro-frontends are served; deploy:local and the journeys redeploy and re-point them. */
  remotes: LocalRemotesState;
  /** The local mail inbox (MailDev's web page and REST API): every email the platform sends. */
  mailInbox: string;
  /** Its SMTP port (edge-api's SMTP_URL). */
  mailSmtpPort: number;
  /** The Workers' bundles this stack runs: tests start Workers of their own from them (workers-in-process.ts). */
  workersBuildDir: string;
  stop(): Promise<void>;
};

export type Supervision = {
  /** One line per restart ("postgres exited (signal SIGKILL); restarting it in 1 s …"). */
  log(line: string): void;
  /** A process could not be restarted; the stack has not been stopped yet (the caller does). */
  onGiveUp(reason: string): void;
  policy?: Partial<RestartPolicy>;
};

const isNeon = (url: string) => new URL(url).hostname.endsWith('.neon.tech');

export async function startStack(options: StackOptions): Promise<Stack> {
  const cleanups: (() => Promise<void>)[] = [];
  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= (async () => {
      // A frozen (SIGSTOP) Postgres would sit out every polite stop signal: let it run first.
      if (embeddedPort !== null) thawPostgres(postgresProcessTree(embeddedPort));
      for (const supervisor of supervisors) supervisor.halt();
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
      await rm(stateFile, { force: true });
    })();
    return stopped;
  };
  let embeddedPort: number | null = null;
  const supervisors: Supervised[] = [];
  const stateFile = path.join(options.dataDir, 'stack.json');
  // Named after `wrangler dev`, which ran the Workers before (ADR 25): existing data stays.
  const workersState = path.join(options.dataDir, 'wrangler');
  const state: StackState = {
    pid: process.pid,
    port: options.port,
    postgres: null,
    workers: null,
    remotes: null,
  };
  const supervised = (
    name: string,
    first: Running,
    restart: () => Promise<Running>,
    extra: Partial<SuperviseOptions> = {},
  ) => {
    const supervision = options.supervise;
    if (!supervision) return { stop: first.stop };
    const supervisor = supervise(first, {
      name,
      restart,
      log: supervision.log,
      onGiveUp: supervision.onGiveUp,
      ...(supervision.policy ? { policy: supervision.policy } : {}),
      ...extra,
    });
    supervisors.push(supervisor);
    return supervisor;
  };
  try {
    await mkdir(options.dataDir, { recursive: true });
    await stopLeftoverWorkers(stateFile);
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const postgresDir = path.join(options.dataDir, 'postgres');
      // The same port on every restart: the gateway and the Workers keep the URL they were given.
      const port = await findFreePort();
      embeddedPort = port;
      const startPostgres = async (): Promise<Running> => {
        const running = await runPostgres(postgresDir, port);
        state.postgres = { pid: running.pid, port };
        await writeState(stateFile, state);
        return running;
      };
      const first = await startPostgres();
      databaseUrl = `postgres://postgres:postgres@127.0.0.1:${port}/community`;
      const postgres = supervised('postgres', first, startPostgres);
      cleanups.push(postgres.stop);
    }
    await migrateDatabase(databaseUrl);
    const seeded = options.seed !== false ? await seedDemo(databaseUrl, { hashPassword }) : null;
    // The demo's pictures are drawn while the Workers start (none when the demo was already there).
    const drawing = drawDemoImages(seeded?.images ?? []);
    drawing.catch(() => {}); // awaited below; a failure then fails the start

    // Every email the Workers send goes to the local inbox (MailDev), never out.
    const inbox = await startMailInbox(options.mailPorts);
    cleanups.push(inbox.close);
    state.mailInbox = inbox.url;
    const vars: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      SMTP_URL: `smtp://127.0.0.1:${inbox.smtpPort}`,
      MAIL_FROM: LOCAL_MAIL_FROM,
      // The address emails link to: this stack's own, whatever its port (8787 is only npm start's).
      PUBLIC_URL: `http://localhost:${options.port}`,
      ...options.vars,
    };
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
    await mkdir(workersState, { recursive: true });
    const url = `http://localhost:${options.port}`;
    const remotes = await startLocalRemotes({
      root: ROOT,
      dataDir: options.dataDir,
      topology: options.remoteOrigins ?? 'same-origin',
      shellOrigins: [url, `http://127.0.0.1:${options.port}`],
      required: options.frontEndRequired !== false,
      ...(options.log ? { log: options.log } : {}),
    });
    cleanups.push(remotes.close);
    state.remotes = remotes.state;
    // The topology's settings; those the caller passes win (a dev server's MFE_EVENTS_URL).
    Object.assign(vars, remotes.vars, options.vars);
    // Every Workers host started, so a stop during a restart still finds the newest one.
    let latestGroup: number | null = null;
    cleanups.push(async () => {
      if (latestGroup !== null) await stopProcessGroup(latestGroup);
      await waitForPortFree(options.port);
    });
    const startWorkers = async (): Promise<Running> => {
      // The port must be free: a workerd left from a crashed host would answer in its place.
      await waitForPortFree(options.port, 10_000);
      const child = await startWorkersHost(
        {
          port: options.port,
          persistTo: workersState,
          vars,
          watch: options.watchWorkers === true,
          ...(options.inspectorPort ? { inspectorPort: options.inspectorPort } : {}),
        },
        options.onLog,
      );
      latestGroup = child.pid!;
      const exited = new Promise<string>((resolve) =>
        child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`)),
      );
      const group = child.pid!;
      try {
        await waitUntilHealthy(url, child);
      } catch (error) {
        await killProcessGroup(group).catch(() => {});
        throw error;
      }
      state.workers = { pid: group };
      await writeState(stateFile, state);
      return { pid: group, exited, stop: () => stopProcessGroup(group) };
    };
    const first = await startWorkers();
    const workers = supervised('workers', first, startWorkers, {
      // The host's own process went; the workerd process it started may still hold the port.
      cleanUp: async () => {
        if (latestGroup !== null) await killProcessGroup(latestGroup);
      },
    });
    cleanups.push(workers.stop);
    // Files go through the API once it answers; only for a demo written just now.
    await uploadDemoImages(url, databaseUrl, await drawing);
    return {
      url,
      databaseUrl,
      stateFile,
      remotes: remotes.state,
      mailInbox: inbox.url,
      mailSmtpPort: inbox.smtpPort,
      workersBuildDir: workersBuildDirOf(workersState),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** What runs now, for operators and the fault suite: `cat .data/stack.json`. */
/**
 * Settings of the stacks the test suites start: the API suite runs as if behind a proxy that writes
 * the visitor's address in X-Real-IP (CLIENT_IP_HEADER), so the per-address sign-in limits can be
 * tested with addresses of its choosing; `npm start` trusts no header (lib/client-address.ts).
 */
export const TEST_STACK_VARS: Readonly<Record<string, string>> = { CLIENT_IP_HEADER: 'X-Real-IP' };

export type StackState = {
  /** The process that started the stack (`npm start`, a test runner). */
  pid: number;
  port: number;
  postgres: { pid: number; port: number } | null;
  /** The Workers host's node process, the leader of the process group its workerd is in. */
  workers: { pid: number } | null;
  /** How the micro-frontends are served (`npm run deploy:local` reads it). */
  remotes: LocalRemotesState | null;
  /** The local mail inbox's address (MailDev). */
  mailInbox?: string;
};

async function writeState(file: string, state: StackState): Promise<void> {
  await writeFile(file, `${JSON.stringify(state, null, 2)}\n`);
}

/** Starts embedded Postgres on `port` and watches its postmaster until it exits. */
async function runPostgres(dataDir: string, port: number): Promise<Running> {
  const postgres = await startLocalPostgres({ dataDir, port });
  const pid = findPostmaster(port);
  if (pid === null) {
    await postgres.stop();
    throw new Error(`Postgres started but no postmaster listens on port ${port}`);
  }
  const exited = new Promise<string>((resolve) => {
    const timer = setInterval(() => {
      if (isRunning(pid)) return;
      clearInterval(timer);
      resolve(`postmaster ${pid} is gone`);
    }, 250);
    timer.unref();
  });
  return { pid, exited, stop: postgres.stop };
}

/** Alive and not a zombie (a killed child stays one until Node reaps it). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/**
 * A previous `npm start` that was itself killed (SIGKILL, a closed terminal) left its workerd
 * serving: if its state file (in our data folder) names a Workers host's group still running, and
 * the process that started it is gone, stop that group.
 */
async function stopLeftoverWorkers(stateFile: string): Promise<void> {
  const previous = await readFile(stateFile, 'utf8')
    .then((text) => JSON.parse(text) as StackState)
    .catch(() => null);
  if (!previous?.workers || isRunning(previous.pid)) return;
  const group = previous.workers.pid;
  const ours = listProcesses().some(
    (p) =>
      p.groupId === group &&
      (p.args.join(' ').includes(HOST_SCRIPT) ||
        p.args.some((arg) => arg === `--socket-addr=entry=127.0.0.1:${previous.port}`)),
  );
  if (ours) await killProcessGroup(group);
}

const workersBuildDirOf = (persistTo: string) => path.join(persistTo, 'build');

async function startWorkersHost(
  given: Omit<HostSettings, 'inspectorPort' | 'buildDir'> & { inspectorPort?: number },
  onLog: ((line: string) => void) | undefined,
): Promise<ChildProcess> {
  const settings: HostSettings = {
    ...given,
    inspectorPort: given.inspectorPort ?? (await findFreePort()),
    buildDir: workersBuildDirOf(given.persistTo),
  };
  // The Workers' secrets (`secrets.required` in each wrangler.jsonc) for this local run, read from the
  // environment. Both Workers refuse these known values on any host but a local one.
  const child = spawnWorkersHost(settings, { ...workerSafeEnvironment(), ...KNOWN_DEV_SECRETS });
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
 * Our environment without the names the Workers declare as `vars`: wrangler reads a Worker's
 * secrets from the environment, and Worker settings are not read from the shell that runs
 * `npm start` (README); the stack passes its own (HostSettings.vars).
 */
function workerSafeEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'DB_WS_PROXY', 'ALLOWED_ORIGINS']) delete env[name];
  return env;
}

async function waitUntilHealthy(url: string, host: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (host.exitCode !== null) break;
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const output = (host as ChildProcess & { recentOutput?: string[] }).recentOutput ?? [];
  throw new Error(`the Workers did not become ready at ${url}:\n${output.join('\n')}`);
}
