// Version skew (issue 14): a team ships an mfe-events built against a React the running shell does
// not provide (here ^20). Its remoteEntry.js says so (`build.shared`, written by the federation
// plugin), and the shell refuses it before running any of its modules: the events area shows its
// error card saying why, while the top bar, the sidebar's spaces and a space page keep working.
// Pointing the manifest back at the previous build (the rollback) brings the events page back.
//
// The incompatible remote is the real mfe-events build with its recorded React range raised, served
// from a second origin like a team's deploy; nothing of ours is mocked.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { type LocalRemotesState, pointRemote } from '../../scripts/lib/local-remotes.ts';
import {
  folderSource,
  type RemoteOrigin,
  startRemoteOrigin,
} from '../../scripts/lib/remote-origin-server.ts';
import { resourcesFrom, signIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });

const EVENTS_DIST = fileURLToPath(new URL('../../mfe-events/dist', import.meta.url));
const remotesUrl = () => {
  if (!process.env.STACK_REMOTES) throw new Error('STACK_REMOTES is not set (see e2e/global-setup.ts)');
  return (JSON.parse(process.env.STACK_REMOTES) as LocalRemotesState).url;
};

/** mfe-events' build, its remoteEntry.js recording `react: "^20.0.0"` as a build against React 20 would. */
async function incompatibleEventsBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'community-mfe-skew-'));
  await cp(EVENTS_DIST, dir, { recursive: true });
  const entryFile = path.join(dir, 'remoteEntry.js');
  const entry = await readFile(entryFile, 'utf8');
  const patched = entry.replace(/(\breact:\s*)([`"'])\^?\d[^`"']*\2/, '$1$2^20.0.0$2');
  expect(patched, 'the build records the React range it needs').not.toBe(entry);
  await writeFile(entryFile, patched);
  return dir;
}

test.describe('a micro-frontend built for another React', () => {
  let buildDir = '';
  let origin: RemoteOrigin | null = null;

  test.afterEach(async () => {
    await pointRemote(remotesUrl(), 'events', null).catch(() => {});
    await origin?.close();
    origin = null;
    if (buildDir) await rm(buildDir, { recursive: true, force: true });
  });

  test('shows the error card for its area only, and comes back with a rollback', async ({ page }) => {
    const stack = new URL(process.env.STACK_URL!).origin;
    buildDir = await incompatibleEventsBuild();
    origin = await startRemoteOrigin({ source: folderSource(buildDir), allowedOrigins: [stack] });

    await signIn(page, 'member@example.com');
    await expect(page).toHaveURL(/\/$/);
    await pointRemote(remotesUrl(), 'events', `${origin.url}/remoteEntry.js`);

    await page.goto('/events');
    const card = page.getByRole('alert').filter({ hasText: 'This section could not be loaded' });
    await expect(card).toBeVisible();
    await expect(card).toContainText(/mfe_events [\d.]+ needs react \^20\.0\.0; this app has 19\.\d+\.\d+\./);
    await expect(page.getByRole('heading', { level: 1, name: 'Events', exact: true })).toHaveCount(0);
    // Refused before any of its modules ran: the entry came from the remote's origin, and of the
    // exposed modules only the first screen's files the page preloads (fetched, never run: the edge
    // names them in the HTML, edge-api/src/lib/first-screen.ts); no other screen's chunk, and no style
    // sheet of the remote applied (its loader, which puts them in the page, was never called).
    const fromRemote = await resourcesFrom(page, origin.url);
    expect(fromRemote.map((url) => new URL(url).pathname)).toContain('/remoteEntry.js');
    expect(fromRemote.filter((url) => /\/assets\/(event-detail-page|modals)-/.test(url))).toEqual([]);
    const appliedFromRemote = await page.evaluate(
      (from) =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
          .map((link) => link.href)
          .filter((href) => href.startsWith(from)),
      origin.url,
    );
    expect(appliedFromRemote).toEqual([]);

    // The rest of the app: the top bar, the sidebar's spaces (mfe-spaces) and a space page.
    await expect(page.getByRole('button', { name: /^Open the profile of / })).toBeVisible();
    const spaces = page.getByRole('navigation', { name: 'Spaces' });
    // A space of the member's (the list also holds Browse spaces and Create space).
    const firstSpace = spaces.locator('a[href^="/spaces/"]').first();
    await expect(firstSpace).toBeVisible();
    await firstSpace.click();
    await expect(page).toHaveURL(/\/spaces\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);

    // The rollback: the manifest points at the previous build again; the next load uses it.
    await pointRemote(remotesUrl(), 'events', null);
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Events', exact: true })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);
  });
});
