// mfe-profile in a host that is not our shell: a bare `@module-federation/runtime` page
// (e2e/fixtures/bare-runtime-host), bundled here with esbuild, that shares React and the modules
// mfe-profile's mf-manifest.json lists as plain namespaces (the UI kit and zod whole) and loads
// `mfe_profile/MembersPage` by the protocol alone. The page and the real mfe-profile build are served
// from one origin (the build under /mfe/profile/, where its chunks expect it), so no CORS is involved
// and the platform's stack is not used.
//
// MembersPage, signed out (the page has no session), renders its heading and an empty state from the
// UI kit after reading the session store with a hook: no API call is needed, and a second React would
// fail at that hook.
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ConsoleMessage, expect, type Page, test } from '@playwright/test';
import { build } from 'esbuild';
import { providedSharedVersions, sharedRequirements } from '../../packages/ui/app-config/shared-versions.ts';
import {
  folderSource,
  type RemoteOrigin,
  startRemoteOrigin,
} from '../../scripts/lib/remote-origin-server.ts';
import { resourcesFrom } from './helpers.ts';

test.use({ baseURL: undefined });

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = path.join(ROOT, 'e2e/fixtures/bare-runtime-host');
const PROFILE_DIST = path.join(ROOT, 'mfe-profile/dist');
/** The bare host (index.html, main.js) at the root of `dir`, bundled with the installed packages. */
async function buildHost(dir: string): Promise<void> {
  // The versions of the installed copies it bundles, as the shell registers its own.
  const versions = providedSharedVersions(ROOT);
  await build({
    entryPoints: [path.join(FIXTURE, 'main.tsx')],
    outfile: path.join(dir, 'main.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    // Top-level await (the page awaits the remote).
    target: 'es2022',
    jsx: 'automatic',
    define: {
      'process.env.NODE_ENV': '"production"',
      __SHARED_VERSIONS__: JSON.stringify(versions),
    },
    logLevel: 'silent',
  });
  await cp(path.join(FIXTURE, 'index.html'), path.join(dir, 'index.html'));
}

/** Opens the host page, loading mfe-profile's container from `entry` (a path on the same origin). */
async function openHost(page: Page, origin: RemoteOrigin, entry: string): Promise<void> {
  await page.goto(`${origin.url}/index.html?entry=${encodeURIComponent(entry)}`);
}

test.describe('mfe-profile in a bare @module-federation/runtime host', () => {
  let dir = '';
  let origin: RemoteOrigin | null = null;
  let profileVersion = '';

  test.beforeAll(async () => {
    profileVersion = sharedRequirements(path.join(ROOT, 'mfe-profile')).version;
    dir = await mkdtemp(path.join(os.tmpdir(), 'community-bare-host-'));
    await cp(PROFILE_DIST, path.join(dir, 'mfe/profile'), { recursive: true });
    await buildHost(dir);
    origin = await startRemoteOrigin({ source: folderSource(dir), allowedOrigins: [] });
  });

  test.afterAll(async () => {
    await origin?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("renders the members page with the host's React", async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    await openHost(page, origin!, '/mfe/profile/remoteEntry.js');
    await expect(page.getByRole('heading', { level: 1, name: 'Members', exact: true })).toBeVisible();
    // The kit's EmptyState, shown after the page's hooks (useSnapshot of the session) ran.
    await expect(
      page.getByText('The members directory is not available to you', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    // The container handed the remote's chunks the host's modules: one React, one kit, one API client.
    const shared = await page.evaluate(() => {
      const scope = globalThis as unknown as {
        __communityShared__: Record<string, unknown>;
        __communitySingletons__?: Record<string, number>;
        __hostReact: unknown;
      };
      return {
        sameReact: scope.__hostReact !== undefined && scope.__communityShared__.react === scope.__hostReact,
        keys: Object.keys(scope.__communityShared__).sort(),
        singletons: scope.__communitySingletons__ ?? {},
      };
    });
    expect(shared.sameReact, "the remote's React is the host's").toBe(true);
    expect(shared.keys).toEqual(
      JSON.parse(await readFile(path.join(PROFILE_DIST, 'mf-manifest.json'), 'utf8'))
        .shared.map((module: { name: string }) => module.name)
        .sort(),
    );
    // The stores that count their evaluations (claimSingleton): the host's copy only.
    expect(shared.singletons).toEqual({
      '@community/api-client': 1,
      '@community/ui/modal-store': 1,
      '@community/ui/toast': 1,
    });

    // From the remote's folder: its entry and the page's chunks, no React of its own.
    const fromRemote = (await resourcesFrom(page, `${origin!.url}/mfe/profile/`)).map(
      (url) => new URL(url).pathname,
    );
    expect(fromRemote).toContain('/mfe/profile/remoteEntry.js');
    expect(fromRemote.some((file) => /\/assets\/members-page-[\w-]+\.js$/.test(file))).toBe(true);
    expect(fromRemote.filter((file) => /react/i.test(file))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('shows the refusal of a build other than the one its address names', async ({ page }) => {
    await openHost(page, origin!, '/mfe/profile/remoteEntry.js?v=9.9.9');
    await expect(page.getByRole('alert')).toContainText(
      `mfe_profile: the manifest expects version 9.9.9, the server has ${profileVersion}.`,
    );
    await expect(page.getByRole('heading', { name: 'Members' })).toHaveCount(0);
    // Refused in `init`: no exposed module was fetched, nothing was handed over.
    const fromRemote = await resourcesFrom(page, `${origin!.url}/mfe/profile/assets/`);
    expect(fromRemote).toEqual([]);
    expect(await page.evaluate(() => '__communityShared__' in globalThis)).toBe(false);
  });
});
