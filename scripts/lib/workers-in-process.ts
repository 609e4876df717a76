// Both Workers on Miniflare inside the calling process (a test's), over a database the caller
// names: for tests that call a Worker's other handlers (a queue batch, a Cron Trigger), restart the
// Workers on the same storage, or look at what the HTTP API cannot show (a Durable Object's own
// SQLite storage). The same bundles and bindings as the stack's (workers-host.ts), and the database
// through a gateway of its own, as edge-api reaches it everywhere locally. README: "Testing a
// Worker with Miniflare".
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { findFreePort } from '@community/db';
import { KNOWN_DEV_SECRETS } from '@community/realtime-protocol';
import type { Miniflare } from 'miniflare';
import { type RunningWorkers, startWorkers } from './workers-host.ts';
import { startWsProxy } from './ws-proxy.ts';

const REALTIME = 'community-realtime';

export type WorkersInProcess = {
  /** The Workers' origin: edge-api, which forwards /parties/* to realtime, as deployed. */
  url: string;
  miniflare: Miniflare;
  /** edge-api itself: `fetch`, and `queue(name, messages)` / `scheduled()` as the runtime calls them. */
  api: Awaited<ReturnType<Miniflare['getWorker']>>;
  /**
   * Stops the Workers at once (as a crash or a deploy would: rooms get no warning) and starts them
   * again on the same storage and port. `down` runs while nothing runs.
   */
  restart(down?: () => Promise<unknown>): Promise<void>;
  /**
   * Reads a realtime room's own storage (its Durable Object's SQLite database) with `query`,
   * read-only; null while the room has never stored anything. `binding` is the class's binding
   * (`PostsRoom`, `SpaceRoom`…), `room` the room's name.
   */
  roomStorage<Row>(binding: string, room: string, query: string): Promise<Row[] | null>;
  /** Every line both Workers logged so far (the last 5,000): `console.*` at its level. */
  logs: { level: string; message: string }[];
  close(): Promise<void>;
};

export async function startWorkersInProcess(options: {
  databaseUrl: string;
  /** edge-api's variables over its wrangler.jsonc (SMTP_URL, MAIL_FROM…). */
  vars?: Record<string, string>;
  /** Bundles made already (the stack's, `inject('workersBuildDir')`); kept. Absent or '': bundled here. */
  buildDir?: string;
}): Promise<WorkersInProcess> {
  // wrangler reads the Workers' secrets from the environment, as the stack's host does.
  Object.assign(process.env, KNOWN_DEV_SECRETS);
  const state = await mkdtemp(path.join(os.tmpdir(), 'community-workers-'));
  const gateway = await startWsProxy({ port: await findFreePort(), connectionString: options.databaseUrl });
  const port = await findFreePort();
  const logs: WorkersInProcess['logs'] = [];
  const settings = {
    port,
    inspectorPort: await findFreePort(),
    persistTo: state,
    buildDir: options.buildDir || path.join(state, 'build'),
    // The Workers' errors reach the test's output; their other lines only with WORKERS_LOG=1.
    onWorkerLog: (level: string, message: string) => {
      logs.push({ level, message });
      if (logs.length > 5000) logs.shift();
      if (level === 'error' || process.env.WORKERS_LOG) console.error(`[workers ${level}] ${message}`);
    },
    prebuilt: Boolean(options.buildDir),
    vars: {
      DATABASE_URL: options.databaseUrl,
      DB_WS_PROXY: `127.0.0.1:${gateway.port}`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...options.vars,
    },
  };
  let workers: RunningWorkers | null = null;
  try {
    workers = await startWorkers(settings);
    const handle: WorkersInProcess = {
      url: `http://127.0.0.1:${port}`,
      miniflare: workers.miniflare,
      api: await workers.miniflare.getWorker('community-edge-api'),
      logs,
      async restart(down) {
        await workers?.close();
        workers = null;
        await down?.();
        workers = await startWorkers({ ...settings, prebuilt: true });
        handle.miniflare = workers.miniflare;
        handle.api = await workers.miniflare.getWorker('community-edge-api');
      },
      async roomStorage<Row>(binding: string, room: string, query: string) {
        const rooms = await handle.miniflare.getDurableObjectNamespace(binding, REALTIME);
        const id = rooms.idFromName(room).toString();
        // Miniflare keeps each object in `<persist>/v3/do/<worker>-<class>/<id>.sqlite`.
        const file = path.join(state, 'v3', 'do', `${REALTIME}-${binding}`, `${id}.sqlite`);
        if (!existsSync(file)) return null;
        const database = new DatabaseSync(file, { readOnly: true });
        try {
          return database.prepare(query).all() as Row[];
        } finally {
          database.close();
        }
      },
      async close() {
        await workers?.close();
        await gateway.close();
        await rm(state, { recursive: true, force: true });
      },
    };
    return handle;
  } catch (error) {
    await workers?.close();
    await gateway.close();
    await rm(state, { recursive: true, force: true });
    throw error;
  }
}
