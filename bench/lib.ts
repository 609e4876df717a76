// Shared pieces of the benchmarks: a throw-away stack with a statement counter, a load run with
// autocannon against 127.0.0.1 only, and writing results beside a reference measured in the same run.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@community/db';
import type { FeatureKey } from '@community/domain';
import { KNOWN_DEV_SECRETS } from '@community/realtime-protocol';
import autocannon from 'autocannon';
import type pg from 'pg';
import WebSocket from 'ws';
import { signAccessToken } from '../edge-api/src/lib/tokens.ts';
import { StatementCounter } from '../scripts/lib/pg-statement-counter.ts';
import { ROOT, type Stack, startStack } from '../scripts/lib/stack.ts';

export type BenchStack = Stack & { statements: StatementCounter };

/** `frontEnd`: serve the built shell and micro-frontends too (browser benchmarks; run `npm run build` first). */
export async function withBenchStack<T>(
  work: (stack: BenchStack) => Promise<T>,
  options: { frontEnd?: boolean; inspectorPort?: number } = {},
): Promise<T> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'community-bench-'));
  await chmod(dataDir, 0o755);
  const statements = new StatementCounter();
  const stack = await startStack({
    port: await findFreePort(),
    dataDir,
    frontEndRequired: options.frontEnd === true,
    statements,
    ...(options.inspectorPort ? { inspectorPort: options.inspectorPort } : {}),
    // BENCH_LOG=1 prints the Workers' output (their errors) to stderr.
    onLog: process.env.BENCH_LOG ? (line) => console.error(`[workers] ${line}`) : undefined,
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
  options: {
    connections: number;
    seconds: number;
    headers?: Record<string, string>;
    /** Called between the warm-up and the measured run (a CPU profile starts there). */
    beforeMeasure?: () => Promise<void>;
  },
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
  await options.beforeMeasure?.();
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

/** The value at the p-th percentile of ascending `sorted` (nearest rank below). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export type Member = { id: string; token: string };

/**
 * `count` members named `prefix-n` with the given feature switches on, each with a live session (a
 * sessions row as sign-in writes one) and an access token for it, signed as edge-api signs them with
 * the stack's development AUTH_SECRET. Made in SQL, not by sign-up and sign-in through the API (a
 * password hash each, thousands of them on the stack's CPU); every later call still goes through
 * edge-api's session check, feature switches, access checks and write limits, as anyone's does.
 */
export async function makeMembers(
  db: pg.Client,
  prefix: string,
  count: number,
  features: FeatureKey[],
): Promise<Member[]> {
  const rows = await db.query<{ user_id: string; session_id: string }>(
    `with made as (
       insert into users (first_name, last_name, pseudo, email)
       select 'Bench', $1 || ' ' || n, $1 || '-' || n, $1 || '-' || n || '@example.com'
       from generate_series(1, $2::int) as n
       returning id
     ), features as (
       insert into user_features (user_id, feature, enabled)
       select id, unnest($3::feature_key[]), true from made
     )
     insert into sessions (user_id, refresh_token_hash, expires_at)
     select id, encode(sha256(gen_random_uuid()::text::bytea), 'hex'), now() + interval '1 day' from made
     returning user_id, id as session_id`,
    [prefix, count, features],
  );
  return Promise.all(
    rows.rows.map(async (row) => ({
      id: row.user_id,
      token: await signAccessToken(KNOWN_DEV_SECRETS.AUTH_SECRET, row.user_id, row.session_id),
    })),
  );
}

/** Signs a demo account in through the API (password `community-demo`). */
export async function signIn(
  stack: BenchStack,
  email: string,
): Promise<{ accessToken: string; user: { id: string } }> {
  const response = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'community-demo' }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { accessToken: string; user: { id: string } };
}

/** One API call as `token`: GET without a body, POST with one; throws on an error answer. */
export async function call(stack: BenchStack, path: string, token: string, body?: unknown) {
  const response = await fetch(`${stack.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, any>;
}

/** A published in-person event a week ahead, an hour long, for `POST /api/events`; `fields` (title, space, host…) win. */
export function inPersonEvent(fields: Record<string, unknown>) {
  const startDate = new Date(Date.now() + 7 * 86_400_000);
  return {
    startDate: startDate.toISOString(),
    endDate: new Date(startDate.getTime() + 3_600_000).toISOString(),
    location: 'IN_PERSON',
    address: {
      city: 'Lyon',
      name: 'La Halle',
      full_address: '1 Rue de la République',
      lat: 45.76,
      lng: 4.83,
    },
    registration: 'FREE',
    published: true,
    tags: [],
    ...fields,
  };
}

/** Tickets asked for and sockets opened at once while setting up. */
export const SETUP_BATCH = 10;

/** A ticket from edge-api, then the socket (tried again twice if refused or reset). */
export async function openRoom(
  stack: BenchStack,
  member: Member,
  party: string,
  room: string,
  onFrame: (data: string) => void,
): Promise<WebSocket> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openRoomOnce(stack, member, party, room, onFrame);
    } catch (error) {
      if (attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/** A ticket from edge-api, then the socket; `onFrame` gets each frame's text. */
async function openRoomOnce(
  stack: BenchStack,
  member: Member,
  party: string,
  room: string,
  onFrame: (data: string) => void,
): Promise<WebSocket> {
  const { ticket } = await call(stack, '/api/realtime/ticket', member.token, { party, room });
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(
      `${stack.url.replace('http', 'ws')}/parties/${party}/${room}?ticket=${ticket}`,
      { perMessageDeflate: false },
    );
    socket.on('open', () => resolve(socket));
    socket.on('error', reject);
    socket.on('message', (data) => onFrame(String(data)));
  });
}

/** Runs `work` over `items`, SETUP_BATCH at a time. */
export async function inBatches<T, R>(
  items: T[],
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += SETUP_BATCH) {
    results.push(
      ...(await Promise.all(items.slice(start, start + SETUP_BATCH).map((item, i) => work(item, start + i)))),
    );
  }
  return results;
}
