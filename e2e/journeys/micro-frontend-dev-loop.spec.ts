// The team dev loop (issue 14): `npm run dev -w @community/mfe-events` serves the remote from Vite's
// dev server and points the running platform at its /remoteEntry.js (back again when stopped); the
// events page comes from there, with the shell's React; an edit of a module of the page reaches it as
// a hot update, the area re-rendering in place without a page reload. No Content-Security-Policy
// violation on the way (the dev server's script and WebSocket origins are allowed while pointed at).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '@community/db';
import { expect, test } from '@playwright/test';
import { type LocalRemotesState, pointRemote } from '../../scripts/lib/local-remotes.ts';
import { resourcesFrom, signIn, watchPolicyViolations } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DEV_HEADING_CONFIG = path.join(ROOT, 'e2e/fixtures/dev-heading.vite.config.ts');
const remotes = (): LocalRemotesState => {
  if (!process.env.STACK_REMOTES) throw new Error('STACK_REMOTES is not set (see e2e/global-setup.ts)');
  return JSON.parse(process.env.STACK_REMOTES) as LocalRemotesState;
};

/**
 * `npm run dev` in mfe-events (its own config, the heading read from `headingFile`), ready to serve:
 * as under npm, it points the running platform (the journeys' stack: its DATA_DIR) at itself.
 */
async function startDevServer(port: number, headingFile: string): Promise<ChildProcess> {
  const output: string[] = [];
  const child = spawn(
    path.join(ROOT, 'node_modules/.bin/vite'),
    ['--config', DEV_HEADING_CONFIG, '--port', String(port), '--strictPort'],
    {
      cwd: path.join(ROOT, 'mfe-events'),
      detached: true, // its own process group: stopping it stops what it started
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        JOURNEY_HEADING_FILE: headingFile,
        npm_lifecycle_event: 'dev',
        DATA_DIR: path.dirname(remotes().dir),
      },
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const ready = await fetch(`http://localhost:${port}/remoteEntry.js`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stopDevServer(child);
  throw new Error(`The mfe-events dev server did not start:\n${output.join('')}`);
}

function stopDevServer(child: ChildProcess | null) {
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

test.describe('working on one micro-frontend with its dev server', () => {
  let dir = '';
  let server: ChildProcess | null = null;

  test.afterEach(async () => {
    await pointRemote(remotes().url, 'events', null).catch(() => {});
    stopDevServer(server);
    server = null;
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('the platform loads the dev-served remote, and an edit reaches the page without a reload', async ({
    page,
  }) => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'community-mfe-dev-'));
    const headingFile = path.join(dir, 'heading.txt');
    await writeFile(headingFile, 'Events, from the dev server');
    const port = await findFreePort();
    server = await startDevServer(port, headingFile);
    const devOrigin = `http://localhost:${port}`;

    const violations = await watchPolicyViolations(page);
    await signIn(page, 'member@example.com');
    await expect(page).toHaveURL(/\/$/);
    const manifest = async () => (await (await page.request.get('/mfe-manifest.json')).json()).remotes;
    await expect.poll(async () => (await manifest()).mfe_events).toBe(`${devOrigin}/remoteEntry.js`);

    await page.goto('/events');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Events, from the dev server', { timeout: 30_000 });
    const fromDevServer = await resourcesFrom(page, devOrigin);
    expect(fromDevServer).toContain(`${devOrigin}/remoteEntry.js`);
    // One React on the page: the shell's (a second copy would have broken the page's hooks).
    expect(fromDevServer.some((url) => /\/node_modules\/.*\breact(-dom)?[./]/.test(url))).toBe(false);

    // The edit: the page's module changes; the area re-renders, the page is the same document.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await writeFile(headingFile, 'Events, edited');
    await expect(heading).toHaveText('Events, edited', { timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await expect(page.getByRole('button', { name: /^Open the profile of / })).toBeVisible();
    expect(violations).toEqual([]);

    // Stopping the dev server points the platform back at its own build.
    stopDevServer(server);
    server = null;
    await expect.poll(async () => (await manifest()).mfe_events).not.toContain(devOrigin);
    await page.goto('/events');
    await expect(heading).toHaveText('Events');
  });
});
