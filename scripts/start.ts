// `npm start`: the whole platform at http://localhost:8787 on embedded PostgreSQL with demo data.
// Ctrl-C stops everything it started; data stays in .data/ for the next start.
import path from 'node:path';
import { DEMO_ACCOUNTS } from '@community/db';
import { ROOT, startStack } from './lib/stack.ts';

const startedAt = performance.now();
const port = Number(process.env.PORT ?? 8787);
const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.data');
const verbose = process.env.VERBOSE === '1';

/** wrangler looks for updates at start; offline that fails harmlessly, and says "Error". */
const isOfflineNoise = (line: string) => /getaddrinfo \w+ workers\.cloudflare\.com/.test(line);

console.log('Starting the community platform…');
const stack = await startStack({
  port,
  dataDir,
  databaseUrl: process.env.DATABASE_URL || undefined,
  onLog: (line) => {
    if (verbose || (/error|exception/i.test(line) && !isOfflineNoise(line)))
      console.log(`[wrangler] ${line}`);
  },
});

const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
console.log(`\nReady in ${seconds} s: ${stack.url}\n`);
console.log('Demo accounts (password for all: community-demo):');
for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(24)} ${account.role}`);
console.log('\nPress Ctrl-C to stop.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await stack.stop();
    console.log('Stopped. Data is kept in', path.relative(ROOT, dataDir) || '.');
    process.exit(0);
  });
}
