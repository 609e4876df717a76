import { defineConfig } from 'vitest/config';

// API tests run over real HTTP against edge-api in workerd (wrangler dev) on a real PostgreSQL.
// They mostly wait on HTTP and Postgres, so their files run side by side (each works with members,
// spaces and events of its own). The files below run after them, one at a time, because they
// measure or change what every file shares: the statement counter (posts, events-repeating), the
// whole events list, audit log or members directory (paged end to end: keyset-pages, members; or
// swollen by 20,000 rows: indexes),
// community-wide switches, rate-limit timing that a busy stack would blur (write-limits,
// presence), and the hourly clean-up.
const alone = [
  'test/posts.test.ts',
  'test/events-repeating.test.ts',
  'test/keyset-pages.test.ts',
  'test/indexes.test.ts',
  'test/feature-switches.test.ts',
  'test/members.test.ts',
  'test/write-limits.test.ts',
  'test/presence.test.ts',
  'test/housekeeping.test.ts',
];

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
          name: 'api',
          include: ['test/**/*.test.ts'],
          exclude: alone,
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'api-alone',
          include: alone,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
