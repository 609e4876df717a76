import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../scripts/lib/find-chromium.ts';
import { useStackOfThisWorker } from './stacks.ts';

// Browser journeys against running stacks, one per Playwright worker: each journey signs in with
// the demo accounts and changes their data, so two workers never share a stack. `npm test` starts
// the stacks and passes them in STACKS (JSON: url, databaseUrl, remotes); run alone (`npx
// playwright test -c e2e/playwright.config.ts`), the global setup starts JOURNEY_WORKERS of them
// (default 1). Playwright cannot download its browser here: use the system's, its headless shell
// first where installed (a third less CPU for the same journeys: scripts/lib/find-chromium.ts).
const systemChromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)) ??
  '/usr/bin/chromium';
const workers = process.env.STACKS
  ? (JSON.parse(process.env.STACKS) as unknown[]).length
  : Number(process.env.JOURNEY_WORKERS ?? 1);
// In a worker (the config is loaded again there, after the global setup): this worker's stack, in
// the variables the journeys and their helpers read, once that stack is free for the journeys.
await useStackOfThisWorker();

export default defineConfig({
  testDir: './journeys',
  outputDir: '../.build/e2e-output',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: process.env.STACK_URL,
    // Recording a trace made every journey about an eighth slower (ADR 18): only for the retry.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // As a member who asked their device for less motion: the skeletons' shimmer (the one animation
    // that honours it) stops. Without a GPU every running animation costs the browser a software
    // frame 60 times a second; side by side on the same journeys this was 140 instead of 156 s of
    // Chromium CPU (ADR 23). Dialogs and toasts still animate, so their enter/exit paths stay tested.
    reducedMotion: 'reduce',
    launchOptions: {
      ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
      args: CHROMIUM_FLAGS,
    },
  },
});
