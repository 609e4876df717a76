// Loads the micro-frontends' exposed modules through Module Federation's official runtime (ADR 0028).
// Their addresses come from the runtime manifest (GET /mfe-manifest.json), so a micro-frontend can move
// without a shell rebuild; each is a container (`remoteEntry.js`, an ES module with `init`/`get`,
// packages/ui/app-config/federation.ts) registered with the shell's runtime instance, which hands it
// the shell's shared modules. The runtime and the shared modules are one lazy chunk: a page without
// micro-frontends (sign-in) loads neither. A failed load can be retried: the remote is registered again
// under a new URL, since the browser keeps a failed module import for the page's lifetime.
import type { RemoteName } from '@community/ui/app-config/federation';
import type { ModuleFederation } from './federation-host.ts';
import { fetchRemoteManifest, type RemoteManifest, takeInlineManifest } from './remote-manifest.ts';
import { refusalOf } from './remote-versions.ts';

/** `mfe_events/EventsPage`, or an app's `<name>/App`. */
export type RemoteModuleId = `${string}/${string}`;

/** Why an app address leads nowhere (shown in the area's error card). */
export class RemoteNotFoundError extends Error {
  override name = 'RemoteNotFoundError';
}

type Host = { federation: ModuleFederation; manifest: RemoteManifest };
let host: Promise<Host> | null = null;

/** Where the runtime finds `name`'s container: its manifest address, with the build it must be. */
function entryOf(manifest: RemoteManifest, name: RemoteName, retry: boolean): string {
  const url = new URL(manifest.remotes[name], location.href);
  // The manifest's version is part of the address (the container checks it): a cached entry of
  // another build is not reused.
  const version = manifest.versions?.[name];
  if (version) url.searchParams.set('v', version);
  if (retry) url.searchParams.set('retry', String(Date.now()));
  return url.href;
}

/**
 * Registers remotes with the runtime: ours are ES-module containers; an app's entry is its
 * `mf-manifest.json`, which says how its entry loads (a classic `remoteEntry.js` by default).
 */
function register(federation: ModuleFederation, manifest: RemoteManifest, names: string[], retry: boolean) {
  federation.registerRemotes(
    names.map((name) => {
      const app = manifest.apps?.[name];
      if (!app) return { name, entry: entryOf(manifest, name as RemoteName, retry), type: 'module' };
      const url = new URL(app.entry, location.href);
      if (retry) url.searchParams.set('retry', String(Date.now()));
      return { name, entry: url.href };
    }),
    { force: retry },
  );
}

/** Starts downloading the runtime and the shared modules (a signed-in page's first screen needs them). */
export function preloadFederationHost(): void {
  import('./federation-host.ts').catch(() => undefined);
}

function loadHost(): Promise<Host> {
  // The page's own copy of the manifest first (once), else ask: a retry after a failure gets a fresh answer.
  host ??= Promise.all([takeInlineManifest() ?? fetchRemoteManifest(), import('./federation-host.ts')])
    .then(([manifest, { createHost }]) => {
      const federation = createHost();
      register(
        federation,
        manifest,
        [...Object.keys(manifest.remotes), ...Object.keys(manifest.apps ?? {})],
        false,
      );
      return { federation, manifest };
    })
    .catch((error: unknown) => {
      host = null; // let the next attempt fetch it again
      throw error;
    });
  return host;
}

/** The title of the app `name` in the manifest, or null when there is none. */
export async function appTitle(name: string): Promise<string | null> {
  return (await loadHost()).manifest.apps?.[name]?.title ?? null;
}

/** Loads `mfe_x/Module` (or `app/App`) and returns its module namespace (its `default` export is the component). */
export async function loadRemoteModule<T>(id: RemoteModuleId, options: { retry?: boolean } = {}): Promise<T> {
  const { federation, manifest } = await loadHost();
  const name = id.slice(0, id.indexOf('/'));
  if (!(name in manifest.remotes) && !manifest.apps?.[name])
    throw new RemoteNotFoundError(`There is no app named ${name}.`);
  if (options.retry) register(federation, manifest, [name], true);
  try {
    const module = await federation.loadRemote<T>(id);
    if (!module) throw new Error(`${id} is not available.`);
    return module;
  } catch (error) {
    throw refusalOf(error);
  }
}
