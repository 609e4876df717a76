// A micro-frontend's dev server (`npm run dev -w @community/mfe-events`) as a remote the running
// platform can load (README, "Working on one micro-frontend"): it serves `/remoteEntry.js` with the
// same exports as the build (remoteFederation in ./federation.ts), and every import of a shared module
// (SHARED_MODULES) — from the app's sources and from the dependencies Vite pre-bundles (Ark UI, …) —
// reads the copy its container took from the host's share scope (`globalThis.__communityShared__`), so
// the page keeps one React.
//
// Hot updates: the shell is a production build, whose React has no Fast Refresh, so a changed module
// cannot be swapped under a mounted component. Instead no module accepts its own update; an edit
// bubbles up to the entry, which accepts it and tells the shell ('community:remote-update'); the
// shell's areas of that remote load their exposed module again (remote-component.tsx): the area
// re-renders in place, without a page reload, its component state reset. CSS updates apply as usual.
//
// Node-only (it reads the UI kit's index): imported by the micro-frontends' vite.config.ts.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import {
  containerSource,
  exposedLoaders,
  type RemoteName,
  SHARED_GLOBAL,
  SHARED_MODULES,
  type SharedModule,
} from './federation.ts';
import { uiExportModules } from './shared-ui-loaders.ts';
import type { RemoteBuildInfo } from './shared-versions.ts';

/** What the dev remote entry dispatches on `window` after a hot update (detail: { name }). */
export const REMOTE_UPDATE_EVENT = 'community:remote-update';

const ENTRY_PATH = '/remoteEntry.js';
const RESOLVED_ENTRY_ID = '\0community-dev-remote-entry';
const SHIM_PREFIX = '\0community-shared:';
// Dependencies built for development may import React's development JSX runtime.
const JSX_DEV_RUNTIME = 'react/jsx-dev-runtime';
const isShared = (id: string): id is SharedModule => (SHARED_MODULES as readonly string[]).includes(id);

/**
 * The export names of a shared module: those the shell hands over (zod: its builders as `z`; the UI
 * kit: its index's), a workspace package's through Vite (TypeScript sources), a dependency's as Node
 * loads it (CommonJS `require`, else `import`).
 */
async function exportNames(specifier: SharedModule, root: string, ssrLoad: (id: string) => Promise<object>) {
  if (specifier === 'zod') return ['z'];
  if (specifier === '@community/ui') return Object.keys(uiExportModules());
  if (specifier.startsWith('@community/')) return Object.keys(await ssrLoad(specifier));
  const require = createRequire(path.join(root, 'package.json'));
  try {
    return Object.keys(require(specifier) as object);
  } catch {
    return Object.keys(await import(pathToFileURL(require.resolve(specifier)).href));
  }
}

/** A module that re-exports the shell's copy of `specifier` under its own names. */
export function sharedShim(specifier: SharedModule, names: readonly string[], lazy: boolean): string {
  const read = `globalThis.${SHARED_GLOBAL}[${JSON.stringify(specifier)}]`;
  const named = names.filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name));
  return [
    `const m = ${lazy ? `await ${read}()` : read};`,
    'export default m.default ?? m;',
    named.length > 0 ? `export const { ${named.join(', ')} } = m;` : '',
  ].join('\n');
}

export function remoteFederationDev(
  name: RemoteName,
  exposes: Record<string, string>,
  build?: RemoteBuildInfo,
): Plugin {
  let root = '';
  let ssrLoad: (id: string) => Promise<object> = async () => ({});
  /** Set once `npm run dev` pointed the running platform here. */
  let pointed: Promise<boolean> | null = null;
  return {
    name: 'community-remote-federation-dev',
    apply: 'serve',
    enforce: 'pre',
    config() {
      return {
        // remoteEntry.js at the server's root: MFE_<NAME>_URL=http://localhost:<port>/remoteEntry.js
        base: '/',
        // The shell's React is a production build: plain JSX calls, no Fast Refresh registration.
        oxc: { jsx: { runtime: 'automatic', development: false, refresh: false } },
        // Pre-bundled dependencies keep their imports of shared modules, resolved to the shims below.
        // The exposed modules are the app's entries (no index.html): their dependencies are found
        // before the first page asks, not discovered late with a reload of the whole page.
        optimizeDeps: { entries: Object.values(exposes), exclude: [...SHARED_MODULES, JSX_DEV_RUNTIME] },
      };
    },
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      ssrLoad = (id) => server.ssrLoadModule(id) as Promise<object>;
      // `npm run dev`: point the platform running on this machine (`npm start`) at this server, and
      // back when it stops. (Only under `npm run dev`: a Vite started otherwise leaves the platform alone.)
      if (process.env.npm_lifecycle_event !== 'dev') return;
      server.httpServer?.once('listening', () => {
        const url = server.resolvedUrls?.local[0];
        if (!url) return;
        pointed = pointRunningPlatform(root, name, `${url.replace(/\/$/, '')}${ENTRY_PATH}`).then(
          ({ ok, said }) => {
            server.config.logger.info(said);
            return ok;
          },
        );
      });
      // Ctrl-C: close the server (Vite does so on SIGTERM), which points the platform back (closeBundle).
      process.once('SIGINT', () => void server.close().finally(() => process.exit(130)));
    },
    async closeBundle() {
      const wasPointed = await pointed;
      pointed = null;
      if (wasPointed) console.log((await pointRunningPlatform(root, name, null)).said);
    },
    resolveId(id, _importer, options) {
      if (options?.ssr) return null;
      if (id.split('?')[0] === ENTRY_PATH) return RESOLVED_ENTRY_ID;
      if (isShared(id) || id === JSX_DEV_RUNTIME) return `${SHIM_PREFIX}${id}`;
      return null;
    },
    async load(id) {
      if (id === RESOLVED_ENTRY_ID) return devEntry(name, exposes, root, build);
      if (!id.startsWith(SHIM_PREFIX)) return null;
      const specifier = id.slice(SHIM_PREFIX.length);
      if (specifier === JSX_DEV_RUNTIME) {
        const runtime = `globalThis.${SHARED_GLOBAL}["react/jsx-runtime"]`;
        return `const m = ${runtime};\nexport const Fragment = m.Fragment;\nexport const jsxDEV = (type, props, key, isStatic) => (isStatic ? m.jsxs : m.jsx)(type, props, key);`;
      }
      const shared = specifier as SharedModule;
      const lazy = shared === '@community/ui' || shared === 'zod';
      return sharedShim(shared, await exportNames(shared, root, ssrLoad), lazy);
    },
  };
}

/**
 * The dev server's `/remoteEntry.js`: the build's container (init/get, every shared module the app
 * may import), and the hand-over of hot updates.
 */
export function devEntry(
  name: RemoteName,
  exposes: Record<string, string>,
  root: string,
  build?: RemoteBuildInfo,
): string {
  return [
    containerSource(name, exposedLoaders(exposes, root), build, SHARED_MODULES),
    'if (import.meta.hot) {',
    '  import.meta.hot.accept(() => {',
    `    dispatchEvent(new CustomEvent(${JSON.stringify(REMOTE_UPDATE_EVENT)}, { detail: { name: ${JSON.stringify(name)} } }));`,
    '  });',
    '}',
  ].join('\n');
}

/**
 * Points the platform that `npm start` runs from this repository (its `<DATA_DIR>/stack.json`, default
 * `.data`) at `url` for `name`, or back to its own build with null, through the stack's local remotes
 * server (scripts/lib/local-remotes.ts: 127.0.0.1 only, never part of a deployment). Says what it did.
 */
export async function pointRunningPlatform(
  appRoot: string,
  name: RemoteName,
  url: string | null,
): Promise<{ ok: boolean; said: string }> {
  const dataDir = path.resolve(appRoot, '..', process.env.DATA_DIR ?? '.data');
  try {
    const state = JSON.parse(await readFile(path.join(dataDir, 'stack.json'), 'utf8')) as {
      port: number;
      remotes?: { url: string } | null;
    };
    if (!state.remotes) throw new Error('no local remotes server');
    const response = await fetch(`${state.remotes.url}/remotes/${name}`, {
      method: url === null ? 'DELETE' : 'PUT',
      headers: { 'content-type': 'application/json' },
      ...(url === null ? {} : { body: JSON.stringify({ url }) }),
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return {
      ok: true,
      said:
        url === null
          ? `${name}: the platform loads its own build again.`
          : `${name}: the platform at http://localhost:${state.port} now loads ${url} (the next page load; Ctrl-C points it back).`,
    };
  } catch {
    return {
      ok: false,
      said: `${name}: no running platform found (${path.join(dataDir, 'stack.json')}): start it with \`npm start\` and run this again.`,
    };
  }
}
