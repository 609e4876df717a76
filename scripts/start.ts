// `npm start`: the whole platform at http://localhost:8787 on embedded PostgreSQL with demo data.
// Ctrl-C stops everything it started; data stays in .data/ for the next start. Embedded Postgres
// and the Workers (on Miniflare) are supervised: restarted with a backoff when they exit (scripts/lib/supervisor.ts).
import path from 'node:path';
import { DEMO_ACCOUNTS } from '@community/db';
import { startLocalCron } from './lib/local-cron.ts';
import { topologyFrom } from './lib/local-remotes.ts';
import { ROOT, type Stack, startStack } from './lib/stack.ts';

const startedAt = performance.now();
const port = Number(process.env.PORT ?? 8787);
const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.data');
const verbose = process.env.VERBOSE === '1';
// `MFE_ORIGINS=separate npm start`: each micro-frontend on its own origin, as deployed on its own.
const remoteOrigins = topologyFrom(process.env.MFE_ORIGINS);
/**
 * `MFE_EVENTS_URL=… MFE_EVENTS_VERSION=… npm start`: a remote's address (another origin, a CDN) or
 * version set as in production, by the Worker's variables; they win over the topology's addresses.
 */
const remoteSettings = Object.fromEntries(
  Object.entries(process.env).filter(
    (entry): entry is [string, string] =>
      /^MFE_(EVENTS|SPACES|PROFILE|ADMIN)_(URL|VERSION)$/.test(entry[0]) && Boolean(entry[1]),
  ),
);

let stack: Stack | null = null;
let stopCron = () => {};
let stopping = false;
/** Stops what runs (also what is still starting) and exits; every way out of `npm start` ends here. */
async function shutDown(code: number, message: string) {
  if (stopping) return;
  stopping = true;
  console.log(message);
  // Still starting: startStack stops what it started itself when it fails, or we stop it below.
  await starting.catch(() => {});
  stopCron();
  await stack?.stop();
  console.log('Stopped. Data is kept in', path.relative(ROOT, dataDir) || '.');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void shutDown(0, '\nStopping…'));
}
/**
 * A connection of the local database gateway that the database dropped (Postgres killed or
 * restarted) can surface as an error nobody listened for. That is the outage the supervisor heals,
 * not a reason to stop the whole stack: one line, and the stack keeps running.
 */
const isDroppedConnection = (error: unknown) =>
  ['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT'].includes((error as { code?: string })?.code ?? '') ||
  // node-postgres, for a pooled connection the server closed while it was checked out
  (error as Error)?.message === 'Connection terminated unexpectedly';
process.on('uncaughtException', (error) => {
  if (isDroppedConnection(error) && !stopping) {
    console.log(
      `[supervisor] a database connection dropped (${(error as { code?: string }).code}); carrying on`,
    );
    return;
  }
  console.error(error);
  void shutDown(1, 'Stopping everything after the error above…');
});

console.log('Starting the community platform…');
const starting = startStack({
  port,
  dataDir,
  databaseUrl: process.env.DATABASE_URL || undefined,
  remoteOrigins,
  vars: remoteSettings,
  log: (line) => console.log(`[remotes] ${line}`),
  // An edit to a Worker's source (or a shared package's) bundles and reloads the Workers.
  watchWorkers: true,
  onLog: (line) => {
    // The host's own lines (a reload after an edit) always; the Workers' errors; all with VERBOSE=1.
    if (line.startsWith('[host]')) console.log(line.replace('[host]', '[workers]'));
    else if (verbose || /error|exception/i.test(line)) console.log(`[workers] ${line}`);
  },
  // Embedded Postgres and the Workers are started again when they exit; when that keeps failing,
  // everything stops and `npm start` exits non-zero with the reason.
  supervise: {
    log: (line) => console.log(`[supervisor] ${line}`),
    onGiveUp: (reason) => void shutDown(1, `[supervisor] ${reason}. Stopping everything.`),
  },
});
try {
  stack = await starting;
} catch (error) {
  if (stopping) await new Promise(() => {}); // Ctrl-C during the start: shutDown exits
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
if (stopping) await new Promise(() => {});
// Event reminders every minute and hourly housekeeping, as the deployed Worker's Cron Triggers.
stopCron = startLocalCron(stack.url, (line) => console.log(`[cron] ${line}`));

const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
console.log(`\nReady in ${seconds} s: ${stack.url}\n`);
for (const [name, origin] of Object.entries(stack.remotes.origins))
  console.log(`  mfe-${name.padEnd(8)} served from its own origin ${origin}/`);
console.log('Redeploy one micro-frontend while this runs: npm run deploy:local -- events\n');
console.log(`Mail inbox: ${stack.mailInbox} (every email the platform sends lands here; nothing leaves)\n`);
console.log('Demo accounts (password for all: community-demo):');
for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(24)} ${account.role}`);
console.log(`\nPress Ctrl-C to stop. (What runs: ${path.relative(ROOT, stack.stateFile)})`);
