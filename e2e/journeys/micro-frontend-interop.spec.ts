// Interop (issue 33): a micro-frontend built by another Module Federation toolchain runs in the shell.
// The fixture (e2e/fixtures/rspack-remote) is built here by Rspack with @module-federation/enhanced,
// served from an origin of its own like a team's deploy, and added to the running platform as an app
// (the local counterpart of MFE_APPS). The shell's @module-federation/runtime loads it by its
// mf-manifest.json at /apps/rspack_app, in the signed-in frame, on the shell's React: its hooks run
// inside the shell's tree (a second React would fail them) and it reports the shell's React version.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { buildRspackRemote } from '../../scripts/lib/build-rspack-remote.ts';
import { addApp, type LocalRemotesState } from '../../scripts/lib/local-remotes.ts';
import {
  folderSource,
  type RemoteOrigin,
  startRemoteOrigin,
} from '../../scripts/lib/remote-origin-server.ts';
import { resourcesFrom, signInToEvents } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });

const remotesUrl = () => {
  if (!process.env.STACK_REMOTES) throw new Error('STACK_REMOTES is not set (see e2e/global-setup.ts)');
  return (JSON.parse(process.env.STACK_REMOTES) as LocalRemotesState).url;
};

/** The React the shell is built with (its installed copy). */
async function shellReactVersion(): Promise<string> {
  const file = fileURLToPath(new URL('../../node_modules/react/package.json', import.meta.url));
  return (JSON.parse(await readFile(file, 'utf8')) as { version: string }).version;
}

test.describe('a micro-frontend built by Rspack with @module-federation/enhanced', () => {
  let buildDir = '';
  let origin: RemoteOrigin | null = null;

  test.afterEach(async () => {
    await addApp(remotesUrl(), 'rspack_app', null).catch(() => {});
    await origin?.close();
    origin = null;
    if (buildDir) await rm(buildDir, { recursive: true, force: true });
  });

  test('renders inside the shell on the shell’s React, under the page’s security policy', async ({
    page,
  }) => {
    const stack = new URL(process.env.STACK_URL!).origin;
    buildDir = await mkdtemp(path.join(os.tmpdir(), 'community-rspack-remote-'));
    // The port first, so the build knows where its chunks will be served from.
    origin = await startRemoteOrigin({ source: folderSource(buildDir), allowedOrigins: [stack] });
    const { manifest } = await buildRspackRemote({ outDir: buildDir, publicPath: `${origin.url}/` });
    await addApp(remotesUrl(), 'rspack_app', { entry: `${origin.url}/${manifest}`, title: 'Team tools' });

    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await signInToEvents(page, 'member@example.com');
    await page.goto('/apps/rspack_app');
    const app = page.getByRole('region', { name: 'Team tools' });
    await expect(app.getByRole('heading', { level: 1, name: 'Built with Rspack' })).toBeVisible();
    await expect(app.getByText(`React ${await shellReactVersion()}`, { exact: true })).toBeVisible();
    // Its state hook, running in the shell's React tree.
    await app.getByRole('button', { name: 'Clicked 0 times' }).click();
    await app.getByRole('button', { name: 'Clicked 1 times' }).click();
    await expect(app.getByRole('button', { name: 'Clicked 2 times' })).toBeVisible();

    // From the app's origin: its manifest, its entry and its exposed chunk, never a React of its own.
    const fromApp = (await resourcesFrom(page, origin.url)).map((url) => new URL(url).pathname);
    expect(fromApp).toContain(`/${manifest}`);
    expect(fromApp).toContain('/remoteEntry.js');
    for (const file of fromApp.filter((name) => name.endsWith('.js'))) {
      const body = await readFile(path.join(buildDir, file), 'utf8');
      expect(body, file).not.toContain('__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE');
    }
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);

    // The shell around it keeps working: the top bar's navigation.
    await page.getByRole('link', { name: 'Events' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Events', exact: true })).toBeVisible();
  });

  test('an app address the manifest does not name is a page not found', async ({ page }) => {
    await signInToEvents(page, 'member@example.com');
    await page.goto('/apps/nothing_here');
    await expect(page.getByText('Page not found')).toBeVisible();
  });
});
