import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Isolation per file cost most of the suite's time on 2 cores: tests must reset what they change.
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'app-config/**/*.test.ts'],
    setupFiles: ['./app-config/vitest-reset.ts'],
    isolate: false,
    // Under `npm test` these share the 2 cores with the journeys and the API suite: a test that takes
    // 300 ms alone has taken over 5 s there (the waits of findBy and waitFor are 15 s: app-config).
    testTimeout: 30_000,
  },
});
