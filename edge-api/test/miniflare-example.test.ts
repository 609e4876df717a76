// README "Testing a Worker with Miniflare", as written there: both Workers in this test's process
// over the suite's Postgres. If this file changes, change the README's example with it.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { signIn, TINY_PNG, uploadFile, useWorkersAt } from '../../scripts/lib/api-test-client.ts';
import { startWorkersInProcess, type WorkersInProcess } from '../../scripts/lib/workers-in-process.ts';

let workers: WorkersInProcess;
beforeAll(async () => {
  // From the bundles the suite's stack runs (scripts/lib/test-stack.ts provides where they are).
  workers = await startWorkersInProcess({
    databaseUrl: inject('databaseUrl'),
    buildDir: inject('workersBuildDir'),
  });
  useWorkersAt(workers.url); // this file's calls go to these Workers, not the stack's
}, 180_000);
afterAll(async () => {
  useWorkersAt(null);
  await workers.close();
});

it('stores an upload in R2, runs the minute Cron Trigger, and keeps a room across a restart', async () => {
  const member = await signIn('member@example.com');
  const uploaded = await uploadFile(member, 'users', TINY_PNG, 'me.png');
  expect(uploaded.status).toBe(201);
  const bucket = await workers.miniflare.getR2Bucket('UPLOADS', 'community-edge-api');
  expect((await bucket.head(uploaded.body.key))?.size).toBe(TINY_PNG.byteLength);

  expect((await workers.api.scheduled({ cron: '* * * * *' })).outcome).toBe('ok');
  await workers.restart();
  expect(await workers.roomStorage('PostsRoom', 'some-room', 'SELECT id FROM scheduled_events')).toBeNull();
});
