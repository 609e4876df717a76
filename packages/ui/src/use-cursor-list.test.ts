import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type CursorPage, useCursorList } from './use-cursor-list.ts';

/** A page fetcher whose answers the test releases one by one. */
function controlledPages() {
  const pending: { query: string; resolve: (page: CursorPage<string>) => void }[] = [];
  const fetchPage = (query: string) =>
    new Promise<CursorPage<string>>((resolve) => pending.push({ query, resolve }));
  const answer = (items: string[], nextCursor: string | null = null) =>
    act(async () => pending.shift()?.resolve({ items, nextCursor }));
  return { fetchPage, answer, pending };
}

describe('useCursorList', () => {
  it('shows nothing from the previous query by default while the next one loads', async () => {
    const pages = controlledPages();
    const hook = renderHook(({ query }) => useCursorList(query, pages.fetchPage), {
      initialProps: { query: 'a' },
    });
    await pages.answer(['ann', 'al']);
    expect(hook.result.current.items).toEqual(['ann', 'al']);
    hook.rerender({ query: 'an' });
    expect(hook.result.current.status).toBe('loading');
    expect(hook.result.current.items).toEqual([]);
  });

  it('keepWhileSearching: the shown rows stay, marked refreshing, until the new page replaces them', async () => {
    const pages = controlledPages();
    const hook = renderHook(
      ({ query }) => useCursorList(query, pages.fetchPage, { keepWhileSearching: true }),
      { initialProps: { query: 'a' } },
    );
    await pages.answer(['ann', 'al'], 'cursor-of-a');
    hook.rerender({ query: 'an' });
    expect(hook.result.current).toMatchObject({ status: 'ready', refreshing: true, items: ['ann', 'al'] });
    // The previous query's cursor must not fetch a page of the new query.
    act(() => hook.result.current.loadMore());
    expect(pages.pending.map((page) => page.query)).toEqual(['an']);
    await pages.answer(['ann']);
    await waitFor(() => expect(hook.result.current.refreshing).toBe(false));
    expect(hook.result.current).toMatchObject({ status: 'ready', items: ['ann'], hasMore: false });
  });
});
