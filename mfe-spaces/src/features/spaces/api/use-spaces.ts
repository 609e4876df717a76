// GET /api/spaces (docs/api.md): the spaces the user can see, already ordered public, private, paid,
// then by name by the server. Reloaded quietly when a space is created, edited, deleted, left or joined.
import { api, referenceOf } from '@community/api-client';
import type { Space } from '@community/domain';
import { useCallback, useEffect, useState } from 'react';
import { useSpacesChanged } from '../../../lib/spaces-events.ts';

export const getSpaces = (signal?: AbortSignal) => api.get<{ items: Space[] }>('/api/spaces', { signal });

export type SpacesState = SpaceListState<Space>;

export const useSpaces = (): SpacesState & { reload: () => void } => useSpaceList(getSpaces, '[spaces]');

export type SpaceListState<T> =
  | { status: 'loading' }
  | { status: 'error'; reference: string | null }
  | { status: 'ready'; spaces: T[] };

/**
 * A list of spaces from `load`, reloaded quietly when the spaces change (created, edited, deleted,
 * left, joined): a refresh keeps the list on screen; only the first load (or a retry after an
 * error) shows skeletons. The sidebar's list and the Spaces page's cards both use it.
 */
export function useSpaceList<T>(
  load: (signal: AbortSignal) => Promise<{ items: T[] }>,
  logLabel: string,
): SpaceListState<T> & { reload: () => void } {
  const [state, setState] = useState<SpaceListState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useSpacesChanged(reload);

  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    load(controller.signal).then(
      ({ items }) => setState({ status: 'ready', spaces: items }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(logLabel, error);
        setState((current) =>
          current.status === 'ready' ? current : { status: 'error', reference: referenceOf(error) },
        );
      },
    );
    return () => controller.abort();
  }, [attempt, load, logLabel]);

  return { ...state, reload };
}
