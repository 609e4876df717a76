// How the shell and the micro-frontends share code (ADR 0017). The shell is the host: it loads each
// micro-frontend's `remoteEntry.js` from the address in `GET /mfe-manifest.json` (so a micro-frontend
// can move without a shell rebuild) and hands it the shell's own copies of the shared modules below.
// A micro-frontend is built with those modules left out (external) and reads them from the shell at
// run time, so React, the router, the stores and the UI kit exist once on the page.
//
// This replaced @module-federation/vite (measured in ADR 0017): its runtime, share shims and
// remoteEntry weighed ~36 KB gz per app (the runtime downloaded again by every micro-frontend), and a
// shared module was bundled whole (all of zod with its locales, 92 KB gz, on the sign-in page).
// Here the glue is the few lines of this file's output plus shell/src/federation.
//
// Each shared module is a singleton: two Reacts break hooks, and two copies of valtio, wouter, the UI
// kit or the API client would split the modal store, the toaster, the router location and the session.
// @community/domain is not shared: each app keeps only what it uses. The UI kit and zod are handed over
// on demand and by name (LAZY_SHARED), so a page downloads only the kit's parts and zod's builders in use.
import type { Plugin } from 'vite';
import type { RemoteBuildInfo } from './shared-versions.ts';

/** The remote containers the shell loads, with the key of each in `GET /mfe-manifest.json`. */
export const REMOTE_NAMES = ['mfe_events', 'mfe_spaces', 'mfe_profile', 'mfe_admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Import specifiers the shell provides to the micro-frontends (shell/src/federation/shared-modules.ts). */
export const SHARED_MODULES = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'wouter',
  'wouter/use-browser-location',
  'valtio',
  'valtio/vanilla',
  '@community/ui',
  '@community/ui/styled-system/css',
  '@community/ui/styled-system/recipes',
  '@community/api-client',
  'zod',
] as const;
export type SharedModule = (typeof SHARED_MODULES)[number];

/** Where the shell puts the shared modules for the micro-frontends (a module namespace per specifier). */
export const SHARED_GLOBAL = '__communityShared__';

/**
 * The UI kit is handed over by export, lazily: its entry in the shell's map is a function that loads
 * the kit's modules holding the named exports (`(names) => Promise<{ [name]: value }>`), and a
 * micro-frontend's chunk awaits the ones it imports (top-level await). A page then downloads the kit's
 * parts its micro-frontends use (the events page no combobox, no tabs), not the whole kit. The modules
 * are the very ones the shell imports itself (one modal store, one toaster).
 */
export const LAZY_SHARED: readonly SharedModule[] = ['@community/ui', 'zod'];
export type LazySharedModule = (names?: readonly string[]) => Promise<Record<string, unknown>>;

/**
 * What a built `remoteEntry.js` exports: one loader per exposed module (`./EventsPage`, …), and the
 * app's version with the shared ranges it was built against (`build`, checked by the shell first).
 */
export type RemoteContainer = { modules: Record<string, () => Promise<unknown>>; build?: RemoteBuildInfo };

/**
 * Where a micro-frontend's built files are served (`/mfe/<folder>/` by the edge, docs/api.md);
 * `MFE_BASE` overrides it at build time, e.g. for a CDN.
 */
export function remoteBase(folder: string, env: Record<string, string | undefined>): string {
  const base = env.MFE_BASE ?? `/mfe/${folder}/`;
  return base.endsWith('/') ? base : `${base}/`;
}

/**
 * Tree-shaking every app builds with (the shell's vite.config.ts and remoteFederation). The modules of
 * @community/domain only define constants, functions and zod schemas, and those of the UI kit only
 * components and hooks (the two stores that register themselves are used wherever they are
 * imported): none has a side effect another module relies on, so a module whose exports are unused can
 * go, and the sign-in page does not carry the kit's menus, comboboxes and tabs. zod's builders
 * (`z.object(…).min(…)`) are pure calls: an app keeps the schemas it uses, not every schema of the
 * domain with libphonenumber's metadata behind them. (CSS files keep their side effects.)
 */
export const treeshake = {
  moduleSideEffects: (id: string): boolean | undefined =>
    /[\\/]packages[\\/](domain|ui)[\\/]src[\\/][^?]*\.tsx?$/.test(id) ? false : undefined,
  manualPureFunctions: ['z'],
};

const ENTRY_ID = 'virtual:community-remote-entry';
const RESOLVED_ENTRY_ID = `\0${ENTRY_ID}`;
const isShared = (id: string): id is SharedModule => (SHARED_MODULES as readonly string[]).includes(id);

/**
 * The Vite plugin of a micro-frontend: builds `remoteEntry.js` (a loader per exposed module, each a
 * lazily imported chunk with its CSS) and reads the shared modules from the shell instead of bundling them.
 */
export function remoteFederation(
  name: RemoteName,
  exposes: Record<string, string>,
  /** The app's version and shared ranges (`sharedRequirements(appDir)` in ./shared-versions.ts). */
  build?: RemoteBuildInfo,
): Plugin {
  let root = '';
  return {
    name: 'community-remote-federation',
    apply: 'build',
    config() {
      return {
        build: {
          rolldownOptions: {
            input: { remoteEntry: ENTRY_ID },
            treeshake,
            external: (id: string) => isShared(id),
            // The exposed loaders are the entry's exports: keep them.
            preserveEntrySignatures: 'exports-only',
            output: {
              entryFileNames: (chunk) =>
                chunk.name === 'remoteEntry' ? 'remoteEntry.js' : 'assets/[name]-[hash].js',
            },
          },
        },
      };
    },
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === ENTRY_ID ? RESOLVED_ENTRY_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ENTRY_ID) return null;
      const loaders = Object.entries(exposes).map(
        ([key, file]) =>
          `  ${JSON.stringify(key)}: () => import(${JSON.stringify(`${root}/${file.replace(/^\.\//, '')}`)}),`,
      );
      const info = build ? `export const build = ${JSON.stringify(build)};\n` : '';
      return `// ${name}: the modules the shell may load.\n${info}export const modules = {\n${loaders.join('\n')}\n};\n`;
    },
    renderChunk(code) {
      const rewritten = readSharedFromShell(code);
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    generateBundle(_options, bundle) {
      const entry = bundle['remoteEntry.js'];
      if (entry?.type !== 'chunk') return;
      const chunks = new Map(
        Object.values(bundle).flatMap((file) =>
          file.type === 'chunk' ? [[file.fileName, file] as const] : [],
        ),
      );
      entry.code = preloadLazyShared(entry.code, (fileName) => {
        const chunk = chunks.get(fileName);
        return chunk ? { code: chunk.code, imports: chunk.imports } : undefined;
      });
      const exposedChunks = Object.entries(exposes).map(([key, file]) => {
        const source = `${root}/${file.replace(/^\.\//, '')}`;
        const chunk = [...chunks.values()].find((candidate) => candidate.facadeModuleId === source);
        if (!chunk) throw new Error(`${name}: no chunk for the exposed module ${key} (${file})`);
        return [key, chunk.fileName] as const;
      });
      this.emitFile({
        type: 'asset',
        fileName: REMOTE_ASSET_MANIFEST,
        source: JSON.stringify(
          assetManifest(name, exposedChunks, (fileName) => {
            const chunk = chunks.get(fileName);
            return chunk
              ? {
                  imports: chunk.imports,
                  css: [...(chunk.viteMetadata?.importedCss ?? [])],
                  // A chunk of style sheets only: Vite drops its empty script after this hook and
                  // moves its CSS to the chunks that import it.
                  cssOnly: chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => CSS_MODULE.test(id)),
                }
              : undefined;
          }),
        ),
      });
    },
    writeBundle(_options, bundle) {
      // Every file the manifest names must be in the build: a missing one would be preloaded as a 404.
      const manifest = bundle[REMOTE_ASSET_MANIFEST];
      if (manifest?.type !== 'asset') return;
      const { exposes } = JSON.parse(String(manifest.source)) as RemoteAssetManifest;
      const missing = exposes.flatMap(({ assets }) =>
        [...assets.js.sync, ...assets.css.sync].filter((file) => !(file in bundle)),
      );
      if (missing.length > 0)
        throw new Error(
          `${name}: ${REMOTE_ASSET_MANIFEST} names files the build does not have: ${missing.join(', ')}`,
        );
    },
  };
}

const CSS_MODULE = /\.(css|scss|sass|less)(\?|$)/;

/** Beside `remoteEntry.js`: what each exposed module needs first (Module Federation's manifest shape). */
export const REMOTE_ASSET_MANIFEST = 'mf-manifest.json';

/**
 * The part of Module Federation's `mf-manifest.json` a host needs to fetch an exposed module's files
 * in parallel with its entry instead of one after the other: per exposed module (`path`: `./EventsPage`),
 * its chunk and every chunk that one imports statically (`js.sync`), and their style sheets
 * (`css.sync`), as paths relative to `remoteEntry.js`. The edge reads it to preload the first
 * screen of a page (edge-api/src/lib/first-screen.ts).
 */
export type RemoteAssetManifest = {
  name: string;
  metaData: { remoteEntry: { name: string; path: string; type: 'module' } };
  exposes: {
    id: string;
    name: string;
    path: string;
    assets: { js: { sync: string[]; async: string[] }; css: { sync: string[]; async: string[] } };
  }[];
};

/** The manifest of a build whose exposed modules are the chunks `exposed` names (key, file name). */
export function assetManifest(
  name: RemoteName,
  exposed: readonly (readonly [key: string, fileName: string])[],
  chunk: (
    fileName: string,
  ) => { imports: readonly string[]; css: readonly string[]; cssOnly?: boolean } | undefined,
): RemoteAssetManifest {
  const filesOf = (fileName: string) => {
    const js: string[] = [];
    const seen = new Set<string>();
    const css = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const found = chunk(file);
      if (!found) return;
      if (!found.cssOnly) js.push(file);
      for (const sheet of found.css) css.add(sheet);
      for (const imported of found.imports) visit(imported);
    };
    visit(fileName);
    return { js, css: [...css] };
  };
  return {
    name,
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'module' } },
    exposes: exposed.map(([key, fileName]) => {
      const { js, css } = filesOf(fileName);
      const short = key.replace(/^\.\//, '');
      return {
        id: `${name}:${short}`,
        name: short,
        path: key,
        assets: { js: { sync: js, async: [] }, css: { sync: css, async: [] } },
      };
    }),
  };
}

// A lazily shared module's request in a built chunk: `__communityShared__["@community/ui"](["Button",…])`.
// (The minifier may write `.zod(…)` for `["zod"](…)`.)
const LAZY_REQUEST = /__communityShared__(?:\[(["'`])([^"'`]+)\1\]|\.([\w$]+))\(\[([^\]]*)\]\)/g;

/**
 * Makes each exposed module's loader in `remoteEntry.js` ask the shell for the lazily shared exports
 * its chunks will await (theirs and those of the chunks they import statically) at the same time as it
 * imports the chunk, so the kit's parts are fetched in parallel with the chunk instead of after it.
 */
export function preloadLazyShared(
  entryCode: string,
  chunk: (fileName: string) => { code: string; imports: readonly string[] } | undefined,
): string {
  const requests = (fileName: string, seen = new Set<string>()): Map<string, Set<string>> => {
    const found = new Map<string, Set<string>>();
    if (seen.has(fileName)) return found;
    seen.add(fileName);
    const file = chunk(fileName);
    if (!file) return found;
    for (const [, , quoted, bare, names] of file.code.matchAll(LAZY_REQUEST)) {
      const specifier = (quoted ?? bare)!;
      const set = found.get(specifier) ?? new Set<string>();
      for (const name of names!.split(',')) if (name.trim()) set.add(name.trim().slice(1, -1));
      found.set(specifier, set);
    }
    for (const imported of file.imports) {
      for (const [specifier, names] of requests(imported, seen)) {
        const set = found.get(specifier) ?? new Set<string>();
        for (const name of names) set.add(name);
        found.set(specifier, set);
      }
    }
    return found;
  };
  return entryCode.replace(/import\((["'`])\.\/([^"'`]+\.js)\1\)/g, (call, _quote, fileName: string) => {
    const preloads = [...requests(fileName)].map(
      ([specifier, names]) =>
        `globalThis.${SHARED_GLOBAL}[${JSON.stringify(specifier)}](${JSON.stringify([...names].sort())}).catch(()=>{})`,
    );
    return preloads.length > 0 ? `(${preloads.join(',')},${call})` : call;
  });
}

// An import statement at the top of a chunk: `import D,{a as b}from"m";`, `import*as N from"m";`, `import"m";`.
const IMPORT =
  /\s*import\s*(?:([\w$]+)\s*,?\s*)?(?:\*\s*as\s+([\w$]+)\s*|\{([^}]*)\}\s*)?(?:from\s*)?(["'])([^"']+)\4\s*;?/y;
const LEADING_COMMENT = /\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)/y;

/**
 * Replaces the chunk's imports of shared modules (left external by the build, always at the top of
 * the chunk) with reads from the shell's registry: `import{useState as e}from"react"` becomes
 * `const{useState:e}=globalThis.__communityShared__["react"]`.
 */
export function readSharedFromShell(code: string): string {
  let position = 0;
  let output = '';
  for (;;) {
    LEADING_COMMENT.lastIndex = position;
    const comment = LEADING_COMMENT.exec(code);
    if (comment) {
      output += comment[0];
      position = LEADING_COMMENT.lastIndex;
      continue;
    }
    IMPORT.lastIndex = position;
    const match = IMPORT.exec(code);
    if (!match) break;
    position = IMPORT.lastIndex;
    const [statement, defaultName, namespace, named, , specifier] = match;
    if (!isShared(specifier!)) {
      output += statement;
      continue;
    }
    let module = `globalThis.${SHARED_GLOBAL}[${JSON.stringify(specifier)}]`;
    if (LAZY_SHARED.includes(specifier as SharedModule)) {
      // Ask for the named exports only; a namespace or default import needs every one.
      const names =
        named && !namespace && !defaultName
          ? named
              .split(',')
              .map((part) => part.trim().split(/\s+as\s+/)[0]!)
              .filter(Boolean)
          : undefined;
      module = `(await ${module}(${names ? JSON.stringify(names) : ''}))`;
    }
    const reads: string[] = [];
    if (namespace) reads.push(`${namespace}=${module}`);
    if (defaultName) reads.push(`${defaultName}=${module}.default`);
    if (named?.trim()) {
      const bindings = named
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => part.replace(/\s+as\s+/, ':'));
      reads.push(`{${bindings.join(',')}}=${module}`);
    }
    output += reads.length > 0 ? `const ${reads.join(',')};` : '';
  }
  return output + code.slice(position);
}
