import { defineConfig } from 'vitest/config';

// A unit test of the fetch wrapper: fetch is injected, so Node's environment is enough.
export default defineConfig({
  test: { environment: 'node', include: ['src/**/*.test.ts'] },
});
