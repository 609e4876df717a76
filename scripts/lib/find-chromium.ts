// Finds a Chromium for the browser journeys before `npm test` runs anything slow, so a machine
// without one learns it in the first second, not after minutes of other suites. In order:
// CHROMIUM_PATH, a system Chromium, Playwright's own download (where the internet is reachable),
// then Debian's `chromium` package when we are root on Debian (as CI is).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

export type Browser = { path: string; source: string };

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];
const INSTALL_HINT =
  'install Debian\'s "chromium" package (apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary';

export class NoBrowserError extends Error {}

/**
 * How the journeys and the benches start Chromium here: no sandbox (root in a container), no GPU,
 * and none of the background calls home (updates, component downloads, sync) it would make.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function systemChromium(): string | undefined {
  for (const name of SYSTEM_NAMES) {
    const found = onPath(name) ?? (isExecutable(`/usr/bin/${name}`) ? `/usr/bin/${name}` : undefined);
    if (found) return found;
  }
  return undefined;
}

async function playwrightChromium(root: string): Promise<string | undefined> {
  const { chromium } = await import('@playwright/test');
  const installed = () => {
    const file = chromium.executablePath();
    return file && existsSync(file) ? file : undefined;
  };
  if (installed()) return installed();
  // Fails within seconds where the download host is unreachable; its output is noise then.
  const result = spawnSync(path.join(root, 'node_modules/.bin/playwright'), ['install', 'chromium'], {
    stdio: 'ignore',
    timeout: 300_000,
  });
  return result.status === 0 ? installed() : undefined;
}

function debianChromium(): string | undefined {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync('/etc/debian_version') || !onPath('apt-get')) return undefined;
  console.log('No Chromium found: installing Debian\'s "chromium" package…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  if (update.status !== 0) return undefined;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'ignore', env });
  return install.status === 0 ? systemChromium() : undefined;
}

/** The browser to use, or a NoBrowserError whose message is the one line to show. */
export async function findChromium(root: string): Promise<Browser> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return { path: fromEnv, source: 'CHROMIUM_PATH' };
    throw new NoBrowserError(
      `CHROMIUM_PATH=${fromEnv} is not an executable file: point it at a Chromium or Chrome binary, or unset it to let npm test find one.`,
    );
  }
  const system = systemChromium();
  if (system) return { path: system, source: 'system Chromium' };
  const downloaded = await playwrightChromium(root);
  if (downloaded) return { path: downloaded, source: "Playwright's Chromium" };
  const debian = debianChromium();
  if (debian) return { path: debian, source: 'Debian chromium package, just installed' };
  throw new NoBrowserError(`No Chromium for the browser tests: ${INSTALL_HINT}.`);
}
