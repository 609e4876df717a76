// GET /api/users/community-members?SearchName= for the event form's host picker. Spec section 7: on a
// 400 the search is retried with SearchName=a, then with a single space (which lists everyone). An
// empty box asks for everyone with the space at once: the API refuses an empty SearchName, and a page
// should log no failed request.
import { api, isApiError } from '@community/api-client';
import { HOST_SEARCH_DEBOUNCE_MS, type PublicUser } from '@community/domain';
import { useDebouncedValue } from '@community/ui';
import { useEffect, useState } from 'react';

/** `lastOfflineAt` (null = online) seeds the member's online dot until the presence room speaks. */
export type CommunityMember = Pick<
  PublicUser,
  'id' | 'firstName' | 'lastName' | 'pseudo' | 'imageUrl' | 'lastOfflineAt'
>;

export const searchCommunityMembers = (searchName: string, signal?: AbortSignal) =>
  // Built by hand: an empty or blank SearchName must still be sent as is.
  api.get<{ items: CommunityMember[] }>(
    `/api/users/community-members?SearchName=${encodeURIComponent(searchName)}`,
    { signal },
  );

export const HOST_SEARCH_FALLBACKS = ['a', ' '] as const;

const EVERYONE = ' ';

/** Runs the search, retrying on a 400 with each fallback in turn; other failures end it at once. */
export async function searchHosts(query: string, signal?: AbortSignal): Promise<CommunityMember[]> {
  const attempts =
    query.trim() === ''
      ? [EVERYONE]
      : [query, ...HOST_SEARCH_FALLBACKS.filter((fallback) => fallback !== query)];
  let lastError: unknown;
  for (const searchName of attempts) {
    try {
      return (await searchCommunityMembers(searchName, signal)).items;
    } catch (error) {
      if (!isApiError(error) || error.status !== 400) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

export type HostSearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; members: CommunityMember[] };

/** Searches while `enabled` (the list is open), 300 ms after the query stops changing. */
export function useHostSearch(query: string, enabled: boolean): HostSearchState & { retry: () => void } {
  const debouncedQuery = useDebouncedValue(query, HOST_SEARCH_DEBOUNCE_MS);
  const [state, setState] = useState<HostSearchState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    searchHosts(debouncedQuery, controller.signal).then(
      (members) => setState({ status: 'ready', members }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [debouncedQuery, enabled, attempt]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
