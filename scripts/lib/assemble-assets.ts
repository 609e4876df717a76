// Puts the built front end where edge-api's static assets are served from: the shell at `/`,
// each micro-frontend under `/mfe/<name>/`. In production each is deployed on its own instead.

import { existsSync } from 'node:fs';
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

export const MICRO_FRONTENDS = ['events', 'spaces', 'profile', 'admin'] as const;
export type MicroFrontend = (typeof MICRO_FRONTENDS)[number];

/** With `required: false` (API-only test runs) a missing build leaves the folder empty instead of failing. */
export async function assembleAssets(root: string, { required = true } = {}): Promise<string> {
  const out = path.join(root, '.build/public');
  const shellDist = path.join(root, 'shell/dist');
  const built = existsSync(path.join(shellDist, 'index.html'));
  if (!built && !required) {
    await mkdir(out, { recursive: true });
    return out;
  }
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  if (!built) throw new Error('shell/dist is missing: run `npm run build` first');
  await cp(shellDist, out, { recursive: true });
  for (const name of MICRO_FRONTENDS) {
    const dist = path.join(root, `mfe-${name}/dist`);
    if (!existsSync(path.join(dist, 'remoteEntry.js'))) {
      if (!required) continue;
      throw new Error(`mfe-${name}/dist is missing: run \`npm run build\``);
    }
    await cp(dist, path.join(out, 'mfe', name), { recursive: true });
  }
  return out;
}
