// `npm run deploy -- <env>`: deploys both Workers to the wrangler environment `env.<env>` of their
// wrangler.jsonc (ADR 29, README "Deploy"), each step printed:
//
//   1. checks env.<env> of both configs (every binding, secret name and setting the code needs);
//   2. checks that each Worker holds its secrets (`wrangler secret list`), and stops naming the missing;
//   3. builds the front end (`npm run build && npm run assemble`);
//   4. migrates the database named by DATABASE_URL in this shell (a Worker's secret cannot be read
//      back), under the migrator's advisory lock: a second deploy at the same time waits, then finds
//      nothing to do;
//   5. deploys realtime, then edge-api with the assets (the first deploy included: deploySteps);
//   6. waits for GET <PUBLIC_URL>/api/health/ready to answer 200.
//
// `npm run deploy -- <env> --dry-run`: steps 1, then both bundles as `wrangler deploy --env <env>`
// makes them (`--dry-run --outdir`), checked against the Workers' size limits. Offline, no account;
// `npm test` runs it for production. It uses the front end as last built (`npm run build`).
import { spawn } from 'node:child_process';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { experimental_readRawConfig, unstable_readConfig } from 'wrangler';
import { assembleAssets } from './lib/assemble-assets.ts';
import {
  type BundleSize,
  type Checked,
  CONFIG_FILES,
  checkAssets,
  checkBundleSize,
  checkEnvironment,
  type DeployArgs,
  deploySteps,
  describeDatabase,
  isExampleAddress,
  migrationUrl,
  missingSecretsReport,
  parseDeployArgs,
  parseSecretList,
  UsageError,
  WORKERS,
  type Worker,
  withoutServiceBindings,
} from './lib/deploy.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wranglerBin = path.join(ROOT, 'node_modules/.bin/wrangler');
const configPath = (worker: Worker) => path.join(ROOT, CONFIG_FILES[worker]);
const each = <T>(make: (worker: Worker) => T) =>
  Object.fromEntries(WORKERS.map((worker) => [worker, make(worker)])) as Record<Worker, T>;

let stepNumber = 0;
const say = (text: string) => console.log(`\n[deploy] ${++stepNumber}. ${text}`);
function fail(message: string): never {
  console.error(`\n[deploy] ${message}`);
  process.exit(1);
}

/** A command from the repository's root; `capture`: its output is returned instead of shown. */
function run(command: string, args: string[], { capture = false } = {}) {
  return new Promise<{ code: number; output: string }>((resolve, reject) => {
    const output: string[] = [];
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    });
    child.stdout?.on('data', (chunk) => output.push(String(chunk)));
    child.stderr?.on('data', (chunk) => output.push(String(chunk)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output: output.join('') }));
  });
}
const wrangler = (args: string[], options?: { capture?: boolean }) => run(wranglerBin, args, options);

const raw = each((worker) => experimental_readRawConfig({ config: configPath(worker) }).rawConfig);
let args: DeployArgs;
try {
  args = parseDeployArgs(
    process.argv.slice(2),
    each((worker) => Object.keys(raw[worker].env ?? {})),
  );
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(error.message);
  process.exit(2);
}
const { env, dryRun, plan } = args;

say(`env.${env} in ${WORKERS.map((worker) => CONFIG_FILES[worker]).join(' and ')}`);
const deployed = each((worker) => unstable_readConfig({ config: configPath(worker), env }));
// The top level (`env: ''`, whatever CLOUDFLARE_ENV says): the local configuration.
const local = each((worker) => unstable_readConfig({ config: configPath(worker), env: '' }));
const problems = checkEnvironment(env, deployed, local);
if (problems.length > 0) fail(`env.${env} is not deployable:\n  ${problems.join('\n  ')}`);
const names = each((worker) => deployed[worker].name!);
const publicUrl = String(deployed['edge-api'].vars.PUBLIC_URL).replace(/\/$/, '');
console.log(
  `  ${names.realtime} and ${names['edge-api']}, at ${publicUrl}: every binding, secret and setting`,
);

if (dryRun) {
  const started = performance.now();
  if (isExampleAddress(publicUrl)) console.log(`  (PUBLIC_URL is still the example ${publicUrl})`);
  say('the built front end, as edge-api serves it (.build/public)');
  const assetsDir = await assembleAssets(ROOT);
  say(
    `both bundles, as \`wrangler deploy --env ${env}\` makes them (--dry-run: nothing leaves this machine)`,
  );
  const outDir = path.join(ROOT, '.build/deploy', env);
  const sizes = await Promise.all(WORKERS.map((worker) => bundle(worker, path.join(outDir, worker))));
  const checks: Checked[] = [
    ...WORKERS.map((worker, index) => checkBundleSize(worker, sizes[index]!, plan)),
    await assetsCheck(assetsDir),
  ];
  for (const check of checks) console.log(`  ${check.ok ? 'ok  ' : 'OVER'} ${check.line}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (checks.some((check) => !check.ok)) fail(`over the Workers ${plan === 'free' ? 'Free' : 'Paid'} limits`);
  console.log(
    `\n[deploy] dry run of env.${env}: both Workers deployable (${seconds} s; bundles in ${outDir})`,
  );
  process.exit(0);
}

if (isExampleAddress(publicUrl)) {
  fail(`PUBLIC_URL of env.${env} is still the example ${publicUrl}: set it in ${CONFIG_FILES['edge-api']}.`);
}
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  fail(`DATABASE_URL is not set in this shell: the migrations run on env.${env}'s database from here.`);
}

say(`the Workers' secrets (wrangler secret list --env ${env})`);
const listed = each(() => null as string[] | null);
for (const worker of WORKERS) {
  const result = await wrangler(
    ['secret', 'list', '--env', env, '-c', CONFIG_FILES[worker], '--format', 'json'],
    { capture: true },
  );
  if (result.code === 0) listed[worker] = parseSecretList(result.output);
  else if (!/Worker ".*" .*not found/.test(result.output)) {
    fail(
      `wrangler could not list the secrets of ${names[worker]} (logged in? \`npx wrangler login\`):\n${result.output}`,
    );
  }
}
const missing = missingSecretsReport(env, names, listed);
if (missing) fail(missing);
console.log('  all there');

say('the front end (npm run build && npm run assemble)');
for (const script of ['build', 'assemble']) {
  if ((await run('npm', ['run', script])).code !== 0) fail(`npm run ${script} failed`);
}

const migrateOn = migrationUrl(databaseUrl);
say(`the migrations on ${describeDatabase(migrateOn)} (waiting for any other deploy's)`);
const { migrateDatabase } = await import('@community/db');
await migrateDatabase(migrateOn);
console.log('  the database is up to date');

say(
  `the Workers: ${deploySteps(listed['edge-api'] !== null)
    .map(describeStep)
    .join(', then ')}`,
);
for (const step of deploySteps(listed['edge-api'] !== null)) {
  let config = CONFIG_FILES[step.worker];
  if (step.withoutServices) {
    // Beside the real one, so its relative paths (main, assets) mean the same.
    config = path.join(path.dirname(config), 'wrangler.first-deploy.json');
    await writeFile(path.join(ROOT, config), JSON.stringify(withoutServiceBindings(raw[step.worker], env)));
  }
  const { code } = await wrangler(['deploy', '--env', env, '-c', config]);
  if (step.withoutServices) await rm(path.join(ROOT, config), { force: true });
  if (code !== 0) fail(`wrangler deploy of ${names[step.worker]} failed (above)`);
}

say(`GET ${publicUrl}/api/health/ready`);
await waitUntilReady(`${publicUrl}/api/health/ready`);
console.log(`\n[deploy] env.${env} is live at ${publicUrl}`);

function describeStep(step: { worker: Worker; withoutServices?: true }) {
  return `${names[step.worker]}${step.withoutServices ? ' (without its binding to edge-api, which does not exist yet)' : ''}`;
}

/** `wrangler deploy --dry-run` of one Worker into `outDir`; the size of what it would upload. */
async function bundle(worker: Worker, outDir: string): Promise<BundleSize> {
  await rm(outDir, { recursive: true, force: true });
  const result = await wrangler(
    ['deploy', '--dry-run', '--env', env, '-c', CONFIG_FILES[worker], '--outdir', outDir],
    { capture: true },
  );
  if (result.code !== 0) fail(`bundling ${worker} failed:\n${result.output}`);
  // The modules it uploads (not the source map or wrangler's README), gzipped together as wrangler
  // and Cloudflare measure them.
  const files = (await readdir(outDir)).filter((file) => !file.endsWith('.map') && file !== 'README.md');
  const contents = await Promise.all(files.map((file) => readFile(path.join(outDir, file))));
  const all = Buffer.concat(contents);
  return { bytes: all.length, gzipBytes: gzipSync(all).length };
}

async function assetsCheck(dir: string): Promise<Checked> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  let largest: { path: string; bytes: number } | null = null;
  let files = 0;
  for (const entry of entries.filter((candidate) => candidate.isFile())) {
    files++;
    const file = path.join(entry.parentPath, entry.name);
    const { size } = await stat(file);
    if (!largest || size > largest.bytes) largest = { path: path.relative(dir, file), bytes: size };
  }
  return checkAssets(files, largest, plan);
}

async function waitUntilReady(url: string, attempts = 10): Promise<void> {
  let last = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (response.status === 200) return;
      last = `${response.status} ${(await response.text()).slice(0, 300)}`;
    } catch (error) {
      last = String(error);
    }
    console.log(`  attempt ${attempt} of ${attempts}: ${last}`);
    if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, 6_000));
  }
  fail(`${url} did not answer 200 within a minute (last: ${last})`);
}
