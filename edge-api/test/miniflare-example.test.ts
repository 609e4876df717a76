// README "Testing a Worker with Miniflare", as written there: both Workers in this test's process
// over the suite's Postgres. If this file changes, change the README's example with it.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startWorkersInProcess, type WorkersInProcess } from '../../scripts/lib/workers-in-process.ts';

let workers: WorkersInProcess;
beforeAll(async () => {
  // From the bundles the suite's stack runs (scripts/lib/test-stack.ts provides where they are).
  workers = await startWorkersInProcess({
    databaseUrl: inject('databaseUrl'),
    buildDir: inject('workersBuildDir'),
  });
}, 180_000);
afterAll(() => workers.close());

it('answers its health check, runs the minute Cron Trigger, and keeps a room across a restart', async () => {
  expect((await fetch(`${workers.url}/api/health`)).status).toBe(200);
  expect((await workers.api.scheduled({ cron: '* * * * *' })).outcome).toBe('ok');
  await workers.restart();
  expect(await workers.roomStorage('PostsRoom', 'some-room', 'SELECT id FROM scheduled_events')).toBeNull();
});
