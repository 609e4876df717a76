import { defineConfig } from 'vitest/config';

// A unit test of the fetch wrapper: fetch is injected, so Node's environment is enough.
export default defineConfig({
  // A test may take 30 s: under `npm test` this suite runs at a low priority beside the journeys.
  // Isolation per file cost most of the suite's time on 2 cores: tests must reset what they change.
  test: { environment: 'node', include: ['src/**/*.test.ts'], isolate: false, testTimeout: 30_000 },
});
