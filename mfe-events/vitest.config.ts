import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    setupFiles: [
      '@community/ui/app-config/vitest-setup',
      '@community/api-client/vitest-reset',
      './src/test/event-map-stub.tsx',
    ],
    include: ['src/**/*.test.{ts,tsx}'],
    // Isolation per file cost most of the suite's time on 2 cores: tests must reset what they change.
    isolate: false,
  },
});
