// Imported by a realtime test file that runs against Workers of its own, edge-api and realtime on
// Miniflare in the file's process (scripts/lib/workers-in-process.ts), over the suite's Postgres:
// its rooms' storage can be read directly (`workers().roomStorage`) and the Workers restarted, and
// no other file's rooms share its workerd. Importing it registers the file's beforeAll/afterAll;
// signing in, tickets and every socket of the file then go to these Workers (`useWorkersAt`).
import { afterAll, beforeAll, inject } from 'vitest';
import { useWorkersAt } from '../../scripts/lib/api-test-client.ts';
import { startWorkersInProcess, type WorkersInProcess } from '../../scripts/lib/workers-in-process.ts';

let running: WorkersInProcess | null = null;

/** This file's Workers. */
export function workers(): WorkersInProcess {
  if (!running) throw new Error('the in-process Workers are not started yet (use them inside tests)');
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
