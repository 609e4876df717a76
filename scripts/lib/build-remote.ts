// Builds one micro-frontend, as its team would (`MFE_BASE=<its address> npm run build`), into a
// folder of our choosing: the local redeploy (scripts/deploy-local.ts), the separate-origins topology
// and the journeys use it. Nothing of the shell is read or written; the micro-frontend's own `dist`
// is left alone too. A child process in the micro-frontend's folder, as `npm run build` is (Panda's
// PostCSS plugin finds its config from the working directory).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MicroFrontend } from './assemble-assets.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function buildRemote(
  name: MicroFrontend,
  options: {
    /** Where its files will be served from: `/mfe/<name>/`, or an origin (`http://127.0.0.1:4100/`). */
    base: string;
    outDir: string;
    /** Another Vite config wrapping the micro-frontend's own (a journey's changed heading). */
    configFile?: string;
    /** More environment for the build (read by such a config). */
    env?: Record<string, string>;
  },
): Promise<void> {
  const cwd = path.join(ROOT, `mfe-${name}`);
  const base = options.base.endsWith('/') ? options.base : `${options.base}/`;
  const args = ['build', '--outDir', options.outDir, '--emptyOutDir', '--logLevel', 'error'];
  if (options.configFile) args.push('--config', options.configFile);
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/vite'), args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...options.env,
        // What a team's build for a CDN sets (packages/ui/app-config/federation.ts remoteBase).
        MFE_BASE: base,
        // The project's Node 22 (the `node` devDependency) first, whoever started us.
        PATH: `${path.join(ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
      },
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`Building mfe-${name} failed (exit ${code}):\n${output.join('')}`);
}
