import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Each test file starts its own Postgres: first start includes initdb.
  test: { testTimeout: 120_000, hookTimeout: 120_000 },
});
