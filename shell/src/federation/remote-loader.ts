// Loads the micro-frontends' exposed modules. Their addresses come from the runtime manifest
// (GET /mfe-manifest.json), so a micro-frontend can move without a shell rebuild; each address is a
// `remoteEntry.js` ES module with one loader per exposed module (packages/ui/app-config/federation.ts).
// Before the first one runs, the shell hands over its shared modules (React, router, stores, UI kit).
// A failed load can be retried: the entry is imported again under a new URL, since the browser keeps
// a failed module import for the page's lifetime.
import type { RemoteContainer, RemoteName } from '@community/ui/app-config/federation';
import { fetchRemoteManifest, type RemoteManifest, takeInlineManifest } from './remote-manifest.ts';
import { checkRemoteVersions, providedVersions } from './remote-versions.ts';

export type RemoteModuleId = `${RemoteName}/${string}`;

let manifest: Promise<RemoteManifest> | null = null;
const containers = new Map<RemoteName, Promise<RemoteContainer>>();

function loadManifest(): Promise<RemoteManifest> {
  // The page's own copy first (once), else ask: a retry after a failure gets a fresh answer.
  manifest ??= Promise.all([takeInlineManifest() ?? fetchRemoteManifest(), import('./shared-modules.ts')])
    .then(([loaded, { provideSharedModules }]) => {
      provideSharedModules();
      return loaded;
    })
    .catch((error: unknown) => {
      manifest = null; // let the next attempt fetch it again
      throw error;
    });
  return manifest;
}

function loadContainer(
  name: RemoteName,
  entry: string,
  version: string | undefined,
  retry: boolean,
): Promise<RemoteContainer> {
  let container = retry ? undefined : containers.get(name);
  if (!container) {
    const url = new URL(entry, location.href);
    // The manifest's version is part of the address, so a cached entry of another build is not reused.
    if (version) url.searchParams.set('v', version);
    if (retry) url.searchParams.set('retry', String(Date.now()));
    container = (import(/* @vite-ignore */ url.href) as Promise<RemoteContainer>)
      .then((loaded) => {
        // Before any of the remote's modules runs: the right build, built for what this shell provides.
        checkRemoteVersions(name, loaded, providedVersions(), version);
        return loaded;
      })
      .catch((error: unknown) => {
        containers.delete(name);
        throw error;
      });
    containers.set(name, container);
  }
  return container;
}

/** Loads `mfe_x/Module` and returns its module namespace (its `default` export is the component). */
export async function loadRemoteModule<T>(id: RemoteModuleId, options: { retry?: boolean } = {}): Promise<T> {
  const { remotes, versions } = await loadManifest();
  const slash = id.indexOf('/');
  const name = id.slice(0, slash) as RemoteName;
  const exposed = `./${id.slice(slash + 1)}`;
  const container = await loadContainer(name, remotes[name], versions?.[name], options.retry === true);
  const load = container.modules?.[exposed];
  if (!load) throw new Error(`${id} is not available.`);
  return (await load()) as T;
}
