// The deployed builds of one micro-frontend on a local run, kept the way a CDN keeps them:
//
//   <dataDir>/remotes/<name>/releases/<id>/   one full build each (remoteEntry.js, assets/…)
//   <dataDir>/remotes/<name>/history.json     the ids in the order they went live; the last is live
//
// `remoteEntry.js` (the one unhashed file, which the manifest names) comes from the live release; a
// hashed file (`assets/…`) from the live release or, failing that, from an earlier one, so a page
// loaded before a deploy still finds the chunks its old `remoteEntry.js` names. Going live is one
// atomic rename of history.json, after the build is complete on disk: a request sees the old release
// or the new one, never half of one. Rollback makes the previous release live again.
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Releases kept per remote (the live one and those a rollback or an open page may still need). */
const KEEP = 5;

export type ReleaseStore = {
  readonly dir: string;
  /** A new, empty folder for a build; `goLive(id)` once the build is in it. */
  prepare(): Promise<{ id: string; dir: string }>;
  goLive(id: string): Promise<void>;
  /** Copies a finished build (a `dist` folder) in and makes it live. */
  publish(fromDir: string): Promise<string>;
  /** Makes the release before the live one live again; its id, or null when there is none. */
  rollback(): Promise<string | null>;
  live(): Promise<string | null>;
  history(): Promise<string[]>;
  /** The file to send for `relativePath` (`remoteEntry.js`, `assets/x-Hash.js`), or null. */
  resolve(relativePath: string): Promise<string | null>;
};

let sequence = 0;
/** Sortable, unique within this process: 20261124T024512345-1. */
const newId = () => `${new Date().toISOString().replace(/[-:.Z]/g, '')}-${++sequence}`;

export function releaseStore(dir: string): ReleaseStore {
  const releases = path.join(dir, 'releases');
  const historyFile = path.join(dir, 'history.json');

  const history = async (): Promise<string[]> => {
    try {
      return JSON.parse(await readFile(historyFile, 'utf8')) as string[];
    } catch {
      return [];
    }
  };
  const writeHistory = async (ids: string[]) => {
    const temporary = `${historyFile}.${process.pid}.${++sequence}`;
    await writeFile(temporary, `${JSON.stringify(ids)}\n`);
    await rename(temporary, historyFile); // atomic: readers see the old list or the new one
  };
  const live = async () => (await history()).at(-1) ?? null;

  const goLive = async (id: string) => {
    if (!existsSync(path.join(releases, id, 'remoteEntry.js')))
      throw new Error(`Release ${id} has no remoteEntry.js`);
    const ids = [...(await history()).filter((known) => known !== id), id];
    await writeHistory(ids);
    // Older builds go, except the few a rollback (or a page still open) may need.
    for (const old of ids.slice(0, -KEEP))
      await rm(path.join(releases, old), { recursive: true, force: true });
    if (ids.length > KEEP) await writeHistory(ids.slice(-KEEP));
  };

  const prepare = async () => {
    const id = newId();
    const folder = path.join(releases, id);
    await mkdir(folder, { recursive: true });
    return { id, dir: folder };
  };

  return {
    dir,
    prepare,
    goLive,
    history,
    live,
    async publish(fromDir) {
      const { id, dir: folder } = await prepare();
      await cp(fromDir, folder, { recursive: true });
      await goLive(id);
      return id;
    },
    async rollback() {
      const ids = await history();
      if (ids.length < 2) return null;
      const previous = ids.at(-2)!;
      // The release rolled back from goes to the front: a second rollback goes further back.
      await writeHistory([ids.at(-1)!, ...ids.slice(0, -2), previous]);
      return previous;
    },
    async resolve(relativePath) {
      const clean = path.posix.normalize(relativePath).replace(/^\/+/, '');
      if (clean === '' || clean.startsWith('..') || clean.includes('\0')) return null;
      const ids = await history();
      const liveId = ids.at(-1);
      if (!liveId) return null;
      // Unhashed files (remoteEntry.js) only from the live release: an older one is a rollback.
      const candidates = clean.startsWith('assets/') ? [...ids].reverse() : [liveId];
      for (const id of candidates) {
        const file = path.join(releases, id, clean);
        const info = await stat(file).catch(() => null);
        if (info?.isFile()) return file;
      }
      return null;
    },
  };
}
