// Which running stack a Playwright worker uses: one per worker (TEST_PARALLEL_INDEX), as listed in
// STACKS by `npm test` or by the global setup. The journeys and their helpers read STACK_URL,
// STACK_DATABASE_URL, STACK_REMOTES and STACK_MAIL_INBOX, so a worker's stack is put there.
//
// A stack may be listed before it is free for the journeys: `npm test` starts them on stack B while
// the API suite still runs on stack A, and names in `freeWhen` the file it writes once
// it is done. The worker of that stack waits for the file before it loads any journey, while the
// other worker takes every journey it can meanwhile (Playwright hands files to whichever worker is
// free), so the journeys balance themselves between the two stacks.
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LocalRemotesState } from '../scripts/lib/local-remotes.ts';

export type JourneyStack = {
  url: string;
  databaseUrl: string;
  remotes: LocalRemotesState;
  /** The stack's mail inbox (MailDev): the journeys read the emails the platform sent there. */
  mailInbox: string;
  /** A file that appears once the stack is free for the journeys; absent: free already. */
  freeWhen?: string;
};

export function listedStacks(): JourneyStack[] {
  return process.env.STACKS ? (JSON.parse(process.env.STACKS) as JourneyStack[]) : [];
}

export async function useStackOfThisWorker(): Promise<void> {
  const index = process.env.TEST_PARALLEL_INDEX;
  const stacks = listedStacks();
  if (index === undefined || stacks.length === 0) return;
  const stack = stacks[Number(index) % stacks.length]!;
  if (stack.freeWhen) {
    while (!existsSync(stack.freeWhen)) await sleep(500);
  }
  process.env.STACK_URL = stack.url;
  process.env.STACK_DATABASE_URL = stack.databaseUrl;
  process.env.STACK_REMOTES = JSON.stringify(stack.remotes);
  process.env.STACK_MAIL_INBOX = stack.mailInbox;
}
