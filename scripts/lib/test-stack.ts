// vitest globalSetup for the API and realtime tests: reuses the stack named by STACK_URL (as
// `npm test` does, to start it once for every suite) or starts a fresh one on a free port with a
// throw-away data folder, and hands its addresses to the tests, with its Workers' bundles (tests
// that run Workers of their own in-process start from them: workers-in-process.ts).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@community/db';
import type { TestProject } from 'vitest/node';
import { StatementCounter, serveStatementCount } from './pg-statement-counter.ts';
import { startStack, TEST_STACK_VARS } from './stack.ts';
import './api-test-client.ts';

export default async function setup(project: TestProject) {
  if (process.env.STACK_URL && process.env.STACK_DATABASE_URL) {
    project.provide('baseUrl', process.env.STACK_URL);
    project.provide('databaseUrl', process.env.STACK_DATABASE_URL);
    project.provide('statementsUrl', process.env.STACK_STATEMENTS_URL ?? '');
    project.provide('mailInboxUrl', process.env.STACK_MAIL_INBOX ?? '');
    project.provide('mailSmtpPort', Number(process.env.STACK_MAIL_SMTP_PORT ?? 0));
    project.provide('workersBuildDir', process.env.STACK_WORKERS_BUILD ?? '');
    return;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'community-test-'));
  await chmod(dataDir, 0o755); // Postgres runs as its own OS user and must enter the folder
  // Counts the statements edge-api sends, for tests that hold a route to a statement budget.
  const statements = new StatementCounter();
  const stack = await startStack({
    port: await findFreePort(),
    dataDir,
    frontEndRequired: false,
    statements,
    vars: { ...TEST_STACK_VARS },
  });
  const counter = await serveStatementCount(statements);
  project.provide('baseUrl', stack.url);
  project.provide('databaseUrl', stack.databaseUrl);
  project.provide('statementsUrl', counter.url);
  project.provide('mailInboxUrl', stack.mailInbox);
  project.provide('mailSmtpPort', stack.mailSmtpPort);
  project.provide('workersBuildDir', stack.workersBuildDir);
  return async () => {
    await counter.close();
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
