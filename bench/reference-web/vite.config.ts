// A bare Vite + React page: the web benchmark's reference (bench/web.ts builds it in the same run).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: '../../.build/reference-web', emptyOutDir: true },
  logLevel: 'warn',
});
