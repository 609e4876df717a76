// GET /api/spaces (docs/api.md): the spaces the user can see, already ordered public, private, paid,
// then by name by the server.
import { api } from '@community/api-client';
import type { Space } from '@community/domain';
import { useCallback, useEffect, useState } from 'react';

export const getSpaces = (signal?: AbortSignal) => api.get<{ items: Space[] }>('/api/spaces', { signal });

export type SpacesState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; spaces: Space[] };

export function useSpaces(): SpacesState & { reload: () => void } {
  const [state, setState] = useState<SpacesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getSpaces(controller.signal).then(
      ({ items }) => setState({ status: 'ready', spaces: items }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[spaces]', error);
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
