import { defineConfig } from 'vitest/config';

// Isolation per file cost most of the suite's time on 2 cores: tests must reset what they change.
export default defineConfig({ test: { include: ['src/**/*.test.ts'], isolate: false } });
