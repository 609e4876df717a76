// Keyset pagination query (`?cursor=&limit=`) shared by every list route and its client.
// A bad or out-of-range limit is clamped rather than rejected, as docs/api.md promises.
import { z } from 'zod';
import { text } from './fields.ts';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, PAGE_LIMIT_MIN, TOKEN_MAX } from './limits.ts';

export const clampPageLimit = (value: unknown): number => {
  if (value === undefined || value === null || value === '') return PAGE_LIMIT_DEFAULT;
  const n = Math.trunc(Number(value));
  if (Number.isNaN(n)) return PAGE_LIMIT_DEFAULT;
  return Math.min(PAGE_LIMIT_MAX, Math.max(PAGE_LIMIT_MIN, n));
};

export const PageQuery = z.object({
  cursor: text('Cursor', TOKEN_MAX)
    .optional()
    .transform((cursor) => cursor || undefined),
  limit: z.union([z.string(), z.number()]).optional().transform(clampPageLimit),
});
export type PageQuery = z.infer<typeof PageQuery>;
