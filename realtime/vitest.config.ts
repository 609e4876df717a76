import { defineConfig } from 'vitest/config';

// Realtime tests open real sockets to the partyserver rooms in workerd, through edge-api's origin:
// the stack's, or, in a file that imports test/in-process-workers.ts, Workers of the file's own on
// Miniflare in its process (from the bundles the stack runs), whose rooms' storage it can read and
// which it can restart. Every file on its own Workers cost a CI run 30–40 s (a workerd start per
// file beside the journeys), so only the files that look inside do. They spend most of their time
// waiting on sockets and timers, so their files run side by side (each works with members of its
// own); the fan-out test runs after them, alone: it counts every SQL statement edge-api sends while
// it publishes, and notifies every member.
const shared = {
  testTimeout: 30_000,
  hookTimeout: 180_000,
};

export default defineConfig({
  test: {
    // In the root, not in each project: the root's global setup runs once and every project
    // inherits what it provides, so both projects share one stack.
    globalSetup: ['../scripts/lib/test-stack.ts'],
    projects: [
      {
        test: {
          ...shared,
          name: 'realtime',
          include: ['test/**/*.test.ts'],
          exclude: ['test/fanout.test.ts'],
          maxWorkers: 4,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'realtime-alone',
          include: ['test/fanout.test.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
