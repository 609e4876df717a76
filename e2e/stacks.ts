// Which running stack a Playwright worker uses: one per worker (TEST_PARALLEL_INDEX), as listed in
// STACKS by `npm test` or by the global setup. The journeys and their helpers read STACK_URL,
// STACK_DATABASE_URL and STACK_REMOTES, so a worker's stack is put there.
import type { LocalRemotesState } from '../scripts/lib/local-remotes.ts';

export type JourneyStack = { url: string; databaseUrl: string; remotes: LocalRemotesState };

export function listedStacks(): JourneyStack[] {
  return process.env.STACKS ? (JSON.parse(process.env.STACKS) as JourneyStack[]) : [];
}

export function useStackOfThisWorker(): void {
  const index = process.env.TEST_PARALLEL_INDEX;
  const stacks = listedStacks();
  if (index === undefined || stacks.length === 0) return;
  const stack = stacks[Number(index) % stacks.length]!;
  process.env.STACK_URL = stack.url;
  process.env.STACK_DATABASE_URL = stack.databaseUrl;
  process.env.STACK_REMOTES = JSON.stringify(stack.remotes);
}
