// Walks a keyset-paginated list (`{ items, nextCursor }`, docs/api.md) to its end: the export needs
// every user, not the page on screen. Pure: `fetchPage` does the HTTP.
import type { Page } from '@community/domain';

export async function fetchAllPages<T>(
  fetchPage: (cursor: string | null) => Promise<Page<T>>,
  onPage?: (loaded: number) => void,
): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | null = null;
  do {
    const page: Page<T> = await fetchPage(cursor);
    items.push(...page.items);
    onPage?.(items.length);
    // A cursor that repeats would loop for ever; a well-behaved API never sends one.
    if (page.nextCursor !== null && seen.has(page.nextCursor)) throw new Error('The list repeated a cursor');
    if (page.nextCursor !== null) seen.add(page.nextCursor);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return items;
}
