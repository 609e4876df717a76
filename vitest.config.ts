import { defineConfig } from 'vitest/config';

// Unit suites of every workspace, run together by `npm test` (each keeps its own config).
// The API and realtime suites need the running stack and are run separately by scripts/test-all.ts.
// Every project gives a test 30 s (under `npm test` it runs at a low priority beside the journeys;
// the default 5 s timed out on a slow machine) and runs with `isolate: false`: isolation per file
// cost most of the suite's time on 2 cores, so tests must reset what they change.
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'packages/realtime-protocol',
      'packages/db',
      'packages/ui',
      'packages/api-client',
      'shell',
      'mfe-events',
      'mfe-spaces',
      'mfe-profile',
      'mfe-admin',
      // edge-api's pure modules; its API suite (edge-api/test) needs the stack and runs apart.
      {
        test: {
          name: 'edge-api-unit',
          root: 'edge-api',
          include: ['src/**/*.test.ts'],
          isolate: false,
          testTimeout: 30_000,
        },
      },
      // The local stack's micro-frontend serving (release store, remote origin server).
      {
        test: {
          name: 'scripts-unit',
          root: 'scripts',
          include: ['lib/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
        },
      },
    ],
  },
});
