// vitest globalSetup of the realtime and API suites: bundles both Workers once (what `wrangler deploy`
// uploads), so each file that runs Workers of its own in-process (scripts/lib/workers-in-process.ts)
// starts them from these bundles in about a second instead of bundling again.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleWorkers } from '../../scripts/lib/workers-host.ts';

import '../../scripts/lib/api-test-client.ts'; // declares `workersBuildDir` with the other provided values

export default async function setup(project: TestProject) {
  const buildDir = await mkdtemp(path.join(os.tmpdir(), 'community-realtime-build-'));
  await bundleWorkers({ buildDir });
  project.provide('workersBuildDir', buildDir);
  return () => rm(buildDir, { recursive: true, force: true });
}
