// Starts scripts/lib/workers-host.ts (Workers on Miniflare, ADR 25) in a process of its own: the
// leader of a new process group, so that stopping the group stops its workerd too. Used by the
// local stack and by benchmarks that run Workers of their own (bench/reference-room).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HostSettings } from './workers-host.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HOST_SCRIPT = path.join(ROOT, 'scripts/lib/workers-host.ts');

/** `env`: the Workers' secrets are read from it (`secrets.required`), as `wrangler dev` read them. */
export function spawnWorkersHost(settings: HostSettings, env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', HOST_SCRIPT], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      WORKERS_HOST: JSON.stringify(settings),
      // The project's Node 22 (the `node` devDependency) first, for wrangler's bundling.
      PATH: `${path.join(ROOT, 'node_modules/.bin')}${path.delimiter}${env.PATH ?? ''}`,
      WRANGLER_SEND_METRICS: 'false',
      NO_COLOR: '1',
      FORCE_COLOR: '0',
    },
  });
}
