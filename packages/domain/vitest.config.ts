import { defineConfig } from 'vitest/config';

// Isolation per file cost most of the suite's time on 2 cores: tests must reset what they change.
// Under `npm test` the unit suite runs at a low priority beside the journeys: a test may take 30 s.
export default defineConfig({ test: { include: ['src/**/*.test.ts'], isolate: false, testTimeout: 30_000 } });
