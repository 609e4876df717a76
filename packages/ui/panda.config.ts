// Generates the one `styled-system` runtime (css, cva, recipes, patterns, tokens) that the UI kit and
// every app import as `@community/ui/styled-system/*`. CSS itself is produced per app (see
// src/panda/app-config.ts); this package only runs `panda codegen`.
import { defineConfig } from '@pandacss/dev';
import { communityPreset } from './src/preset.ts';

export default defineConfig({
  presets: ['@pandacss/preset-base', '@pandacss/preset-panda', communityPreset],
  include: ['./src/**/*.{ts,tsx}'],
  exclude: ['./src/**/*.test.{ts,tsx}'],
  importMap: '@community/ui/styled-system',
  outdir: 'styled-system',
  preflight: false,
});
