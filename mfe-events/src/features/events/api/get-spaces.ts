// GET /api/spaces → { items } (public, private, paid, then by name): the event form's space picker.
import { api } from '@community/api-client';
import type { Space } from '@community/domain';
import { useEffect, useState } from 'react';

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
        console.error('[events] spaces', error);
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  return { ...state, reload: () => setAttempt((n) => n + 1) };
}
