// GET /api/spaces/{id}/messages?search=: word-prefix full-text search; each hit carries the
// `searchCursor` (its sequence number) the space page jumps to.
import { api, withQuery } from '@community/api-client';
import type { MessagePage } from '@community/domain';

export type SearchHit = MessagePage['items'][number];

export const searchMessages = (spaceId: string, search: string, signal?: AbortSignal) =>
  api.get<MessagePage>(withQuery(`/api/spaces/${encodeURIComponent(spaceId)}/messages`, { search }), {
    signal,
  });
