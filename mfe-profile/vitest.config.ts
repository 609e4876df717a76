import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    setupFiles: ['@community/ui/app-config/vitest-setup'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
