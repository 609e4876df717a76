// @vitest-environment node
// Pure logic, also run from a Node benchmark: no DOM here.
import { describe, expect, it, vi } from 'vitest';
import { fetchAllPages } from './fetch-all-pages.ts';

describe('fetch all pages', () => {
  it('follows nextCursor to the last page', async () => {
    const fetchPage = vi.fn(async (cursor: string | null) =>
      cursor === null
        ? { items: [1, 2], nextCursor: 'c2' }
        : cursor === 'c2'
          ? { items: [3], nextCursor: 'c3' }
          : { items: [4], nextCursor: null },
    );
    const loaded: number[] = [];
    expect(await fetchAllPages(fetchPage, (n) => loaded.push(n))).toEqual([1, 2, 3, 4]);
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([null, 'c2', 'c3']);
    expect(loaded).toEqual([2, 3, 4]);
  });

  it('gives up on a cursor that repeats instead of looping for ever', async () => {
    await expect(fetchAllPages(async () => ({ items: [1], nextCursor: 'same' }))).rejects.toThrow(
      'repeated a cursor',
    );
  });
});
