// `npm run bench -- profile-panel` (issue 11), two parts on one stack with the built front end (`npm run build` first):
// 1. City search under load: `GET /api/cities?search=…` at 20 connections (a common prefix, the
//    widest one-letter prefix, two words, a later word), next to the bare Hono route (`/api/health`, no database) measured in the same run.
//    Budget: p99 under 50 ms.
// 2. The profile panel in Chromium: click on the avatar (own profile) or on a member of the
//    directory (someone else's) until the panel shows the member's name, ROUNDS times each, next
//    to a reference measured the same way in the same page: opening the notifications menu, which
//    needs no request. Budget: the panel opens in under 300 ms (median and p95 reported).
import { existsSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../scripts/lib/find-chromium.ts';
import { load, saveResults, table, withBenchStack } from './lib.ts';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const BUDGET_SEARCH_P99_MS = 50;
const BUDGET_PANEL_MS = 300;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

async function signIn(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'community-demo' }),
  });
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** Milliseconds from the click to `ready` being visible, ROUNDS times; `close` puts the page back. */
async function timeOpenings(
  page: Page,
  open: () => Promise<void>,
  ready: () => Promise<void>,
  close: () => Promise<void>,
) {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS + 2; round += 1) {
    const start = performance.now();
    await open();
    await ready();
    const elapsed = performance.now() - start;
    if (round >= 2) times.push(elapsed); // two warm-up rounds: code-split chunks load once
    await close();
    await page.waitForTimeout(50);
  }
  return { medianMs: Math.round(percentile(times, 50)), p95Ms: Math.round(percentile(times, 95)) };
}

await withBenchStack(
  async (stack) => {
    const token = await signIn(stack.url, 'member@example.com');
    const headers = { authorization: `Bearer ${token}` };
    const options = { connections: CONNECTIONS, seconds: SECONDS, headers };
    const results = [
      await load(stack, 'bare Hono route (reference)', `${stack.url}/api/health`, options),
      await load(stack, 'GET /api/cities?search=par', `${stack.url}/api/cities?search=par`, options),
      await load(
        stack,
        'GET /api/cities?search=a (widest prefix)',
        `${stack.url}/api/cities?search=a`,
        options,
      ),
      await load(stack, 'GET /api/cities?search=new%20y', `${stack.url}/api/cities?search=new%20y`, options),
      await load(
        stack,
        'GET /api/cities?search=york (a later word)',
        `${stack.url}/api/cities?search=york`,
        options,
      ),
    ];

    const systemChromium = '/usr/bin/chromium';
    const browser = await chromium.launch({
      ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
      args: CHROMIUM_FLAGS,
    });
    const panel: { name: string; medianMs: number; p95Ms: number }[] = [];
    try {
      const page = await browser.newPage({ baseURL: stack.url.replace('127.0.0.1', 'localhost') });
      await page.goto('/auth/login');
      await page.getByLabel('Email').fill('member@example.com');
      await page.getByLabel('Password').fill('community-demo');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/$/);

      const dialog = page.getByRole('dialog', { name: 'Profile' });
      const closePanel = async () => {
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      };
      const bell = page.getByRole('button', { name: /Notifications/ });
      panel.push({
        name: 'notifications menu (reference: no request)',
        ...(await timeOpenings(
          page,
          () => bell.click(),
          () => page.getByRole('menu').first().waitFor(),
          async () => {
            await bell.click();
            await page.getByRole('menu').first().waitFor({ state: 'hidden' });
          },
        )),
      });
      panel.push({
        name: 'own profile panel (avatar → name shown)',
        ...(await timeOpenings(
          page,
          () => page.getByRole('button', { name: /^Open the profile of / }).click(),
          () => dialog.getByRole('heading', { name: 'Marcus Meyer' }).waitFor(),
          closePanel,
        )),
      });
      await page.goto('/members');
      const member = page.getByRole('button', { name: /Hana Holm/ }).first();
      await member.waitFor();
      panel.push({
        name: "another member's panel (directory row → name shown)",
        ...(await timeOpenings(
          page,
          () => member.click(),
          () => dialog.getByRole('heading', { name: 'Hana Holm' }).waitFor(),
          closePanel,
        )),
      });
    } finally {
      await browser.close();
    }

    const [, ...cityCases] = results;
    const worstP99 = Math.max(...cityCases.map((result) => result.p99Ms));
    const slowestPanel = Math.max(...panel.slice(1).map((entry) => entry.p95Ms));
    const summary = [
      table(results),
      '',
      `City search: worst p99 ${worstP99} ms (budget ${BUDGET_SEARCH_P99_MS} ms) — ${worstP99 < BUDGET_SEARCH_P99_MS ? 'met' : 'NOT met'}. ${CONNECTIONS} connections, ${SECONDS} s per case.`,
      '',
      '| panel opening (click → content) | median ms | p95 ms |',
      '|---|---|---|',
      ...panel.map((entry) => `| ${entry.name} | ${entry.medianMs} | ${entry.p95Ms} |`),
      '',
      `Profile panel: slowest p95 ${slowestPanel} ms over ${ROUNDS} openings (budget ${BUDGET_PANEL_MS} ms) — ${slowestPanel < BUDGET_PANEL_MS ? 'met' : 'NOT met'}.`,
    ].join('\n');
    console.log(`\n${summary}`);
    await saveResults('profile-panel', summary, { results, panel });
  },
  { frontEnd: true },
);
