// Shared pieces of the benchmarks: a throw-away stack with a statement counter, a load run with
// autocannon against 127.0.0.1 only, and writing results beside a reference measured in the same run.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@community/db';
import autocannon from 'autocannon';
import { StatementCounter } from '../scripts/lib/pg-statement-counter.ts';
import { ROOT, type Stack, startStack } from '../scripts/lib/stack.ts';

export type BenchStack = Stack & { statements: StatementCounter };

/** `frontEnd`: serve the built shell and micro-frontends too (browser benchmarks; run `npm run build` first). */
export async function withBenchStack<T>(
  work: (stack: BenchStack) => Promise<T>,
  options: { frontEnd?: boolean } = {},
): Promise<T> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'community-bench-'));
  await chmod(dataDir, 0o755);
  const statements = new StatementCounter();
  const stack = await startStack({
    port: await findFreePort(),
    dataDir,
    frontEndRequired: options.frontEnd === true,
    statements,
    // BENCH_LOG=1 prints wrangler's output (the Workers' errors) to stderr.
    onLog: process.env.BENCH_LOG ? (line) => console.error(`[wrangler] ${line}`) : undefined,
  });
  try {
    return await work({ ...stack, url: stack.url.replace('localhost', '127.0.0.1'), statements });
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export type LoadResult = {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  statementsPerRequest: number | null;
};

export async function load(
  stack: BenchStack,
  name: string,
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  if (!url.startsWith('http://127.0.0.1:')) throw new Error('Benchmarks only send traffic to 127.0.0.1');
  const run = (duration: number) =>
    // A worker thread keeps the load off the event loop that runs the local database gateway.
    autocannon({
      url,
      connections: options.connections,
      duration,
      headers: options.headers ?? {},
      workers: 1,
    });
  await run(2); // warm-up: workerd compiles, Postgres caches
  const before = stack.statements.total;
  const result = await run(options.seconds);
  const statements = stack.statements.total - before;
  const requests = result.requests.total;
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests,
    errors: result.errors + result.non2xx,
    statementsPerRequest: requests > 0 ? Math.round((statements / requests) * 100) / 100 : null,
  };
}

export function table(results: LoadResult[]): string {
  const header =
    '| case | requests/s | p50 ms | p99 ms | SQL statements/request | errors |\n|---|---|---|---|---|---|';
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.statementsPerRequest ?? '-'} | ${r.errors} |`,
  );
  return [header, ...rows].join('\n');
}

export async function saveResults(name: string, markdown: string, data: unknown): Promise<void> {
  const dir = path.join(ROOT, 'bench/results');
  const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const stamp = new Date().toISOString();
  await writeFile(path.join(dir, `${name}.json`), `${JSON.stringify({ stamp, machine, data }, null, 2)}\n`);
  await writeFile(
    path.join(dir, `${name}.md`),
    `# ${name} benchmark\n\n${stamp}, ${machine}\n\n${markdown}\n`,
  );
  console.log(`\nResults written to bench/results/${name}.md and .json`);
}
