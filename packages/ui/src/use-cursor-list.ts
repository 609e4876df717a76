// A keyset-paginated list (`{ items, nextCursor }`, docs/api.md) as React state: the first page loads
// whenever `query` changes, `loadMore` appends the next one, `reload` starts over, and `setItems`
// patches what is loaded after a write (one edited row, one removed row) without refetching.
import { useCallback, useEffect, useRef, useState } from 'react';

/** A page of a keyset-paginated list, as every list route answers (docs/api.md). */
export type CursorPage<T> = { items: T[]; nextCursor: string | null };

export type FetchPage<Q, T> = (
  query: Q,
  cursor: string | null,
  signal: AbortSignal,
) => Promise<CursorPage<T>>;

export type CursorList<T> = {
  items: T[];
  status: 'loading' | 'ready' | 'error';
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  loadMore: () => void;
  reload: () => void;
  setItems: (update: (items: T[]) => T[]) => void;
};

type State<T> = Omit<CursorList<T>, 'hasMore' | 'loadMore' | 'reload' | 'setItems'> & {
  nextCursor: string | null;
};

function initialState<T>(): State<T> {
  return { items: [], nextCursor: null, status: 'loading', loadingMore: false, loadMoreFailed: false };
}

export function useCursorList<Q extends string | number, T>(
  query: Q,
  fetchPage: FetchPage<Q, T>,
): CursorList<T> {
  const [state, setState] = useState<State<T>>(initialState);
  const [attempt, setAttempt] = useState(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  // Belongs to the current query; a page that arrives after the query changed is dropped.
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    controllerRef.current = controller;
    setState(initialState<T>());
    fetchRef.current(query, null, controller.signal).then(
      (page) =>
        setState({ ...initialState<T>(), items: page.items, nextCursor: page.nextCursor, status: 'ready' }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[list]', error);
        setState({ ...initialState<T>(), status: 'error' });
      },
    );
    return () => controller.abort();
  }, [query, attempt]);

  const loadMore = useCallback(() => {
    const controller = controllerRef.current;
    if (!controller || state.loadingMore || !state.nextCursor) return;
    setState((current) => ({ ...current, loadingMore: true, loadMoreFailed: false }));
    fetchRef.current(query, state.nextCursor, controller.signal).then(
      (page) =>
        setState((current) => ({
          ...current,
          items: [...current.items, ...page.items],
          nextCursor: page.nextCursor,
          loadingMore: false,
        })),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[list] more', error);
        setState((current) => ({ ...current, loadingMore: false, loadMoreFailed: true }));
      },
    );
  }, [query, state.loadingMore, state.nextCursor]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setItems = useCallback(
    (update: (items: T[]) => T[]) => setState((current) => ({ ...current, items: update(current.items) })),
    [],
  );

  return {
    items: state.items,
    status: state.status,
    hasMore: state.nextCursor !== null,
    loadingMore: state.loadingMore,
    loadMoreFailed: state.loadMoreFailed,
    loadMore,
    reload,
    setItems,
  };
}
