// Builds the Rspack micro-frontend fixture (e2e/fixtures/rspack-remote) as a Module Federation 2.0
// remote with @module-federation/enhanced: proof that a remote built by another bundler than the
// shell's runs inside the shell, loaded by the official @module-federation/runtime, on the shell's
// React. Rspack's Node API (no config file, no CLI) in a worker thread: under a second.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, rspack, type Stats } from '@rspack/core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const RSPACK_REMOTE_SOURCE = path.join(ROOT, 'e2e/fixtures/rspack-remote');

/** The React packages the shell provides as singletons: the remote imports them, never bundles them. */
const HOST_PROVIDED = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'];

type Options = {
  outDir: string;
  /** Where its files will be served from (an origin and folder ending in `/`): its chunks load from here. */
  publicPath: string;
};
type Built = { entry: string; manifest: string };

/**
 * Builds the fixture into `outDir` (emptied first); resolves with the names of its remote entry and
 * manifest in it, or rejects with the compiler's errors.
 *
 * In a worker thread started without the parent's loaders: under tsx (`npm test`, `npm start`),
 * @rspack/core's federation runtime template, a function it writes out with Function#toString, came
 * out rewritten by tsx's esbuild (keepNames) and called a `__name` helper that is not in the
 * remoteEntry.js, so the remote failed in the browser (`__name is not defined`). Node's own type
 * stripping runs this file in the worker.
 */
export function buildRspackRemote(options: Options): Promise<Built> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { rspackRemote: options },
      execArgv: [],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    let result: { built: Built } | { error: string } | undefined;
    worker.once('message', (message: { built: Built } | { error: string }) => {
      result = message;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (result && 'built' in result) resolve(result.built);
      else reject(new Error(result?.error ?? `The Rspack build's worker exited with code ${code}`));
    });
  });
}

if (!isMainThread && workerData?.rspackRemote) {
  compile(workerData.rspackRemote as Options).then(
    (built) => parentPort!.postMessage({ built }),
    (error: Error) => parentPort!.postMessage({ error: error.message }),
  );
}

async function compile(options: Options): Promise<Built> {
  const entry = 'remoteEntry.js';
  const manifest = 'mf-manifest.json';
  const config: Configuration = {
    mode: 'production',
    context: RSPACK_REMOTE_SOURCE,
    // No page entry: the container entry (remoteEntry.js) that the plugin adds is the only one.
    entry: {},
    target: ['web', 'es2022'],
    devtool: false,
    output: {
      path: options.outDir,
      publicPath: options.publicPath,
      uniqueName: 'rspack_app',
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
    resolve: { extensions: ['.jsx', '.js'] },
    module: {
      rules: [
        {
          test: /\.jsx$/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'ecmascript', jsx: true },
              // The automatic runtime imports react/jsx-runtime, which is shared too.
              transform: { react: { runtime: 'automatic' } },
            },
          },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'rspack_app',
        filename: entry,
        // The default entry type, `var` (a global; `type: 'var'` in the manifest): the runtime adds
        // it as a <script src> element and its chunk loads as <script src> (JSONP) from publicPath,
        // so a page whose CSP is `script-src 'self' <remote origin>` runs it (no inline script, no
        // eval), and neither needs CORS (only the manifest's fetch does). A `module` entry (ESM
        // output, loaded by the runtime's `import(url)`) worked too, but every file then needs CORS
        // and a host registering remoteEntry.js must say `type: 'module'`.
        library: { type: 'var', name: 'rspack_app' },
        exposes: { './App': './src/App.jsx' },
        shared: Object.fromEntries(
          // import: false: the host provides them, the remote ships no fallback copy of React.
          HOST_PROVIDED.map((name) => [name, { singleton: true, requiredVersion: '^19.0.0', import: false }]),
        ),
        manifest: true,
        dts: false,
        // Builds the federation runtime inside remoteEntry.js for browsers only: without it, its
        // Node loaders (vm.Script, eval('require'), Function('return import(name)')) ship too,
        // unused in a browser but dead weight and eval-like text a CSP audit would flag.
        experiments: { optimization: { target: 'web' } },
      }),
    ],
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
  };

  const compiler = rspack(config);
  const stats = await new Promise<Stats>((resolve, reject) => {
    compiler.run((error, result) => {
      compiler.close(() => {
        if (error) reject(error);
        else if (!result) reject(new Error('Rspack returned no stats'));
        else resolve(result);
      });
    });
  });
  if (stats.hasErrors()) {
    const { errors = [] } = stats.toJson({ all: false, errors: true });
    throw new Error(`Building the Rspack remote failed:\n${errors.map((e) => e.message).join('\n')}`);
  }
  return { entry, manifest };
}
