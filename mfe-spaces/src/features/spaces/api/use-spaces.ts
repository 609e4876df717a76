// GET /api/spaces (docs/api.md): the spaces the user can see, already ordered public, private, paid,
// then by name by the server. Reloaded quietly when a space is created, edited, deleted, left or joined.
import { api } from '@community/api-client';
import type { Space } from '@community/domain';
import { useCallback, useEffect, useState } from 'react';
import { useSpacesChanged } from '../../../lib/spaces-events.ts';

export const getSpaces = (signal?: AbortSignal) => api.get<{ items: Space[] }>('/api/spaces', { signal });

export type SpacesState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; spaces: Space[] };

export function useSpaces(): SpacesState & { reload: () => void } {
  const [state, setState] = useState<SpacesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useSpacesChanged(reload);

  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    // A refresh keeps the list on screen; only the first load (or a retry after an error) shows skeletons.
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    getSpaces(controller.signal).then(
      ({ items }) => setState({ status: 'ready', spaces: items }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[spaces]', error);
        setState((current) => (current.status === 'ready' ? current : { status: 'error' }));
      },
    );
    return () => controller.abort();
  }, [attempt]);

  return { ...state, reload };
}
