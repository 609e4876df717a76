// Opaque keyset cursors: the sort key of the last row of a page, base64url JSON. A cursor that
// does not decode to the expected shape is a 400, never a 500.
import type { z } from 'zod';
import { badRequest } from './errors.ts';

export const INVALID_CURSOR = 'Invalid cursor';

export function encodeCursor(values: readonly (string | number)[]): string {
  return btoa(JSON.stringify(values)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function decodeCursor<T extends z.ZodTuple>(cursor: string | undefined, shape: T): z.infer<T> | null {
  if (!cursor) return null;
  try {
    const json = atob(cursor.replaceAll('-', '+').replaceAll('_', '/'));
    const parsed = shape.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through to the 400 below
  }
  throw badRequest(INVALID_CURSOR, [{ path: 'cursor', message: INVALID_CURSOR }]);
}

/** Takes one row more than asked to learn whether another page exists. */
export function pageOf<Row, Item>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
  keyOf: (row: Row) => (string | number)[],
) {
  const visible = rows.slice(0, limit);
  const last = visible.at(-1);
  return {
    items: visible.map(toItem),
    nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null,
  };
}
