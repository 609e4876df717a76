// GET /api/spaces/directory (docs/api.md): the Spaces page's cards, the spaces of GET /api/spaces and
// the private ones the member is not in, in the same order, with a few faces where the member may read
// them. Reloaded quietly when the spaces change (joined, left…) and after a request to join.
import { api } from '@community/api-client';
import type { SpaceCard } from '@community/domain';
import { useCallback, useEffect, useState } from 'react';
import { useSpacesChanged } from '../../../lib/spaces-events.ts';

export const getSpaceCards = (signal?: AbortSignal) =>
  api.get<{ items: SpaceCard[] }>('/api/spaces/directory', { signal });

export type SpaceCardsState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; spaces: SpaceCard[] };

export function useSpaceCards(): SpaceCardsState & { reload: () => void } {
  const [state, setState] = useState<SpaceCardsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useSpacesChanged(reload);

  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    // A refresh keeps the cards on screen; only the first load (or a retry) shows skeletons.
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    getSpaceCards(controller.signal).then(
      ({ items }) => setState({ status: 'ready', spaces: items }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[spaces] directory', error);
        setState((current) => (current.status === 'ready' ? current : { status: 'error' }));
      },
    );
    return () => controller.abort();
  }, [attempt]);

  return { ...state, reload };
}
