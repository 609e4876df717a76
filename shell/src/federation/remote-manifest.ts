// The addresses of the micro-frontends are read at runtime from GET /mfe-manifest.json (docs/api.md),
// not baked into the shell's build, so each micro-frontend can be redeployed on its own.
import { REMOTE_NAMES, type RemoteName } from '@community/ui/app-config/federation';

/**
 * `versions` (optional, per remote) names the build the manifest points at: it is added to the
 * entry's address (a new version is never served from a cache) and checked against the version the
 * entry records (remote-versions.ts).
 */
export type RemoteManifest = {
  remotes: Record<RemoteName, string>;
  versions?: Partial<Record<RemoteName, string>>;
  /** A team's own micro-frontends (MFE_APPS): each exposes `./App`, shown at /apps/<name>. */
  apps?: Record<string, RemoteApp>;
};

/** An app: its Module Federation entry (`mf-manifest.json`, or a `remoteEntry.js`) and its title. */
export type RemoteApp = { entry: string; title: string };

const APP_NAME = /^[a-z][a-z0-9_]{0,39}$/;

/** The manifest's well-formed apps; one that is not is left out (and said in the console). */
function parseApps(value: unknown): Record<string, RemoteApp> {
  const apps: Record<string, RemoteApp> = {};
  if (typeof value !== 'object' || value === null) return apps;
  for (const [name, app] of Object.entries(value)) {
    const { entry, title } = (app ?? {}) as Partial<RemoteApp>;
    if (
      APP_NAME.test(name) &&
      !name.startsWith('mfe_') &&
      typeof entry === 'string' &&
      entry &&
      typeof title === 'string'
    )
      apps[name] = { entry, title };
    else console.error(`[shell] the micro-frontend manifest's app ${name} is malformed`);
  }
  return apps;
}

export const MANIFEST_PATH = '/mfe-manifest.json';

/** Checks the manifest's shape: a missing or relative-garbage entry should fail here, by name. */
export function parseRemoteManifest(value: unknown): RemoteManifest {
  const remotes = (value as { remotes?: unknown } | null)?.remotes;
  if (typeof remotes !== 'object' || remotes === null) {
    throw new Error('The micro-frontend manifest has no "remotes" object.');
  }
  const entries = {} as Record<RemoteName, string>;
  for (const name of REMOTE_NAMES) {
    const url = (remotes as Record<string, unknown>)[name];
    if (typeof url !== 'string' || url === '') {
      throw new Error(`The micro-frontend manifest has no address for ${name}.`);
    }
    entries[name] = url;
  }
  const versions = (value as { versions?: unknown }).versions;
  const apps = parseApps((value as { apps?: unknown }).apps);
  return {
    remotes: entries,
    ...(typeof versions === 'object' && versions !== null
      ? { versions: versions as Partial<Record<RemoteName, string>> }
      : {}),
    ...(Object.keys(apps).length > 0 ? { apps } : {}),
  };
}

/** Where the edge puts the manifest in a page it serves (edge-api/src/lib/first-screen.ts). */
export const MANIFEST_ELEMENT_ID = 'mfe-manifest';

/**
 * The manifest the page arrived with, once: the edge writes it into the HTML (inert JSON, not a
 * script), which saves a phone on slow 4G a round trip before the first screen. Later loads (a failed
 * remote retried) ask the server, as does a page served without it (the dev server).
 */
export function takeInlineManifest(doc: Document = document): RemoteManifest | null {
  const element = doc.getElementById(MANIFEST_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    return parseRemoteManifest(JSON.parse(element.textContent ?? ''));
  } catch (error) {
    console.error('[shell] inline manifest', error);
    return null;
  }
}

export async function fetchRemoteManifest(fetchImpl: typeof fetch = fetch): Promise<RemoteManifest> {
  // Always ask: a redeployed micro-frontend must be picked up on the next page load.
  const response = await fetchImpl(MANIFEST_PATH, {
    cache: 'no-store',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`The micro-frontend manifest could not be loaded (${response.status}).`);
  return parseRemoteManifest(await response.json());
}
