import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Isolation per file cost most of the suite's time on 2 cores: tests must reset what they change.
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'app-config/**/*.test.ts'],
    setupFiles: ['./app-config/vitest-reset.ts'],
    isolate: false,
  },
});
