import { defineConfig } from 'vitest/config';

// Realtime tests open real sockets to the partyserver rooms in workerd, through edge-api's origin.
// Each file runs against Workers of its own on Miniflare in its process (test/in-process-workers.ts,
// from the bundles the suite's stack runs), over the suite's Postgres, so it can read its
// rooms' storage and restart them. They spend most of their time waiting on sockets and timers, so
// their files run side by side (each works with members of its own); the fan-out test runs after
// them, alone, on the stack: it counts every SQL statement edge-api sends while it publishes (the
// stack's counter), and notifies every member.
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
          setupFiles: ['./test/in-process-workers.ts'],
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
