// Messages through a database outage: CLIENTS chat clients, each typing a message a second into
// its own outbox and sending it the way the app's outbox does (in order, one at a time, the same
// clientKey on every retry; backoff 1 s, 2 s, 4 s … 10 s with jitter, never sooner than the
// server's Retry-After; on 503, 429 and network failures). Runs on `npm start` itself (supervised,
// scripts/faults/npm-start.ts), traffic to 127.0.0.1 only, and stops by itself.
//
// Phases, measured in the same run:
// - reference: the same clients for TYPING_SECONDS with no outage;
// - freeze: every Postgres process stopped (SIGSTOP) for OUTAGE_SECONDS in the middle of the
//   typing, then resumed: a 10 s outage held exactly (a killed Postgres is restarted by the
//   supervisor within ~2 s, so a kill cannot hold one);
// - kill: the postmaster killed (SIGKILL) in the middle, restarted by `npm start`'s supervisor.
// Each reports messages typed, accepted, delivered (rows in the database), lost and duplicated
// (budgets: 0 and 0), and the time from the database's return to the first accepted write.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { type NpmStart, npmStart } from '../scripts/faults/npm-start.ts';
import {
  freezePostgres,
  killPostgres,
  thawPostgres,
  waitForDatabase,
} from '../scripts/lib/postgres-processes.ts';
import { saveResults } from './lib.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const TYPING_SECONDS = Number(process.env.BENCH_SECONDS ?? 24);
const OUTAGE_SECONDS = 10;
/** Outbox backoff, as the app's: 1 s doubling to 10 s, ±20% jitter, at least Retry-After. */
const BACKOFF_MS = [1000, 2000, 4000, 8000, 10_000];
const DRAIN_TIMEOUT_MS = 90_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

type Outcome = { status: number; retryAfterMs: number; at: number; body: string };

async function send(
  stack: NpmStart,
  token: string,
  spaceId: string,
  item: { content: string; clientKey: string },
): Promise<Outcome> {
  try {
    const response = await fetch(`${stack.url}/api/spaces/${spaceId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(item),
      signal: AbortSignal.timeout(20_000),
    });
    const body = await response.text();
    return {
      body: body.slice(0, 200),
      status: response.status,
      retryAfterMs: Number(response.headers.get('retry-after') ?? 0) * 1000,
      at: Date.now(),
    };
  } catch (error) {
    return { status: 0, retryAfterMs: 0, at: Date.now(), body: String((error as Error).cause ?? error) }; // network failure
  }
}

type PhaseResult = {
  phase: string;
  typed: number;
  accepted: number;
  delivered: number;
  lost: number;
  duplicated: number;
  refusedForGood: number;
  retries: number;
  answers: Record<string, number>;
  /** The Retry-After values the server sent, in seconds. */
  retryAfterSeconds: number[];
  withoutRetryAfter: string[];
  /** Typed → accepted, per message. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Database back (thaw, or the restarted server answering) → first accepted write. */
  firstAcceptedAfterReturnMs: number | null;
  /** The outage as the database saw it: fault → back. */
  outageMs: number | null;
  drainedMs: number;
  /** The machine's 1-minute load average when the phase ended (other work on the same cores). */
  loadAverage: number;
};

/**
 * Runs CLIENTS outboxes for TYPING_SECONDS; `fault` (if any) is started halfway-ish and resolves
 * with the moment the database is back.
 */
async function phase(
  stack: NpmStart,
  token: string,
  spaceId: string,
  name: string,
  fault?: () => Promise<{ faultAt: number; backAt: number }>,
): Promise<PhaseResult> {
  const typedAt = new Map<string, number>();
  const latencies: number[] = [];
  const answers: Record<string, number> = {};
  const accepted: number[] = [];
  let retries = 0;
  let refusedForGood = 0;
  const retryAfters = new Set<number>();
  /** Failures without Retry-After (network, or a 503/429 that does not say when): a few samples. */
  const unexplained = new Set<string>();
  let typing = true;
  const started = Date.now();

  const client = async (index: number) => {
    const outbox: { content: string; clientKey: string }[] = [];
    // Typing: one message a second, started at a random offset so the clients do not beat together.
    const typist = (async () => {
      await sleep(Math.random() * 1000);
      for (let i = 0; typing; i++) {
        const content = `${name} c${index} m${i}`;
        typedAt.set(content, Date.now());
        outbox.push({ content, clientKey: randomUUID() });
        await sleep(1000);
      }
    })();
    // Sending: the head of the outbox until the server takes it, then the next.
    const sender = (async () => {
      let attempt = 0;
      while (typing || outbox.length > 0) {
        const head = outbox[0];
        if (!head) {
          await sleep(50);
          continue;
        }
        const outcome = await send(stack, token, spaceId, head);
        answers[outcome.status] = (answers[outcome.status] ?? 0) + 1;
        if (outcome.status === 200 || outcome.status === 201) {
          outbox.shift();
          accepted.push(outcome.at);
          latencies.push(outcome.at - typedAt.get(head.content)!);
          attempt = 0;
          continue;
        }
        if (outcome.status === 0 || outcome.status === 429 || outcome.status === 503) {
          retries++;
          if (outcome.retryAfterMs) retryAfters.add(outcome.retryAfterMs / 1000);
          else if (unexplained.size < 5) unexplained.add(`${outcome.status} ${outcome.body}`);
          const backoff = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]! * (0.8 + Math.random() * 0.4);
          attempt++;
          await sleep(Math.max(backoff, outcome.retryAfterMs));
          continue;
        }
        // Any other answer is a refusal: the app keeps it with Retry/Discard; here it counts as lost.
        refusedForGood++;
        outbox.shift();
        attempt = 0;
      }
    })();
    await typist;
    await Promise.race([sender, sleep(DRAIN_TIMEOUT_MS)]);
  };

  const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));
  let faultTimes: { faultAt: number; backAt: number } | null = null;
  const faulting = fault
    ? (async () => {
        await sleep(((TYPING_SECONDS - OUTAGE_SECONDS) / 2) * 1000);
        faultTimes = await fault();
      })()
    : Promise.resolve();
  await sleep(TYPING_SECONDS * 1000);
  typing = false;
  await faulting;
  await Promise.all(clients);
  const drainedMs = Date.now() - started - TYPING_SECONDS * 1000;

  // Delivered: what the database holds, read back directly.
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const rows = await db.query<{ body_text: string; copies: number }>(
    `SELECT body_text, count(*)::int AS copies FROM space_messages
      WHERE space_id = $1 AND body_text LIKE $2 GROUP BY body_text`,
    [spaceId, `${name} c%`],
  );
  await db.end();
  const stored = new Map(rows.rows.map((row) => [row.body_text, row.copies]));
  const typed = typedAt.size;
  const lost = [...typedAt.keys()].filter((content) => !stored.has(content)).length;
  const duplicated = rows.rows.reduce((sum, row) => sum + row.copies - 1, 0);
  const sorted = latencies.sort((a, b) => a - b);
  const times = faultTimes as { faultAt: number; backAt: number } | null;
  const firstAfter = times ? accepted.filter((at) => at >= times.backAt).sort((a, b) => a - b)[0] : undefined;
  return {
    phase: name,
    typed,
    accepted: accepted.length,
    delivered: stored.size,
    lost,
    duplicated,
    refusedForGood,
    retries,
    answers,
    retryAfterSeconds: [...retryAfters].sort((a, b) => a - b),
    withoutRetryAfter: [...unexplained],
    p50Ms: Math.round(percentile(sorted, 50)),
    p99Ms: Math.round(percentile(sorted, 99)),
    maxMs: Math.round(sorted.at(-1) ?? 0),
    firstAcceptedAfterReturnMs: firstAfter === undefined || !times ? null : firstAfter - times.backAt,
    outageMs: times ? times.backAt - times.faultAt : null,
    drainedMs,
    loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
  };
}

const stack = await npmStart();
try {
  if (!stack.url.startsWith('http://127.0.0.1:'))
    throw new Error('Benchmarks only send traffic to 127.0.0.1');
  const login = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@example.com', password: 'community-demo' }),
  });
  const { accessToken: token } = (await login.json()) as { accessToken: string };
  const space = (await (
    await fetch(`${stack.url}/api/spaces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Outage room', description: 'Faults benchmark', type: 'PUBLIC' }),
    })
  ).json()) as { id: string };

  // Warm-up, not counted: workerd compiles, the gateway's and Postgres' connections open.
  await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) =>
      send(stack, token, space.id, { content: `warm-up ${i}`, clientKey: randomUUID() }),
    ),
  );

  console.log(`Reference: ${CLIENTS} clients typing a message a second for ${TYPING_SECONDS} s, no outage…`);
  const reference = await phase(stack, token, space.id, 'reference');
  console.log(JSON.stringify(reference));

  console.log(`Freeze: the same, with every Postgres process stopped for ${OUTAGE_SECONDS} s…`);
  const freeze = await phase(stack, token, space.id, 'freeze', async () => {
    const pids = freezePostgres(stack.databaseUrl);
    const faultAt = Date.now();
    await sleep(OUTAGE_SECONDS * 1000);
    thawPostgres(pids);
    return { faultAt, backAt: await waitForDatabase(stack.databaseUrl, 60_000) };
  });
  console.log(JSON.stringify(freeze));

  console.log('Kill: the same, with Postgres killed and restarted by the supervisor…');
  const kill = await phase(stack, token, space.id, 'kill', async () => {
    const faultAt = Date.now();
    killPostgres(stack.databaseUrl);
    await sleep(200); // the old server is gone before we look for the new one
    return { faultAt, backAt: await waitForDatabase(stack.databaseUrl, 60_000) };
  });
  console.log(JSON.stringify(kill));

  console.log('After: the same clients again with no outage (is the stack as fast as before?)…');
  const after = await phase(stack, token, space.id, 'after');
  console.log(JSON.stringify(after));

  const results = [reference, freeze, kill, after];
  const met = (r: PhaseResult) => (r.lost === 0 && r.duplicated === 0 ? 'met' : 'NOT met');
  const ms = (value: number | null) => (value === null ? '-' : `${value} ms`);
  const summary = [
    `${CLIENTS} clients (all the owner, whose write bucket is 50× a member's), each typing a chat message a second for ${TYPING_SECONDS} s into an outbox and sending it as the app does (in order, same clientKey on each retry, backoff 1–10 s with jitter and Retry-After on 503, 429 or a network failure).`,
    '',
    '| phase | typed | accepted | delivered (rows) | lost | duplicated | budget (0 lost, 0 duplicated) | outage (fault → database back) | database back → first accepted write | typed → accepted p50 / p99 / max | retries | answers | load average |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.phase} | ${r.typed} | ${r.accepted} | ${r.delivered} | ${r.lost} | ${r.duplicated} | ${met(r)} | ${ms(r.outageMs)} | ${ms(r.firstAcceptedAfterReturnMs)} | ${r.p50Ms} / ${r.p99Ms} / ${r.maxMs} ms | ${r.retries} | ${Object.entries(
          r.answers,
        )
          .map(([status, count]) => `${status === '0' ? 'network' : status}: ${count}`)
          .join(
            ', ',
          )}${r.retryAfterSeconds.length ? ` (Retry-After ${r.retryAfterSeconds.join(', ')} s)` : ''} | ${r.loadAverage} |`,
    ),
    '',
    `reference: no outage (after a warm-up). after: the same once more, at the end. freeze: every Postgres process SIGSTOPped for ${OUTAGE_SECONDS} s, then SIGCONT (requests wait for edge-api's 5 s deadline, then 503). kill: the postmaster SIGKILLed; \`npm start\`'s supervisor restarts it on the same port after its 1 s backoff (the outage is that backoff plus the restart and recovery). Local run on ${os.cpus().length} cores shared by the clients and the stack (and by whatever else ran: see the load average); the latencies move with that load, lost and duplicated do not. A 200 is a retry of a send the server had already stored (its clientKey answered with the first message, no second row).`,
  ].join('\n');
  console.log(`\n${summary}`);
  await saveResults('faults', summary, { clients: CLIENTS, typingSeconds: TYPING_SECONDS, results });
} finally {
  await stack.dispose();
}
