import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

  it('keeps the last failure (for its reference) until a fetch goes well', async () => {
    const refused = new Error('Failed to fetch users');
    const results: (CursorPage<string> | Error)[] = [refused, { items: ['ann'], nextCursor: 'c' }, refused];
    const fetchPage = () => {
      const next = results.shift();
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next!);
    };
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const hook = renderHook(() => useCursorList('all', fetchPage));
    await waitFor(() => expect(hook.result.current.status).toBe('error'));
    expect(hook.result.current.error).toBe(refused);
    act(() => hook.result.current.reload());
    await waitFor(() => expect(hook.result.current.status).toBe('ready'));
    expect(hook.result.current.error).toBeNull();
    act(() => hook.result.current.loadMore());
    await waitFor(() => expect(hook.result.current.loadMoreFailed).toBe(true));
    expect(hook.result.current.error).toBe(refused);
    quiet.mockRestore();
  });
});
