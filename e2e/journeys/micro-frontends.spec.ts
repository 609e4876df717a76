// Micro-frontends deployed on their own (issue 14): a team builds mfe-events with a changed heading,
// serves it from a second origin and points the running platform at it; the next page load shows
// the new heading with the shell's own files unchanged and no Content-Security-Policy violation;
// pointing back (the rollback) brings the old one. And the local redeploy: a new build replaces the
// remote the platform serves on its own origin, its new hashed chunks served at once (no restart),
// and the previous build comes back with a rollback.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { buildRemote } from '../../scripts/lib/build-remote.ts';
import { type LocalRemotesState, pointRemote, remoteStore } from '../../scripts/lib/local-remotes.ts';
import {
  folderSource,
  type RemoteOrigin,
  startRemoteOrigin,
} from '../../scripts/lib/remote-origin-server.ts';
import { signIn, watchPolicyViolations } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });

const CHANGED_HEADING_CONFIG = fileURLToPath(
  new URL('../fixtures/changed-heading.vite.config.ts', import.meta.url),
);
const stackUrl = () => new URL(process.env.STACK_URL!);
const remotes = (): LocalRemotesState => {
  if (!process.env.STACK_REMOTES) throw new Error('STACK_REMOTES is not set (see e2e/global-setup.ts)');
  return JSON.parse(process.env.STACK_REMOTES) as LocalRemotesState;
};

/** Loads /events afresh and returns the files it loaded: the shell's (/assets/*) and the rest. */
async function loadEvents(page: Page, heading: string) {
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  const loaded = await page.evaluate(() => [
    location.href,
    ...performance.getEntriesByType('resource').map((entry) => entry.name),
    ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((script) => script.src),
  ]);
  const shell = loaded.filter((url) => {
    const { origin, pathname } = new URL(url);
    return origin === stackUrl().origin && pathname.startsWith('/assets/');
  });
  return { shellAssets: [...new Set(shell)].sort(), all: loaded };
}

test.describe('a micro-frontend deployed on its own', () => {
  let buildDir = '';
  let secondOrigin: RemoteOrigin | null = null;

  test.afterEach(async () => {
    await pointRemote(remotes().url, 'events', null).catch(() => {});
    await secondOrigin?.close();
    secondOrigin = null;
    if (buildDir) await rm(buildDir, { recursive: true, force: true });
  });

  test('moves to a second origin and back with no shell rebuild and no policy violation', async ({
    page,
  }) => {
    const heading = `Events, from its own origin ${Date.now().toString(36)}`;
    // The team's deploy: a build for its origin, served there with the CORS headers a CDN sends.
    buildDir = await mkdtemp(path.join(os.tmpdir(), 'community-mfe-events-'));
    secondOrigin = await startRemoteOrigin({
      source: folderSource(buildDir),
      allowedOrigins: [stackUrl().origin],
    });
    expect(new URL(secondOrigin.url).origin).not.toBe(stackUrl().origin);
    await buildRemote('events', {
      base: `${secondOrigin.url}/`,
      outDir: buildDir,
      configFile: CHANGED_HEADING_CONFIG,
      env: { JOURNEY_HEADING: heading },
    });

    const violations = await watchPolicyViolations(page);
    await signIn(page, 'member@example.com');
    await expect(page).toHaveURL(/\/$/);
    const before = await loadEvents(page, 'Events');
    expect(before.shellAssets.length).toBeGreaterThan(0);
    expect(before.all.some((url) => url.startsWith(secondOrigin!.url))).toBe(false);

    // Pointing the running platform at it: the manifest and the page's policy follow, no restart.
    await pointRemote(remotes().url, 'events', `${secondOrigin.url}/remoteEntry.js`);
    const manifest = await (await page.request.get('/mfe-manifest.json')).json();
    expect(manifest.remotes.mfe_events).toBe(`${secondOrigin.url}/remoteEntry.js`);
    const moved = await loadEvents(page, heading);
    expect(moved.all).toContain(`${secondOrigin.url}/remoteEntry.js`);
    expect(
      moved.all.some((url) => url.startsWith(`${secondOrigin!.url}/assets/`) && url.endsWith('.css')),
    ).toBe(true);
    expect(moved.shellAssets).toEqual(before.shellAssets);

    // The rollback: point back to the previous deployment.
    await pointRemote(remotes().url, 'events', null);
    const back = await loadEvents(page, 'Events');
    expect(back.all.some((url) => url.startsWith(secondOrigin!.url))).toBe(false);
    expect(back.shellAssets).toEqual(before.shellAssets);
    expect(violations).toEqual([]);
  });

  test('a local redeploy is served at once, the new chunks too, and rolls back', async ({ page }) => {
    const state = remotes();
    const store = remoteStore(state.dir, 'events');
    const heading = `Events, redeployed ${Date.now().toString(36)}`;
    const base = state.topology === 'separate' ? `${state.origins.events}/` : '/mfe/events/';
    const violations = await watchPolicyViolations(page);
    await signIn(page, 'member@example.com');
    await expect(page).toHaveURL(/\/$/);
    const before = await loadEvents(page, 'Events');

    // What `npm run deploy:local -- events` does: a new release, live once complete.
    const release = await store.prepare();
    await buildRemote('events', {
      base,
      outDir: release.dir,
      configFile: CHANGED_HEADING_CONFIG,
      env: { JOURNEY_HEADING: heading },
    });
    await store.goLive(release.id);
    try {
      const redeployed = await loadEvents(page, heading);
      // The heading lives in a chunk with a new hash, which the running platform serves as a script.
      const newChunks = redeployed.all.filter(
        (url) => url.includes('/events-page-') && !before.all.includes(url),
      );
      expect(newChunks).toHaveLength(1);
      const chunk = await page.request.get(newChunks[0]!);
      expect(chunk.status()).toBe(200);
      expect(chunk.headers()['content-type']).toContain('javascript');
      expect(redeployed.shellAssets).toEqual(before.shellAssets);
      // A chunk that does not exist is a 404, never the single-page app's index.html.
      const missing = await page.request.get(
        new URL('assets/not-deployed-x1y2z3.js', new URL(base, stackUrl())).href,
      );
      expect(missing.status()).toBe(404);
      expect(missing.headers()['content-type'] ?? '').not.toContain('text/html');
    } finally {
      // `npm run deploy:local -- events --rollback`
      await store.rollback();
    }
    await loadEvents(page, 'Events');
    expect(violations).toEqual([]);
  });
});
