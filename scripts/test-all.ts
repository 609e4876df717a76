// `npm test`: lint, typecheck, build, unit tests, then one shared stack (embedded Postgres +
// wrangler dev) for the API tests, the realtime socket tests and the Playwright journeys, then the
// fault suite on an `npm start` of its own.
// Ends with one line `N passed, N failed` over every suite.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@community/db';
import { findChromium, NoBrowserError } from './lib/find-chromium.ts';
import { StatementCounter, serveStatementCount } from './lib/pg-statement-counter.ts';
import { ROOT, type Stack, startStack } from './lib/stack.ts';

type Tally = { passed: number; failed: number };
const totals: Tally = { passed: 0, failed: 0 };
const failedSteps: string[] = [];
const results = path.join(ROOT, '.build/test-results');

const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, PATH: `${path.join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`, ...env },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** A step that is not a test suite (lint, typecheck, build) fails the run but adds no test counts. */
async function step(name: string, command: string, args: string[]) {
  console.log(`\n=== ${name} ===`);
  const code = await run(command, args);
  if (code !== 0) failedSteps.push(name);
  return code === 0;
}

async function vitestSuite(name: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n=== ${name} ===`);
  const report = path.join(results, `${name}.json`);
  const code = await run(
    bin('vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  const counted = await readFile(report, 'utf8')
    .then((text) => JSON.parse(text) as { numPassedTests: number; numFailedTests: number })
    .then((json) => ({ passed: json.numPassedTests, failed: json.numFailedTests }))
    .catch(() => ({ passed: 0, failed: 1 }));
  record(name, counted, code);
}

async function playwrightSuite(name: string, env: Record<string, string>) {
  console.log(`\n=== ${name} ===`);
  const report = path.join(results, `${name}.json`);
  const code = await run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  const counted = await readFile(report, 'utf8')
    .then((text) => JSON.parse(text) as { stats: { expected: number; unexpected: number; flaky: number } })
    .then(({ stats }) => ({ passed: stats.expected + stats.flaky, failed: stats.unexpected }))
    .catch(() => ({ passed: 0, failed: 1 }));
  record(name, counted, code);
}

function record(name: string, counted: Tally, exitCode: number) {
  // A runner that exits non-zero with no failed test still failed (e.g. an error outside tests).
  const failed = counted.failed || (exitCode !== 0 ? 1 : 0);
  totals.passed += counted.passed;
  totals.failed += failed;
  if (failed) failedSteps.push(name);
  console.log(`${name}: ${counted.passed} passed, ${failed} failed`);
}

const started = performance.now();
// The browser first: a machine without one learns it now, not after the slow suites.
const browser = await findChromium(ROOT).catch((error: unknown) => {
  if (!(error instanceof NoBrowserError)) throw error;
  console.error(error.message);
  process.exit(1);
});
console.log(`Browser for the journeys: ${browser.path} (${browser.source})`);

await step('lint', bin('biome'), ['check', '.']);
await step('typecheck', bin('turbo'), ['run', 'typecheck', '--output-logs=errors-only']);
// The scripts (start, test-all, the fault suite, the faults benchmark) belong to no workspace.
await step('typecheck scripts', bin('tsc'), ['-p', 'scripts/faults']);
const built = await step('build', bin('turbo'), ['run', 'build', '--output-logs=errors-only']);
await vitestSuite('unit', []);

if (built) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'community-test-'));
  await chmod(dataDir, 0o755); // Postgres runs as its own OS user and must enter the folder
  let stack: Stack | null = null;
  let counter: Awaited<ReturnType<typeof serveStatementCount>> | null = null;
  try {
    console.log('\n=== starting the stack for the integration suites ===');
    const statements = new StatementCounter();
    stack = await startStack({ port: await findFreePort(), dataDir, statements });
    counter = await serveStatementCount(statements);
    const env = {
      STACK_URL: stack.url,
      STACK_DATABASE_URL: stack.databaseUrl,
      STACK_STATEMENTS_URL: counter.url,
      STACK_REMOTES: JSON.stringify(stack.remotes),
    };
    await vitestSuite('api', ['--root', 'edge-api'], env);
    await vitestSuite('realtime', ['--root', 'realtime'], env);
    await playwrightSuite('browser', { ...env, CHROMIUM_PATH: browser.path });
  } catch (error) {
    console.error(error);
    record('stack', { passed: 0, failed: 1 }, 1);
  } finally {
    await counter?.close();
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (built) {
  // Its own `npm start` (supervised) on its own port and data folder, broken on purpose: Postgres
  // killed and frozen, wrangler killed, then Ctrl-C (scripts/faults). Runs after the shared stack
  // has stopped, so the two never compete for the 2 cores.
  await vitestSuite('faults', ['--root', 'scripts/faults']);
}

const minutes = ((performance.now() - started) / 60_000).toFixed(1);
console.log(
  `\nFinished in ${minutes} min.${failedSteps.length ? ` Failed: ${failedSteps.join(', ')}.` : ''}`,
);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);
