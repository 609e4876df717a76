// How the shell and the micro-frontends share code (ADR 0028, which superseded ADR 0017). Each
// micro-frontend is a Module Federation 2.0 container: its `remoteEntry.js` exports the protocol's
// `init(shareScope)` and `get(expose)`, and `mf-manifest.json` describes it, so the shell loads it with
// the official `@module-federation/runtime` (shell/src/federation/remote-loader.ts), as any host of
// that runtime can, from the address in `GET /mfe-manifest.json` (a micro-frontend can move without a
// shell rebuild). A host's share scope hands over the shared modules below: a micro-frontend is built
// with them left out (external, `import: false` in the plugin's terms) and its chunks read them from
// what its container's `init` took, so React, the router, the stores and the UI kit exist once on the page.
//
// This plugin stands where @module-federation/vite would (measured in ADR 0028): that plugin's
// containers bundle the runtime or its shims per app and share a module whole, where this build keeps
// ~1 KB of container per app and hands the UI kit and zod over by export.
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
 * What a built `remoteEntry.js` exports: Module Federation's container protocol (`init` with the
 * host's share scope, then `get('./EventsPage')` for a module's factory; containerSource), and the
 * app's version with the shared ranges it was built against (`build`).
 */
export type RemoteContainer = {
  init(shareScope?: object, initScope?: unknown, options?: object): Promise<void>;
  get(expose: string): Promise<() => unknown>;
  build?: RemoteBuildInfo;
};

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
/** The package of an import specifier (`react/jsx-runtime` → `react`), whose version is recorded. */
export const packageOf = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

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
  const needs = new Set<SharedModule>();
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
      // The shared modules this build reads are known once its chunks are rendered (generateBundle).
      return containerSource(name, exposedLoaders(exposes, root), build, NEEDS_PLACEHOLDER);
    },
    renderChunk(code) {
      const rewritten = readSharedFromShell(code, (specifier) => needs.add(specifier));
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    generateBundle(_options, bundle) {
      const entry = bundle['remoteEntry.js'];
      if (entry?.type !== 'chunk') return;
      entry.code = entry.code.replace(NEEDS_PLACEHOLDER_PATTERN, JSON.stringify([...needs].sort()));
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
          assetManifest(
            name,
            exposedChunks,
            (fileName) => {
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
            },
            { build, needs: [...needs].sort() },
          ),
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

/** The exposed modules' loaders, as the entry's source writes them (`"./EventsPage": () => import(…)`). */
export function exposedLoaders(exposes: Record<string, string>, root: string): string[] {
  return Object.entries(exposes).map(
    ([key, file]) =>
      `  ${JSON.stringify(key)}: () => import(${JSON.stringify(`${root}/${file.replace(/^\.\//, '')}`)}),`,
  );
}

// Stands for the list of shared modules a build's chunks read until they are rendered (generateBundle).
const NEEDS_PLACEHOLDER = ['__community_shared_needs__'];
const NEEDS_PLACEHOLDER_PATTERN = /\[\s*(["'`])__community_shared_needs__\1\s*\]/;

/**
 * A micro-frontend's `remoteEntry.js`: a Module Federation container (ES module) with the protocol's
 * `init(shareScope, initScope, options)` and `get(expose)`, which the shell's
 * `@module-federation/runtime` (or any host of that runtime) loads.
 *
 * `init` takes each shared module this build reads from the host's share scope and puts it where the
 * build's chunks read it (`globalThis.__communityShared__`, see readSharedFromShell). When the host is
 * a `@module-federation/runtime` instance (found by its share scope map, which the runtime hands over
 * with `options`), the module is asked of that instance with the range this app was built against
 * (`build.shared`) as a strict singleton requirement: the runtime's semver check refuses a React it
 * cannot satisfy, and the container says why in a sentence the shell's error card shows. The version
 * the shell's manifest expects arrives in the entry's own address (`?v=`) and is checked first.
 * A host that shares the UI kit or zod whole (a namespace) is handed over as the lazy form the chunks
 * await (LAZY_SHARED).
 */
export function containerSource(
  name: RemoteName,
  loaders: readonly string[],
  build: RemoteBuildInfo | undefined,
  needs: readonly string[],
): string {
  return `// ${name}: a Module Federation container (init/get), packages/ui/app-config/federation.ts.
export const build = ${JSON.stringify(build ?? { version: '0.0.0', shared: {} })};
const name = ${JSON.stringify(name)};
const exposes = {
${loaders.join('\n')}
};
const needs = ${JSON.stringify(needs)};
const lazy = ${JSON.stringify(LAZY_SHARED)};
const packageOf = (specifier) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
export async function init(shareScope = {}, _initScope, options = {}) {
  const expected = new URL(import.meta.url).searchParams.get("v");
  if (expected && expected !== build.version)
    throw new Error(\`\${name}: the manifest expects version \${expected}, the server has \${build.version}.\`);
  const host = globalThis.__FEDERATION__?.__INSTANCES__?.find((instance) => instance.shareScopeMap === options.shareScopeMap);
  const registry = (globalThis.${SHARED_GLOBAL} ??= {});
  const taken = await Promise.all(needs.map(async (specifier) => {
    const range = build.shared[packageOf(specifier)];
    const versions = shareScope[specifier] ?? {};
    const provided = Object.keys(versions)[0];
    let factory;
    try {
      factory = host
        ? await host.loadShare(specifier, { customShareInfo: { shareConfig: { singleton: true, requiredVersion: range ?? false, strictVersion: true } } })
        : provided && (versions[provided].lib ?? (await versions[provided].get()));
    } catch (error) {
      if (range && provided) throw new Error(\`\${name} \${build.version} needs \${packageOf(specifier)} \${range}; this app has \${provided}.\`);
      throw error;
    }
    if (!factory) throw new Error(\`\${name} needs \${specifier}, which the host does not share.\`);
    const module = factory();
    return [specifier, lazy.includes(specifier) && typeof module !== "function" ? async () => module : module];
  }));
  // Only once every module is there: a refused container leaves nothing behind.
  for (const [specifier, module] of taken) registry[specifier] ??= module;
}
export async function get(module) {
  const load = exposes[module];
  if (!load) throw new Error(\`\${name} has no module \${module}.\`);
  const loaded = await load();
  return () => loaded;
}
`;
}

const CSS_MODULE = /\.(css|scss|sass|less)(\?|$)/;

/** Beside `remoteEntry.js`: the container's Module Federation manifest (`mf-manifest.json`). */
export const REMOTE_ASSET_MANIFEST = 'mf-manifest.json';

/**
 * Module Federation 2.0's `mf-manifest.json` for a container: what a host (the runtime, its devtools)
 * reads to load it by manifest. Per exposed module (`path`: `./EventsPage`), its chunk and every chunk
 * that one imports statically (`js.sync`) and their style sheets (`css.sync`), as paths relative to
 * `remoteEntry.js`: the edge reads them to preload the first screen of a page in parallel with the
 * entry (edge-api/src/lib/first-screen.ts). `shared`: the singletons the container takes from its
 * host (none bundled: `import: false`), with the range each was built against.
 */
export type RemoteAssetManifest = {
  id: string;
  name: string;
  metaData: {
    name: string;
    type: 'app';
    buildInfo: { buildVersion: string; buildName: string };
    remoteEntry: { name: string; path: string; type: 'module' };
    types: { path: string; name: string; zip: string; api: string };
    globalName: string;
    pluginVersion: string;
    publicPath: 'auto';
  };
  shared: {
    id: string;
    name: string;
    version: string;
    singleton: true;
    requiredVersion: string | false;
    import: false;
    assets: { js: { sync: string[]; async: string[] }; css: { sync: string[]; async: string[] } };
  }[];
  remotes: [];
  exposes: {
    id: string;
    name: string;
    path: string;
    assets: { js: { sync: string[]; async: string[] }; css: { sync: string[]; async: string[] } };
  }[];
};

const noAssets = () => ({ js: { sync: [], async: [] }, css: { sync: [], async: [] } });

/** The manifest of a build whose exposed modules are the chunks `exposed` names (key, file name). */
export function assetManifest(
  name: RemoteName,
  exposed: readonly (readonly [key: string, fileName: string])[],
  chunk: (
    fileName: string,
  ) => { imports: readonly string[]; css: readonly string[]; cssOnly?: boolean } | undefined,
  /** The app's version and ranges, and the shared modules its chunks read. */
  shared: { build?: RemoteBuildInfo | undefined; needs?: readonly string[] } = {},
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
  const version = shared.build?.version ?? '0.0.0';
  return {
    id: name,
    name,
    metaData: {
      name,
      type: 'app',
      buildInfo: { buildVersion: version, buildName: name },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'module' },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: name,
      pluginVersion: '',
      publicPath: 'auto',
    },
    shared: (shared.needs ?? []).map((specifier) => {
      const range = shared.build?.shared[packageOf(specifier)];
      return {
        id: `${name}:${specifier}`,
        name: specifier,
        version: range?.replace(/^[\^~]/, '') ?? '',
        singleton: true,
        requiredVersion: range ?? false,
        import: false,
        assets: noAssets(),
      };
    }),
    remotes: [],
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
export function readSharedFromShell(code: string, onShared?: (specifier: SharedModule) => void): string {
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
    onShared?.(specifier);
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
