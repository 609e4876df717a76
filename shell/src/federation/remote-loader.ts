// Registers the micro-frontends from the runtime manifest with the module federation runtime (the
// same instance the Vite plugin initialised with the shell's shared modules) and loads their exposed
// modules. A failed load can be retried: the remote is registered again, which drops the runtime's
// cached entry for it.
import type { RemoteName } from '@community/ui/app-config/federation';
import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { fetchRemoteManifest, type RemoteManifest } from './remote-manifest.ts';

export type RemoteModuleId = `${RemoteName}/${string}`;

let manifest: Promise<RemoteManifest> | null = null;

function registerFromManifest(): Promise<RemoteManifest> {
  manifest ??= fetchRemoteManifest()
    .then((loaded) => {
      registerRemotes(
        Object.entries(loaded.remotes).map(([name, entry]) => ({
          name,
          entry: new URL(entry, location.href).href,
          type: 'module',
        })),
      );
      return loaded;
    })
    .catch((error: unknown) => {
      manifest = null; // let the next attempt fetch it again
      throw error;
    });
  return manifest;
}

function remoteNameOf(id: RemoteModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}

/** Loads `mfe_x/Module` and returns its module namespace (its `default` export is the component). */
export async function loadRemoteModule<T>(id: RemoteModuleId, options: { retry?: boolean } = {}): Promise<T> {
  const { remotes } = await registerFromManifest();
  if (options.retry) {
    const name = remoteNameOf(id);
    registerRemotes([{ name, entry: new URL(remotes[name], location.href).href, type: 'module' }], {
      force: true,
    });
  }
  const loaded = await loadRemote<T>(id);
  if (!loaded) throw new Error(`${id} is not available.`);
  return loaded;
}
