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
};

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
  return typeof versions === 'object' && versions !== null
    ? { remotes: entries, versions: versions as Partial<Record<RemoteName, string>> }
    : { remotes: entries };
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
