// Finds a Chromium for the browser journeys before `npm test` runs anything slow, so a machine
// without one learns it in the first second, not after minutes of other suites. In order:
// CHROMIUM_PATH, a system Chromium, Playwright's own download (where the internet is reachable),
// then Debian's package when we are root on Debian (as CI is).
//
// The journeys ask for the headless shell (`chromium-headless-shell`, Chromium's old headless mode
// as its own binary, which Playwright itself uses for headless runs): no browser UI behind the page,
// so the same journeys cost about a third less Chromium CPU (ADR 27), and Chromium is most of a CI
// run's CPU. For them the order is CHROMIUM_PATH, a system headless shell, Debian's headless shell
// package (root on Debian), then the order above: a full Chromium serves where no shell can be had.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

export type Browser = { path: string; source: string };

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];
const HEADLESS_SHELL = 'chromium-headless-shell';
/** Debian's packages of the two kinds (the headless shell is a package of its own). */
const DEBIAN_PACKAGE = { full: 'chromium', 'headless-shell': HEADLESS_SHELL } as const;

/** `full`: a whole Chromium (Lighthouse, screenshots for the docs); `headless-shell`: the journeys'. */
export type ChromiumKind = keyof typeof DEBIAN_PACKAGE;
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

function systemChromium(kind: ChromiumKind = 'full'): string | undefined {
  const names = kind === 'headless-shell' ? [HEADLESS_SHELL, ...SYSTEM_NAMES] : SYSTEM_NAMES;
  for (const name of names) {
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

function canInstallDebianPackages(): boolean {
  return process.getuid?.() === 0 && existsSync('/etc/debian_version') && onPath('apt-get') !== undefined;
}

function debianChromium(kind: ChromiumKind): string | undefined {
  const name = DEBIAN_PACKAGE[kind];
  console.log(`Installing Debian's "${name}" package…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  if (update.status !== 0) return undefined;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', name], { stdio: 'ignore', env });
  return install.status === 0 ? systemChromium(kind) : undefined;
}

/**
 * The browser to use, or a NoBrowserError whose message is the one line to show. `headless-shell`:
 * the headless shell where there is one, or where it can be installed (root on Debian, as CI is),
 * else any Chromium.
 */
export async function findChromium(root: string, kind: ChromiumKind = 'full'): Promise<Browser> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return { path: fromEnv, source: 'CHROMIUM_PATH' };
    throw new NoBrowserError(
      `CHROMIUM_PATH=${fromEnv} is not an executable file: point it at a Chromium or Chrome binary, or unset it to let npm test find one.`,
    );
  }
  const system = systemChromium(kind);
  const isShell = system?.endsWith(HEADLESS_SHELL) ?? false;
  if (system && (kind === 'full' || isShell)) return { path: system, source: 'system Chromium' };
  // The headless shell was asked for and is not here: install it where we may (CI), else take any.
  if (kind === 'headless-shell' && canInstallDebianPackages()) {
    const shell = debianChromium('headless-shell');
    if (shell) return { path: shell, source: `Debian ${HEADLESS_SHELL} package, just installed` };
  }
  if (system) return { path: system, source: 'system Chromium' };
  const downloaded = await playwrightChromium(root);
  if (downloaded) return { path: downloaded, source: "Playwright's Chromium" };
  const debian = canInstallDebianPackages() ? debianChromium('full') : undefined;
  if (debian) return { path: debian, source: 'Debian chromium package, just installed' };
  throw new NoBrowserError(`No Chromium for the browser tests: ${INSTALL_HINT}.`);
}
