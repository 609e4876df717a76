// A keyset-paginated list (`{ items, nextCursor }`, docs/api.md) as React state: the first page loads
// whenever `query` changes, `loadMore` appends the next one, `reload` starts over, and `setItems`
// patches what is loaded after a write (one edited row, one removed row) without refetching.
// A search list passes `keepWhileSearching`: while the next query's first page loads, the rows already
// shown stay (marked `refreshing`) instead of a spinner replacing them at every keystroke, so a row
// the person is pointing at (its open menu) is not torn down under them.
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
  /** The rows shown belong to the previous query; the current one's first page is on its way. */
  refreshing: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  /**
   * The last failure (of the first page or of "load more"), null when the last fetch went well: for
   * the failure's "Reference" (`referenceOf(list.error)` of @community/api-client).
   */
  error: unknown;
  loadMore: () => void;
  reload: () => void;
  setItems: (update: (items: T[]) => T[]) => void;
};

type State<T> = Omit<CursorList<T>, 'hasMore' | 'loadMore' | 'reload' | 'setItems'> & {
  nextCursor: string | null;
};

function initialState<T>(): State<T> {
  return {
    items: [],
    nextCursor: null,
    status: 'loading',
    refreshing: false,
    loadingMore: false,
    loadMoreFailed: false,
    error: null,
  };
}

export function useCursorList<Q extends string | number, T>(
  query: Q,
  fetchPage: FetchPage<Q, T>,
  { keepWhileSearching = false }: { keepWhileSearching?: boolean } = {},
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
    setState((current) =>
      keepWhileSearching && current.status === 'ready'
        ? { ...current, refreshing: true, loadingMore: false, loadMoreFailed: false, error: null }
        : initialState<T>(),
    );
    fetchRef.current(query, null, controller.signal).then(
      (page) =>
        setState({ ...initialState<T>(), items: page.items, nextCursor: page.nextCursor, status: 'ready' }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[list]', error);
        setState({ ...initialState<T>(), status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [query, attempt, keepWhileSearching]);

  const loadMore = useCallback(() => {
    const controller = controllerRef.current;
    // While refreshing, the cursor belongs to the previous query's pages.
    if (!controller || state.loadingMore || state.refreshing || !state.nextCursor) return;
    setState((current) => ({ ...current, loadingMore: true, loadMoreFailed: false, error: null }));
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
        setState((current) => ({ ...current, loadingMore: false, loadMoreFailed: true, error }));
      },
    );
  }, [query, state.loadingMore, state.refreshing, state.nextCursor]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setItems = useCallback(
    (update: (items: T[]) => T[]) => setState((current) => ({ ...current, items: update(current.items) })),
    [],
  );

  return {
    items: state.items,
    status: state.status,
    refreshing: state.refreshing,
    hasMore: state.nextCursor !== null,
    loadingMore: state.loadingMore,
    loadMoreFailed: state.loadMoreFailed,
    error: state.error,
    loadMore,
    reload,
    setItems,
  };
}
