import { defineConfig } from 'vitest/config';

// API tests run over real HTTP against edge-api in workerd (wrangler dev) on a real PostgreSQL.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['../scripts/lib/test-stack.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
