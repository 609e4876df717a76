// One activity widget's ranking (leaderboard or most active) as React state, with Retry.
import { referenceOf } from '@community/api-client';
import type { LeaderboardEntry } from '@community/domain';
import { useCallback, useEffect, useState } from 'react';

export type RankingState =
  | { status: 'loading' }
  | { status: 'error'; reference: string | null }
  | { status: 'ready'; entries: LeaderboardEntry[] };

type FetchRanking = (signal: AbortSignal) => Promise<{ items: LeaderboardEntry[] }>;

export function useActivityRanking(fetchRanking: FetchRanking): RankingState & { reload: () => void } {
  const [state, setState] = useState<RankingState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchRanking(controller.signal).then(
      ({ items }) => setState({ status: 'ready', entries: items }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[members] ranking', error);
        setState({ status: 'error', reference: referenceOf(error) });
      },
    );
    return () => controller.abort();
  }, [fetchRanking, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
