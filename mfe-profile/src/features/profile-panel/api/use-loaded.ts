// One unpaged answer as React state (the events and spaces tabs): loads when `key` changes, aborts the
// call it no longer needs, and `reload` asks again after a failure (whose reference it keeps).
import { referenceOf } from '@community/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';

type LoadState<T> =
  | { status: 'loading' }
  | { status: 'error'; reference: string | null }
  | { status: 'ready'; data: T };

export type Loaded<T> = LoadState<T> & { reload: () => void };

export function useLoaded<T>(key: string, load: (key: string, signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    // `attempt` asks again (Retry).
    void attempt;
    loadRef.current(key, controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[profile]', error);
        setState({ status: 'error', reference: referenceOf(error) });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
