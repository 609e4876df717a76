// Builds one micro-frontend, as its team would (`MFE_BASE=<its address> npm run build`), into a
// folder of our choosing: the local redeploy (scripts/deploy-local.ts), the separate-origins topology
// and the journeys use it. Nothing of the shell is read or written; the micro-frontend's own `dist`
// is left alone too.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PluginOption } from 'vite';
import type { MicroFrontend } from './assemble-assets.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function buildRemote(
  name: MicroFrontend,
  options: {
    /** Where its files will be served from: `/mfe/<name>/`, or an origin (`http://127.0.0.1:4100/`). */
    base: string;
    outDir: string;
    /** Extra Vite plugins (a journey changes a heading with one, the source stays as it is). */
    plugins?: PluginOption[];
  },
): Promise<void> {
  const { build } = await import('vite');
  const root = path.join(ROOT, `mfe-${name}`);
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    // What MFE_BASE sets in a team's build (packages/ui/app-config/federation.ts remoteBase).
    base: options.base.endsWith('/') ? options.base : `${options.base}/`,
    logLevel: 'warn',
    build: { outDir: options.outDir, emptyOutDir: true, chunkSizeWarningLimit: 10_000 },
    ...(options.plugins ? { plugins: options.plugins } : {}),
  });
}
