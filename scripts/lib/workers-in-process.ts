// Both Workers on Miniflare inside the calling process (a test's), over a database the caller
// names: for tests that call a Worker's other handlers (a queue batch, a Cron Trigger) or look at
// what the HTTP API cannot show. The same bundles and bindings as the stack's (workers-host.ts),
// and the database through a gateway of its own, as edge-api reaches it everywhere locally.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@community/db';
import { KNOWN_DEV_SECRETS } from '@community/realtime-protocol';
import type { Miniflare } from 'miniflare';
import { startWorkers } from './workers-host.ts';
import { startWsProxy } from './ws-proxy.ts';

export type WorkersInProcess = {
  miniflare: Miniflare;
  /** edge-api itself: `fetch`, and `queue(name, messages)` / `scheduled()` as the runtime calls them. */
  api: Awaited<ReturnType<Miniflare['getWorker']>>;
  close(): Promise<void>;
};

export async function startWorkersInProcess(options: {
  databaseUrl: string;
  /** edge-api's variables over its wrangler.jsonc (SMTP_URL, MAIL_FROM…). */
  vars?: Record<string, string>;
}): Promise<WorkersInProcess> {
  // wrangler reads the Workers' secrets from the environment, as the stack's host does.
  Object.assign(process.env, KNOWN_DEV_SECRETS);
  const state = await mkdtemp(path.join(os.tmpdir(), 'community-workers-'));
  const gateway = await startWsProxy({ port: await findFreePort(), connectionString: options.databaseUrl });
  try {
    const workers = await startWorkers({
      port: await findFreePort(),
      inspectorPort: await findFreePort(),
      persistTo: state,
      buildDir: path.join(state, 'build'),
      vars: {
        DATABASE_URL: options.databaseUrl,
        DB_WS_PROXY: `127.0.0.1:${gateway.port}`,
        ...options.vars,
      },
    });
    return {
      miniflare: workers.miniflare,
      api: await workers.miniflare.getWorker('community-edge-api'),
      async close() {
        await workers.close();
        await gateway.close();
        await rm(state, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await gateway.close();
    await rm(state, { recursive: true, force: true });
    throw error;
  }
}
