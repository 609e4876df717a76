// Starts the stacks when the journeys run on their own (one per worker, JOURNEY_WORKERS, default
// 1); `npm test` passes its own in STACKS instead (e2e/stacks.ts).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@community/db';
import { topologyFrom } from '../scripts/lib/local-remotes.ts';
import { startStack } from '../scripts/lib/stack.ts';
import type { JourneyStack } from './stacks.ts';

export default async function globalSetup() {
  if (process.env.STACKS) return;
  const count = Number(process.env.JOURNEY_WORKERS ?? 1);
  const started = await Promise.all(
    Array.from({ length: count }, async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'community-e2e-'));
      await chmod(dataDir, 0o755);
      // MFE_ORIGINS=separate runs the journeys with each micro-frontend on its own origin.
      const stack = await startStack({
        port: await findFreePort(),
        dataDir,
        remoteOrigins: topologyFrom(process.env.MFE_ORIGINS),
      });
      return { stack, dataDir };
    }),
  );
  const stacks: JourneyStack[] = started.map(({ stack }) => ({
    url: stack.url,
    databaseUrl: stack.databaseUrl,
    remotes: stack.remotes,
    mailInbox: stack.mailInbox,
  }));
  // The workers start after this setup and inherit the variable.
  process.env.STACKS = JSON.stringify(stacks);
  return async () => {
    for (const { stack, dataDir } of started) {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  };
}
