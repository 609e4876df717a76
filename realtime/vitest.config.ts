import { defineConfig } from 'vitest/config';

// Realtime tests open real sockets to the partyserver rooms in workerd, through edge-api's origin.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['../scripts/lib/test-stack.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
