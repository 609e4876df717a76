import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../scripts/lib/find-chromium.ts';

// Browser journeys against the running stack. `npm test` starts the stack once and passes its
// address in STACK_URL; run alone (`npx playwright test -c e2e/playwright.config.ts`), the global
// setup starts one itself. Playwright cannot download its browser here: use the system Chromium.
const systemChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './journeys',
  outputDir: '../.build/e2e-output',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: process.env.STACK_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
      args: CHROMIUM_FLAGS,
    },
  },
});
