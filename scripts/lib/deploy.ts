// The parts of `npm run deploy` (scripts/deploy.ts) that decide without asking anyone: its
// arguments, the check of an environment's configuration, the secrets' report, the bundles' sizes
// against Cloudflare's limits, and the order of a first deploy. Unit tested (deploy.test.ts) with no
// wrangler command and no Cloudflare account. ADR 29.
import { parseArgs } from 'node:util';

export const WORKERS = ['realtime', 'edge-api'] as const;
export type Worker = (typeof WORKERS)[number];
export const CONFIG_FILES: Record<Worker, string> = {
  realtime: 'realtime/wrangler.jsonc',
  'edge-api': 'edge-api/wrangler.jsonc',
};

/**
 * What each Worker's code reads from its environment (edge-api/src/config.ts `Bindings`,
 * realtime/src/config.ts): the bindings it calls, the secrets it refuses to run without, the
 * settings a deployment must give it.
 */
export const NEEDS: Record<Worker, { bindings: string[]; secrets: string[]; vars: string[] }> = {
  'edge-api': {
    bindings: ['ASSETS', 'REALTIME', 'UPLOADS', 'MAIL_QUEUE'],
    secrets: ['AUTH_SECRET', 'REALTIME_SECRET', 'DATABASE_URL'],
    vars: ['PUBLIC_URL', 'CLIENT_IP_HEADER'],
  },
  realtime: {
    bindings: [
      'UserRoom',
      'SpaceRoom',
      'PostsRoom',
      'ConversationRoom',
      'PresenceRoom',
      'FanoutShard',
      'API',
    ],
    secrets: ['REALTIME_SECRET'],
    vars: [],
  },
};
/** Settings only the local stack gives (scripts/lib/stack.ts); deployed they would name this machine. */
const LOCAL_ONLY_VARS = ['DATABASE_URL', 'DB_WS_PROXY', 'LOCAL_REMOTES_URL'];

// ---- arguments

export type Plan = 'free' | 'paid';
export type DeployArgs = { env: string; dryRun: boolean; plan: Plan };

export class UsageError extends Error {}

export const USAGE = `Usage: npm run deploy -- <environment> [--dry-run] [--plan free|paid]

  <environment>   an env.<name> of both edge-api/wrangler.jsonc and realtime/wrangler.jsonc
  --dry-run       bundle both Workers and check them (sizes, bindings); needs no account, deploys nothing
  --plan          the Workers plan whose size limits apply (default free: 3 MiB compressed; paid: 10 MiB)`;

/** `environments`: the names under `env` in each Worker's config. */
export function parseDeployArgs(argv: string[], environments: Record<Worker, string[]>): DeployArgs {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const both = environments['edge-api'].filter((name) => environments.realtime.includes(name));
  const [env, ...extra] = positionals;
  if (!env || extra.length > 0)
    throw new UsageError(`Name one environment (${both.join(', ')}).\n\n${USAGE}`);
  if (!both.includes(env)) {
    const where = WORKERS.filter((worker) => environments[worker].includes(env)).map((w) => CONFIG_FILES[w]);
    throw new UsageError(
      where.length > 0
        ? `env.${env} is in ${where.join('')} only: each Worker needs it (copy the staging block of the other).`
        : `No environment "${env}": the environments are ${both.join(', ')} (env.<name> in both wrangler.jsonc).`,
    );
  }
  const plan = values.plan ?? 'free';
  if (plan !== 'free' && plan !== 'paid') throw new UsageError(`--plan is free or paid, not "${plan}".`);
  return { env, dryRun: values['dry-run'] ?? false, plan };
}

function parseOptions(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: { 'dry-run': { type: 'boolean' }, plan: { type: 'string' } },
  });
}

// ---- the environment's configuration

/** The part of a resolved wrangler config (`unstable_readConfig`) the checks read. */
export type WorkerConfig = {
  name?: string | undefined;
  assets?: { binding?: string | undefined } | undefined;
  services?: { binding: string; service?: string | undefined }[] | undefined;
  r2_buckets?: { binding: string }[] | undefined;
  kv_namespaces?: { binding: string }[] | undefined;
  d1_databases?: { binding: string }[] | undefined;
  queues?: { producers?: { binding: string; queue: string }[]; consumers?: { queue: string }[] } | undefined;
  durable_objects?: { bindings: { name: string }[] } | undefined;
  vars?: Record<string, unknown> | undefined;
  secrets?: { required?: string[] | undefined } | undefined;
  triggers?: { crons?: string[] | undefined } | undefined;
};

export function bindingNames(config: WorkerConfig): string[] {
  return [
    ...(config.assets?.binding ? [config.assets.binding] : []),
    ...(config.services ?? []).map((service) => service.binding),
    ...(config.r2_buckets ?? []).map((bucket) => bucket.binding),
    ...(config.kv_namespaces ?? []).map((namespace) => namespace.binding),
    ...(config.d1_databases ?? []).map((database) => database.binding),
    ...(config.queues?.producers ?? []).map((producer) => producer.binding),
    ...(config.durable_objects?.bindings ?? []).map((binding) => binding.name),
  ];
}

/**
 * What is wrong with `env.<env>` of both Workers (none: an empty list). `deployed` is each Worker's
 * config in that environment, `local` its top level (what `npm start` and the tests run): every
 * binding the code needs, and every one the local configuration has, must be there again, since
 * wrangler inherits none of them into an environment.
 */
export function checkEnvironment(
  env: string,
  deployed: Record<Worker, WorkerConfig>,
  local: Record<Worker, WorkerConfig>,
): string[] {
  const problems: string[] = [];
  for (const worker of WORKERS) {
    const config = deployed[worker];
    const where = `${CONFIG_FILES[worker]} env.${env}`;
    const bound = new Set(bindingNames(config));
    for (const name of new Set([...NEEDS[worker].bindings, ...bindingNames(local[worker])])) {
      if (!bound.has(name)) problems.push(`${where}: no binding ${name} (environments inherit no bindings)`);
    }
    const secrets = config.secrets?.required ?? [];
    for (const name of NEEDS[worker].secrets) {
      if (!secrets.includes(name)) problems.push(`${where}: secrets.required lacks ${name}`);
    }
    const vars = config.vars ?? {};
    for (const name of NEEDS[worker].vars) {
      if (!vars[name]) problems.push(`${where}: vars.${name} is not set`);
    }
    for (const name of LOCAL_ONLY_VARS) {
      if (name in vars)
        problems.push(`${where}: vars.${name} is a local setting (a secret, or unset, deployed)`);
    }
    for (const [name, value] of Object.entries(vars)) {
      if (typeof value === 'string' && /\b(localhost|127\.0\.0\.1)\b|\[::1\]/.test(value)) {
        problems.push(`${where}: vars.${name} names this machine (${value})`);
      }
    }
    if (local[worker].triggers?.crons?.length && !config.triggers?.crons?.length) {
      problems.push(`${where}: no Cron Triggers`);
    }
  }
  // Each Worker's service binding must reach the other Worker of the same environment.
  const edge = deployed['edge-api'];
  const realtime = deployed.realtime;
  const target = (config: WorkerConfig, binding: string) =>
    config.services?.find((service) => service.binding === binding)?.service;
  if (target(edge, 'REALTIME') !== realtime.name) {
    problems.push(
      `${CONFIG_FILES['edge-api']} env.${env}: REALTIME binds "${target(edge, 'REALTIME')}", not this environment's realtime "${realtime.name}"`,
    );
  }
  if (target(realtime, 'API') !== edge.name) {
    problems.push(
      `${CONFIG_FILES.realtime} env.${env}: API binds "${target(realtime, 'API')}", not this environment's edge-api "${edge.name}"`,
    );
  }
  for (const producer of edge.queues?.producers ?? []) {
    if (!edge.queues?.consumers?.some((consumer) => consumer.queue === producer.queue)) {
      problems.push(`${CONFIG_FILES['edge-api']} env.${env}: nothing consumes the queue ${producer.queue}`);
    }
  }
  const publicUrl = edge.vars?.PUBLIC_URL;
  if (typeof publicUrl === 'string' && publicUrl && !/^https:\/\/[^/]+\/?$/.test(publicUrl)) {
    problems.push(
      `${CONFIG_FILES['edge-api']} env.${env}: PUBLIC_URL must be https://<host> (is ${publicUrl})`,
    );
  }
  return problems;
}

/** The documentation's example addresses (RFC 2606), which the committed configs carry until set. */
export function isExampleAddress(url: string): boolean {
  const host = new URL(url).hostname;
  return /(^|\.)example\.(com|org|net)$/.test(host) || /\.example$/.test(host);
}

// ---- secrets

/** The names in `wrangler secret list --format json`'s output. */
export function parseSecretList(output: string): string[] {
  const start = output.indexOf('[');
  const list = JSON.parse(start >= 0 ? output.slice(start) : output) as { name: string }[];
  return list.map((secret) => secret.name);
}

/**
 * What `npm run deploy` says when secrets are missing; null when every Worker has its own.
 * `listed`: each Worker's secrets, or null when the Worker does not exist yet.
 */
export function missingSecretsReport(
  env: string,
  names: Record<Worker, string>,
  listed: Record<Worker, string[] | null>,
): string | null {
  const missing = WORKERS.map((worker) => ({
    worker,
    names: NEEDS[worker].secrets.filter((name) => !listed[worker]?.includes(name)),
  })).filter((entry) => entry.names.length > 0);
  if (missing.length === 0) return null;
  const lines = missing.map(
    ({ worker, names: secrets }) =>
      `  ${names[worker]}${listed[worker] === null ? ' (no such Worker yet)' : ''}: ${secrets.join(', ')}`,
  );
  const commands = missing.flatMap(({ worker, names: secrets }) =>
    secrets.map((name) => `  npx wrangler secret put ${name} --env ${env} -c ${CONFIG_FILES[worker]}`),
  );
  return [
    `Secrets missing in env.${env}:`,
    ...lines,
    'Put each once (it asks for the value; a Worker that does not exist yet is created empty):',
    ...commands,
    'AUTH_SECRET and REALTIME_SECRET: long random values (`openssl rand -base64 32`), never the development',
    'ones (the Workers refuse them); REALTIME_SECRET the same in both Workers. DATABASE_URL: the',
    "environment's database (the one the migrations run on: DATABASE_URL in this shell).",
  ].join('\n');
}

// ---- bundles

const MiB = 1024 * 1024;
/**
 * Cloudflare's limits on what one Worker uploads (developers.cloudflare.com/workers/platform/limits,
 * "Worker size"): its modules gzip-compressed, 3 MiB on Workers Free and 10 MiB on Workers Paid;
 * 64 MiB uncompressed on either (wrangler's MAX_UNCOMPRESSED_SIZE_BYTES). Static assets: 20,000
 * files a version on Free, 100,000 on Paid, each at most 25 MiB.
 */
export const LIMITS = {
  compressed: { free: 3 * MiB, paid: 10 * MiB },
  uncompressed: 64 * MiB,
  assetFiles: { free: 20_000, paid: 100_000 },
  assetFileSize: 25 * MiB,
} as const;

export type BundleSize = { bytes: number; gzipBytes: number };
export type Checked = { ok: boolean; line: string };

const mib = (bytes: number) => `${(bytes / MiB).toFixed(2)} MiB`;
const percent = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;

export function checkBundleSize(worker: string, size: BundleSize, plan: Plan): Checked {
  const limit = LIMITS.compressed[plan];
  const ok = size.gzipBytes <= limit && size.bytes <= LIMITS.uncompressed;
  const other = plan === 'free' ? `; Paid ${mib(LIMITS.compressed.paid)}` : '';
  return {
    ok,
    line:
      `${worker}: ${mib(size.gzipBytes)} compressed of ${mib(limit)} (Workers ${plan === 'free' ? 'Free' : 'Paid'}${other}), ` +
      `${percent(size.gzipBytes, limit)}; ${mib(size.bytes)} of ${mib(LIMITS.uncompressed)} uncompressed`,
  };
}

export function checkAssets(
  files: number,
  largest: { path: string; bytes: number } | null,
  plan: Plan,
): Checked {
  const limit = LIMITS.assetFiles[plan];
  const tooLarge = largest !== null && largest.bytes > LIMITS.assetFileSize;
  return {
    ok: files <= limit && !tooLarge,
    line:
      `edge-api assets: ${files} files of ${limit.toLocaleString('en')} (Workers ${plan === 'free' ? 'Free' : 'Paid'})` +
      (largest ? `; largest ${largest.path} ${mib(largest.bytes)} of ${mib(LIMITS.assetFileSize)}` : ''),
  };
}

// ---- the order of a deploy

export type DeployStep = { worker: Worker; withoutServices?: true };

/**
 * realtime first, so edge-api's new room commands find rooms that know them. The two Workers bind
 * each other, and Cloudflare refuses a service binding to a Worker that does not exist: while
 * edge-api does not, realtime goes out once without its binding to it, then edge-api, then realtime
 * whole. (`wrangler secret put` creates a Worker that does not exist, empty, so after the secrets'
 * check both usually do.)
 */
export function deploySteps(edgeApiExists: boolean): DeployStep[] {
  return edgeApiExists
    ? [{ worker: 'realtime' }, { worker: 'edge-api' }]
    : [{ worker: 'realtime', withoutServices: true }, { worker: 'edge-api' }, { worker: 'realtime' }];
}

type RawConfig = { env?: Record<string, Record<string, unknown>> } & Record<string, unknown>;

/**
 * A copy of a Worker's raw config whose `env.<env>` binds no other Worker (the first deploy's). The
 * top level's binding goes too, or wrangler warns that the environment lacks it.
 */
export function withoutServiceBindings<T extends RawConfig>(raw: T, env: string): T {
  return { ...raw, services: [], env: { ...raw.env, [env]: { ...raw.env?.[env], services: [] } } };
}

// ---- the database

/**
 * The address the migrations run on. Neon's pooled address (`ep-…-pooler.…`) goes through PgBouncer
 * in transaction mode, where the migrations' session advisory lock does not hold: its direct one.
 */
export function migrationUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.hostname.endsWith('.neon.tech')) url.hostname = url.hostname.replace(/-pooler(?=\.)/, '');
  return url.toString();
}

/** A database address without its password, to print. */
export function describeDatabase(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}
