// vitest setupFile of the realtime suite: each test file runs against Workers of its own, edge-api
// and realtime on Miniflare in the file's process (scripts/lib/workers-in-process.ts), over the
// suite's Postgres: its rooms' storage can be read directly (`workers().roomStorage`) and the
// Workers restarted, and no other file's rooms share its workerd. Signing in, tickets and every
// socket go to these Workers (api-test-client's `useWorkersAt`).
import { afterAll, beforeAll, inject } from 'vitest';
import { useWorkersAt } from '../../scripts/lib/api-test-client.ts';
import { startWorkersInProcess, type WorkersInProcess } from '../../scripts/lib/workers-in-process.ts';

let running: WorkersInProcess | null = null;

/** This file's Workers. */
export function workers(): WorkersInProcess {
  if (!running)
    throw new Error('the in-process Workers are not started (realtime/vitest.config.ts setupFiles)');
  return running;
}

beforeAll(async () => {
  running = await startWorkersInProcess({
    databaseUrl: inject('databaseUrl'),
    buildDir: inject('workersBuildDir'), // the stack's bundles: no bundling per file
  });
  useWorkersAt(running.url);
}, 180_000);

afterAll(async () => {
  useWorkersAt(null);
  await running?.close();
  running = null;
});
