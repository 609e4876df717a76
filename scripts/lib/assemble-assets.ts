// Puts the built front end where edge-api's static assets are served from: the shell at `/`,
// each micro-frontend under `/mfe/<name>/`. In production each is deployed on its own instead.
//
// Every stack on this machine serves the same folder, and a running one must not see it half
// written. So the folder is rewritten only when the builds in it changed (a stamp of their files
// beside it), and once at a time in one process: a second stack, a fault suite's `npm start` or the
// journeys' second stack leave a running one alone.

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const MICRO_FRONTENDS = ['events', 'spaces', 'profile', 'admin'] as const;
export type MicroFrontend = (typeof MICRO_FRONTENDS)[number];

let assembling: Promise<string> | null = null;

/** With `required: false` (API-only test runs) a missing build leaves the folder empty instead of failing. */
export function assembleAssets(root: string, { required = true } = {}): Promise<string> {
  const previous = assembling ?? Promise.resolve('');
  const next = previous.catch(() => '').then(() => assembleOnce(root, required));
  assembling = next;
  return next;
}

async function assembleOnce(root: string, required: boolean): Promise<string> {
  const out = path.join(root, '.build/public');
  const stampFile = path.join(root, '.build/public.stamp');
  const shellDist = path.join(root, 'shell/dist');
  const built = existsSync(path.join(shellDist, 'index.html'));
  if (!built && !required) {
    await mkdir(out, { recursive: true });
    return out;
  }
  if (!built) throw new Error('shell/dist is missing: run `npm run build` first');
  const sources: [string, string][] = [[shellDist, out]];
  for (const name of MICRO_FRONTENDS) {
    const dist = path.join(root, `mfe-${name}/dist`);
    if (!existsSync(path.join(dist, 'remoteEntry.js'))) {
      if (!required) continue;
      throw new Error(`mfe-${name}/dist is missing: run \`npm run build\``);
    }
    sources.push([dist, path.join(out, 'mfe', name)]);
  }
  const stamp = await stampOf(sources.map(([from]) => from));
  if (existsSync(out) && (await readFile(stampFile, 'utf8').catch(() => '')) === stamp) return out;
  await rm(stampFile, { force: true });
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  for (const [from, to] of sources) await cp(from, to, { recursive: true });
  await writeFile(stampFile, stamp);
  return out;
}

/** Every file's path, size and modification time under the given folders, hashed. */
async function stampOf(folders: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const folder of folders) {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
    for (const file of files.sort()) {
      const { size, mtimeMs } = await stat(file);
      hash.update(`${file}\0${size}\0${mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}
