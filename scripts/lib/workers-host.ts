// The local stack's Workers, edge-api and realtime, on Miniflare (ADR 25). A process of its own,
// started by scripts/lib/stack.ts as the leader of a process group, so the stack supervises, kills
// and restarts it and its workerd as one, as it did `wrangler dev`.
//
// Each Worker is bundled by `wrangler deploy --dry-run`, the bundle a deploy uploads, and run with
// the bindings wrangler derives from its wrangler.jsonc (`unstable_getMiniflareWorkerOptions`).
// Unlike `wrangler dev` there is no proxy Worker in front, no log line per request and no file
// watcher polling the sources, which together cost as much CPU as the Workers themselves (ADR 25);
// `npm start` asks for a reload on the kernel's file events instead (`watch`).
//
// Settings come as JSON in WORKERS_HOST (HostSettings); prints READY <url> once both Workers answer.
import { spawn } from 'node:child_process';
import { existsSync, type FSWatcher, readdirSync, watch } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare, type V4WorkerOptions } from 'miniflare';
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from 'wrangler';

export type HostSettings = {
  port: number;
  inspectorPort: number;
  /** Durable Object and R2 data: the layout `wrangler dev --persist-to` used (`<persistTo>/v3`). */
  persistTo: string;
  /** Where the bundles are written. */
  buildDir: string;
  /** The first Worker's variables over its wrangler.jsonc (the others keep theirs, as under `wrangler dev`). */
  vars?: Record<string, string>;
  /** The Workers' configs (from the repository's root); edge-api's and realtime's by default. */
  configs?: string[];
  /** Where the Workers' console lines go (level, message); absent: this process's output. */
  onWorkerLog?: (level: string, message: string) => void;
  /** Run the bundles already in `buildDir` (a restart on the same sources) instead of bundling again. */
  prebuilt?: boolean;
  /** Bundle and reload the Workers when their sources change (`npm start`; tests do not). */
  watch?: boolean;
  /** The folders watched, each with the folders below it; the project's Workers' and packages' by default. */
  sources?: string[];
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The entry Worker first: it receives the port's requests and the Cron Triggers. */
export const WORKER_CONFIGS = ['edge-api/wrangler.jsonc', 'realtime/wrangler.jsonc'];

/** The deployable bundle of one Worker (its `main` and what it imports), as `wrangler deploy` makes it. */
/** `main`: the Worker's entry; the bundle is named after it (src/index.ts: index.js). */
function bundle(configPath: string, main: string, outDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const output: string[] = [];
    const child = spawn(
      path.join(ROOT, 'node_modules/.bin/wrangler'),
      // `--env=`: the top level, the local configuration, whatever CLOUDFLARE_ENV says (ADR 29).
      ['deploy', '--dry-run', '--env=', '--outdir', outDir, '-c', configPath],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
      },
    );
    child.stdout.on('data', (chunk) => output.push(String(chunk)));
    child.stderr.on('data', (chunk) => output.push(String(chunk)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(path.join(outDir, `${path.parse(main).name}.js`))
        : reject(new Error(`bundling ${configPath} failed:\n${output.join('')}`)),
    );
  });
}

async function workerOptions(
  configPath: string,
  settings: Pick<HostSettings, 'buildDir' | 'prebuilt'>,
  vars: Record<string, string>,
): Promise<V4WorkerOptions> {
  const config = unstable_readConfig({ config: path.resolve(ROOT, configPath), env: '' });
  const outDir = path.join(settings.buildDir, config.name!);
  const built = path.join(outDir, `${path.parse(config.main!).name}.js`);
  const script =
    settings.prebuilt && existsSync(built) ? built : await bundle(configPath, config.main!, outDir);
  // The secrets (`secrets.required`) are read from this process's environment, as `wrangler dev` did.
  const { modulesRules: _, ...derived } = unstable_getMiniflareWorkerOptions(config)
    .workerOptions as V4WorkerOptions;
  return {
    ...derived,
    name: config.name!,
    // One self-contained module: the bundle (so no rules for importing other files).
    scriptPath: script,
    modules: true,
    modulesRoot: path.dirname(script),
    bindings: { ...derived.bindings, ...vars },
  };
}

async function miniflareOptions(settings: HostSettings) {
  await mkdir(settings.buildDir, { recursive: true });
  const workers = await Promise.all(
    (settings.configs ?? WORKER_CONFIGS).map((config, index) =>
      workerOptions(config, settings, index === 0 ? (settings.vars ?? {}) : {}),
    ),
  );
  // Miniflare 5 takes its options in a new shape; wrangler's derivation is in the v4 one it converts.
  return convertV4MiniflareOptions({
    host: '127.0.0.1',
    port: settings.port,
    inspectorPort: settings.inspectorPort,
    resourcePersistencePath: path.join(settings.persistTo, 'v3'),
    // GET /cdn-cgi/local/scheduled?cron=…&time=… runs a Cron Trigger (tests, scripts/lib/local-cron.ts).
    unsafeTriggerHandlers: true,
    // Request.cf would be fetched from Cloudflare; nothing here reads it, and tests stay offline.
    cf: false,
    logRequests: false,
    log: new Log(LogLevel.WARN),
    ...(settings.onWorkerLog
      ? {
          handleStructuredLogs: (log: { level: string; message: string }) =>
            settings.onWorkerLog?.(log.level, log.message),
        }
      : {}),
    workers,
  });
}

export type RunningWorkers = { miniflare: Miniflare; close(): Promise<void> };

export async function startWorkers(settings: HostSettings): Promise<RunningWorkers> {
  const miniflare = new Miniflare(await miniflareOptions(settings));
  await miniflare.ready;
  const watchers = settings.watch ? watchSources(miniflare, settings) : [];
  return {
    miniflare,
    async close() {
      for (const watcher of watchers) watcher.close();
      await miniflare.dispose();
    },
  };
}

/**
 * Every folder of the Workers' sources: theirs and the shared packages' (each package's src/).
 * Each folder is watched on its own: a recursive watch lost a file that an editor replaced (saved
 * through a new file and a rename) and heard nothing of it after the first save.
 */
function sourceFolders(given?: string[]): string[] {
  const packages = readdirSync(path.join(ROOT, 'packages')).map((name) => path.join('packages', name, 'src'));
  const roots = (given ?? ['edge-api/src', 'realtime/src', ...packages])
    .map((folder) => path.resolve(ROOT, folder))
    .filter((folder) => existsSync(folder));
  const below = (folder: string): string[] => [
    folder,
    ...readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
      .flatMap((entry) => below(path.join(folder, entry.name))),
  ];
  return roots.flatMap(below);
}

const isSource = (file: string) => /\.(ts|tsx|js|json|sql)$/.test(file) && !/\.test\.tsx?$/.test(file);

/**
 * Bundles and reloads the Workers a moment after a source changes (`npm start`), as `wrangler dev`
 * did, but from the kernel's file events: nothing runs while nobody edits. A bundle that fails
 * leaves the running Workers as they were and says why.
 */
function watchSources(miniflare: Miniflare, settings: HostSettings): FSWatcher[] {
  let timer: NodeJS.Timeout | undefined;
  let reloading = Promise.resolve();
  const reload = () => {
    reloading = reloading.then(async () => {
      const started = performance.now();
      try {
        await miniflare.setOptions(await miniflareOptions(settings));
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.log(`[host] a source changed: the Workers were bundled and reloaded in ${seconds} s`);
      } catch (error) {
        console.log(`[host] a source changed, but the Workers could not be reloaded: ${String(error)}`);
      }
    });
  };
  return sourceFolders(settings.sources).map((folder) =>
    watch(folder, (_event, file) => {
      if (!file || !isSource(file)) return;
      clearTimeout(timer);
      timer = setTimeout(reload, 300);
    }),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const settings = JSON.parse(process.env.WORKERS_HOST ?? '') as HostSettings;
  const workers = await startWorkers(settings).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
  console.log(`READY http://127.0.0.1:${settings.port}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void workers
        .close()
        .catch(() => {})
        .finally(() => process.exit(0));
    });
  }
}
