// Starts a stack when the journeys run on their own; `npm test` passes one in STACK_URL instead.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@community/db';
import { topologyFrom } from '../scripts/lib/local-remotes.ts';
import { startStack } from '../scripts/lib/stack.ts';

export default async function globalSetup() {
  if (process.env.STACK_URL) return;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'community-e2e-'));
  await chmod(dataDir, 0o755);
  // MFE_ORIGINS=separate runs the journeys with each micro-frontend on its own origin.
  const stack = await startStack({
    port: await findFreePort(),
    dataDir,
    remoteOrigins: topologyFrom(process.env.MFE_ORIGINS),
  });
  process.env.STACK_URL = stack.url;
  process.env.STACK_DATABASE_URL = stack.databaseUrl;
  // Where the micro-frontends are served (the micro-frontends journey redeploys and re-points one).
  process.env.STACK_REMOTES = JSON.stringify(stack.remotes);
  return async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
