// `npm test`: lint and build; then, side by side: the type check, the unit tests, the fault suite
// and the deploy dry run one after the other (no shared stack); the API suite on stack A; the
// realtime suite on stack C, started once the others are up; and the browser journeys in two
// Playwright workers, one on stack B from the start and one on stack A once the API suite is done
// with it. Prints each suite's time at the end and one closing line `N passed, N failed` over every
// suite.
//
// Why this order (measured on the 2-core CI machine, docs/decisions/0018-ci-time.md, 0023 and 0027):
// the API and realtime suites wait on sockets and timers most of the time, the unit tests need one
// core for a few minutes, and the journeys are the long pole (about 13 minutes of one worker), so
// they start at once and balance themselves over the two stacks (e2e/stacks.ts).
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { findFreePort } from '@community/db';
import { assembleAssets } from './lib/assemble-assets.ts';
import { findChromium, NoBrowserError } from './lib/find-chromium.ts';
import { StatementCounter, serveStatementCount } from './lib/pg-statement-counter.ts';
import { ROOT, type Stack, startStack, TEST_STACK_VARS } from './lib/stack.ts';

type Tally = { passed: number; failed: number };
/** A suite's counts and, for each failed test, one line naming it and why. */
type Counted = Tally & { failures: string[] };
type Timing = { name: string; seconds: number; tally: Tally | null; ok: boolean };
const totals: Tally = { passed: 0, failed: 0 };
const timings: Timing[] = [];
// Printed last: CI shows only the end of a run's output, and a red run must say which test failed.
const failures: string[] = [];
const results = path.join(ROOT, '.build/test-results');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

/**
 * Runs a command. `log` set: its output goes to that file and is printed whole once it ends, so
 * suites running side by side do not interleave their lines.
 */
function run(command: string, args: string[], env: Record<string, string>, log?: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, PATH: `${path.join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`, ...env },
    });
    if (log) {
      const file = createWriteStream(log);
      child.stdout?.pipe(file, { end: false });
      child.stderr?.pipe(file, { end: false });
      // 'close', not 'exit': only then has all of its output gone through the pipes.
      child.on('close', (code) => file.end(() => resolve(code ?? 1)));
    } else {
      child.on('exit', (code) => resolve(code ?? 1));
    }
  });
}

async function timed<T>(name: string, work: () => Promise<{ ok: boolean; tally: Tally | null; value: T }>) {
  const started = performance.now();
  const { ok, tally, value } = await work();
  timings.push({ name, seconds: (performance.now() - started) / 1000, tally, ok });
  return value;
}

/**
 * A step that is not a test suite (lint, typecheck, build) fails the run but adds no test counts.
 * `alongside`: it runs beside the suites, at a lower CPU priority, its output printed when it ends.
 */
function step(name: string, command: string, args: string[], { alongside = false } = {}): Promise<boolean> {
  console.log(`\n=== ${name}${alongside ? ': started' : ''} ===`);
  return timed(name, async () => {
    if (!alongside) {
      const ok = (await run(command, args, {})) === 0;
      return { ok, tally: null, value: ok };
    }
    const log = path.join(results, `${name.replaceAll(' ', '-')}.log`);
    const ok = (await run('nice', ['-n', '10', command, ...args], {}, log)) === 0;
    console.log(`\n=== ${name} ===\n${await readFile(log, 'utf8').catch(() => '')}`);
    return { ok, tally: null, value: ok };
  });
}

/** A suite's runner, its output kept in `<results>/<name>.log` and printed when it ends. */
async function suite(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  count: (report: string) => Promise<Counted>,
): Promise<void> {
  console.log(`\n=== ${name}: started ===`);
  const report = path.join(results, `${name}.json`);
  const log = path.join(results, `${name}.log`);
  await rm(report, { force: true });
  await timed(name, async () => {
    const code = await run(command, args, env, log);
    const counted = await count(report).catch(() => ({
      passed: 0,
      failed: 1,
      failures: ['no report: the runner stopped before writing it (see its log above)'],
    }));
    failures.push(...counted.failures.map((failure) => `${name}: ${failure}`));
    console.log(`\n=== ${name} ===\n${await readFile(log, 'utf8').catch(() => '')}`);
    const tally = record(name, counted, code);
    return { ok: tally.failed === 0, tally, value: undefined };
  });
}

function vitestSuite(
  name: string,
  args: string[],
  env: Record<string, string> = {},
  { lowPriority = false } = {},
) {
  const report = path.join(results, `${name}.json`);
  const vitest = ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  return suite(
    name,
    lowPriority ? 'nice' : bin('vitest'),
    lowPriority ? ['-n', '10', bin('vitest'), ...vitest] : vitest,
    env,
    async (file) => {
      const json = JSON.parse(await readFile(file, 'utf8')) as VitestReport;
      return { passed: json.numPassedTests, failed: json.numFailedTests, failures: vitestFailures(json) };
    },
  );
}

function playwrightSuite(name: string, env: Record<string, string>) {
  const report = path.join(results, `${name}.json`);
  return suite(
    name,
    bin('playwright'),
    ['test', '-c', 'e2e/playwright.config.ts'],
    { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    async (file) => {
      const json = JSON.parse(await readFile(file, 'utf8')) as PlaywrightReport;
      const { stats } = json;
      return {
        passed: stats.expected + stats.flaky,
        failed: stats.unexpected,
        failures: playwrightFailures(json),
      };
    },
  );
}

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    status: string;
    message: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
};

type PlaywrightSuite = {
  specs: {
    title: string;
    file: string;
    line: number;
    tests: { status: string; results: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
};
type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number };
  suites: PlaywrightSuite[];
  errors: { message?: string }[];
};

/** The first line of an error, without colour codes, short enough for one line of a CI log. */
function firstLine(message = ''): string {
  const line = stripVTControlCharacters(message).trim().split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

function vitestFailures(report: VitestReport): string[] {
  return report.testResults.flatMap((file) => {
    const where = path.relative(ROOT, file.name);
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    // A file that failed outside its tests (an import or a hook) has no failed test to name.
    return tests.length === 0 && file.status === 'failed' ? [`${where}: ${firstLine(file.message)}`] : tests;
  });
}

function playwrightFailures(report: PlaywrightReport): string[] {
  const walk = (suite: PlaywrightSuite): string[] => [
    ...suite.specs.flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected')
        .map(
          (test) =>
            `${spec.file}:${spec.line} › ${spec.title}: ${firstLine(test.results.at(-1)?.error?.message)}`,
        ),
    ),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return [...report.suites.flatMap(walk), ...report.errors.map((error) => firstLine(error.message))];
}

function record(name: string, counted: Tally, exitCode: number): Tally {
  // A runner that exits non-zero with no failed test still failed (e.g. an error outside tests).
  const failed = counted.failed || (exitCode !== 0 ? 1 : 0);
  totals.passed += counted.passed;
  totals.failed += failed;
  console.log(`${name}: ${counted.passed} passed, ${failed} failed`);
  return { passed: counted.passed, failed };
}

/** A stack on a throw-away data folder; `stop` also removes the folder. */
async function throwAwayStack(statements?: StatementCounter): Promise<Stack> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'community-test-'));
  await chmod(dataDir, 0o755); // Postgres runs as its own OS user and must enter the folder
  const stack = await startStack({
    port: await findFreePort(),
    dataDir,
    ...(statements ? { statements } : {}),
    vars: { ...TEST_STACK_VARS },
  });
  return {
    ...stack,
    stop: async () => {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function printTimings(wallMinutes: string) {
  console.log('\nTimes (suites side by side overlap, so they add up to more than the run):');
  const width = Math.max(...timings.map((timing) => timing.name.length));
  for (const { name, seconds, tally, ok } of timings) {
    const counts = tally ? `${tally.passed} passed, ${tally.failed} failed` : ok ? 'ok' : 'FAILED';
    console.log(`  ${name.padEnd(width)}  ${seconds.toFixed(0).padStart(5)} s  ${counts}`);
  }
  console.log(`  ${'whole run'.padEnd(width)}  ${wallMinutes.padStart(5)} min`);
}

const started = performance.now();
await mkdir(results, { recursive: true });
// The browser first: a machine without one learns it now, not after the slow suites.
const browser = await findChromium(ROOT, 'headless-shell').catch((error: unknown) => {
  if (!(error instanceof NoBrowserError)) throw error;
  console.error(error.message);
  process.exit(1);
});
console.log(`Browser for the journeys: ${browser.path} (${browser.source})`);

await step('lint', bin('biome'), ['check', '.']);
const built = await step('build', bin('turbo'), ['run', 'build', '--output-logs=errors-only']);
/**
 * `tsc` in every workspace, then over the scripts (start, test-all, the fault suite, the faults
 * benchmark), which belong to no workspace. Beside the suites when the build is done: the journeys
 * need the build, not the type check, and start half a minute sooner (ADR 27).
 */
const typecheck = async (alongside: boolean) => {
  await step('typecheck', bin('turbo'), ['run', 'typecheck', '--output-logs=errors-only'], { alongside });
  await step('typecheck scripts', bin('tsc'), ['-p', 'scripts/faults'], { alongside });
};

if (!built) {
  await typecheck(false);
  await vitestSuite('unit', []);
} else {
  // The type check and the unit tests need no stack: they start at once, then the fault suite (its
  // own `npm start`, supervised, on its own port and data folder, broken on purpose: scripts/faults).
  const standalone = (async () => {
    // Off the long path (the journeys are on it, and the API suite that frees their second stack):
    // at a lower CPU priority, so those get the 2 cores first.
    await typecheck(true);
    await vitestSuite('unit', [], {}, { lowPriority: true });
    await vitestSuite('faults', ['--root', 'scripts/faults']);
    // Last on this path, which ends minutes before the journeys: both Workers bundled for
    // env.production and checked (bindings, sizes against the Workers limits), offline (ADR 29). The
    // front end is assembled in this process first, as the stacks did, so the deploy script finds
    // .build/public current and leaves it alone while the stacks serve it.
    await assembleAssets(ROOT).catch(() => {}); // a failure is the dry run's to report
    await step('deploy dry run', bin('tsx'), ['scripts/deploy.ts', 'production', '--dry-run'], {
      alongside: true,
    });
  })();
  const stacks: Promise<Stack>[] = [];
  const startOne = (name: string, statements?: StatementCounter) => {
    const stack = timed(name, async () => ({
      ok: true,
      tally: null,
      value: await throwAwayStack(statements),
    }));
    stack.catch(() => {}); // awaited below; a failure is reported there
    stacks.push(stack);
    return stack;
  };
  const counters: Awaited<ReturnType<typeof serveStatementCount>>[] = [];
  /** What a suite on `stack` reads: its addresses, and the count of the statements it sends. */
  const suiteEnv = async (stack: Stack, statements: StatementCounter) => {
    const counter = await serveStatementCount(statements);
    counters.push(counter);
    return {
      STACK_URL: stack.url,
      STACK_DATABASE_URL: stack.databaseUrl,
      STACK_STATEMENTS_URL: counter.url,
      STACK_MAIL_INBOX: stack.mailInbox,
      STACK_MAIL_SMTP_PORT: String(stack.mailSmtpPort),
      STACK_WORKERS_BUILD: stack.workersBuildDir,
      STACK_REMOTES: JSON.stringify(stack.remotes),
    };
  };
  // Written once the API suite is done with stack A: its journey worker waits for it.
  const stackAFree = path.join(results, 'stack-a-free');
  await rm(stackAFree, { force: true });
  try {
    console.log('\n=== starting the stacks for the integration suites ===');
    const statementsA = new StatementCounter();
    const stackA = startOne('stack A start', statementsA);
    // Stack B serves the journeys from the start; stack A once the API suite is done with it.
    const stackB = startOne('stack B start');
    const a = await stackA;
    const api = (async () => {
      try {
        await vitestSuite('api', ['--root', 'edge-api'], await suiteEnv(a, statementsA));
      } finally {
        await writeFile(stackAFree, '');
      }
    })();
    // The realtime suite on a stack of its own (C), beside the API suite rather than after it, so
    // stack A joins the journeys sooner (ADR 27): C starts once A and B are up (the journeys wait
    // for B) and goes once the suite is done. Its own statement count: the fan-out test counts
    // every statement of its stack.
    const realtime = (async () => {
      await stackB;
      const statementsC = new StatementCounter();
      const c = await startOne('stack C start', statementsC);
      try {
        await vitestSuite('realtime', ['--root', 'realtime'], await suiteEnv(c, statementsC));
      } finally {
        await c.stop();
      }
    })();
    const journeyStack = (stack: Stack, freeWhen?: string) => ({
      url: stack.url,
      databaseUrl: stack.databaseUrl,
      remotes: stack.remotes,
      mailInbox: stack.mailInbox,
      ...(freeWhen ? { freeWhen } : {}),
    });
    const journeys = playwrightSuite('browser', {
      STACKS: JSON.stringify([journeyStack(await stackB), journeyStack(a, stackAFree)]),
      CHROMIUM_PATH: browser.path,
    });
    await Promise.all([api, realtime, journeys, standalone]);
  } catch (error) {
    console.error(error);
    record('stack', { passed: 0, failed: 1 }, 1);
    failures.push(`stack: ${firstLine(String(error))}`);
  } finally {
    await standalone;
    await Promise.all(counters.map((counter) => counter.close()));
    const started = await Promise.allSettled(stacks);
    await Promise.all(
      started.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.stop() : null)),
    );
  }
}

const minutes = ((performance.now() - started) / 60_000).toFixed(1);
printTimings(minutes);
const failed = timings.filter((timing) => !timing.ok).map((timing) => timing.name);
if (failures.length > 0)
  console.log(`\nFailed tests:\n${failures.map((failure) => `  ${failure}`).join('\n')}`);
console.log(`\nFinished in ${minutes} min.${failed.length ? ` Failed: ${failed.join(', ')}.` : ''}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failed.length > 0 || totals.failed > 0 ? 1 : 0);
