import { defineConfig } from 'vitest/config';

// API tests run over real HTTP against edge-api in workerd (wrangler dev) on a real PostgreSQL.
// One file at a time: most sign in as the demo accounts and share their write limits, their
// notifications and the community's lists, and some count every statement the stack sends. Tried
// side by side (3 at once, ADR 0023): 30% faster alone, but each run found another pair of files
// that met on shared state, and in `npm test` the journeys, not this suite, are the long pole.
// Without per-file isolation (as the unit suites): the files share their imports (the test client,
// drizzle, zod), which each file loaded again before (a tenth of the suite's time, ADR 27); no file
// mocks a module or changes a global, and the one that points the client elsewhere points it back.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['../scripts/lib/test-stack.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    isolate: false,
  },
});
