import { defineConfig } from 'vitest/config';

// The fault suite: starts its own `npm start` (scripts/faults/npm-start.ts) and breaks it for real.
// Run by scripts/test-all.ts after the build, or alone: npx vitest run --root scripts/faults
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
