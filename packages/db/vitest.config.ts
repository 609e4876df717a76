import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Each test file starts its own Postgres: first start includes initdb.
  // Isolation per file cost most of the suite's time on 2 cores: tests must reset what they change.
  test: { testTimeout: 120_000, hookTimeout: 120_000, isolate: false },
});
