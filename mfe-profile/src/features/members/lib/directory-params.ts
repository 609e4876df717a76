// The directory's search and sort live in the address (`/members?sort=recent&search=ada`), so a
// reload, a shared link and back/forward show the same list. Name order is the default and is left
// out of the address.
import { MEMBER_SORTS, type MemberSort } from '@community/domain';

export const SEARCH_PARAM = 'search';
export const SORT_PARAM = 'sort';
export const DEFAULT_SORT: MemberSort = 'name';

/** Spec section 5: the member (host) search waits 300 ms after the last keystroke. */
export const MEMBER_SEARCH_DEBOUNCE_MS = 300;

export const SORT_LABELS: Record<MemberSort, string> = { name: 'Name', recent: 'Recent activity' };

export function sortFrom(value: string | null): MemberSort {
  return MEMBER_SORTS.find((sort) => sort === value) ?? DEFAULT_SORT;
}

export function searchFrom(value: string | null): string {
  return value?.trim() ?? '';
}

/** The address's parameters with `search` set (or removed when blank). */
export function withSearch(current: URLSearchParams, search: string): URLSearchParams {
  const next = new URLSearchParams(current);
  if (search) next.set(SEARCH_PARAM, search);
  else next.delete(SEARCH_PARAM);
  return next;
}

/** The address's parameters with `sort` set (or removed for the default). */
export function withSort(current: URLSearchParams, sort: MemberSort): URLSearchParams {
  const next = new URLSearchParams(current);
  if (sort === DEFAULT_SORT) next.delete(SORT_PARAM);
  else next.set(SORT_PARAM, sort);
  return next;
}
