// GET /api/events?published=&when=upcoming|past (docs/api.md): published events, upcoming ones
// soonest first, past ones most recent first; `drafts` are the caller's own unpublished events.
import { api, withQuery } from '@community/api-client';
import type { CommunityEvent, Page } from '@community/domain';

export type EventsWhen = 'upcoming' | 'past';
export type EventListKind = EventsWhen | 'drafts';

export function getEvents(
  kind: EventListKind,
  cursor: string | null,
  signal?: AbortSignal,
  limit?: number,
): Promise<Page<CommunityEvent>> {
  const query = kind === 'drafts' ? { published: false, when: 'upcoming' } : { published: true, when: kind };
  return api.get<Page<CommunityEvent>>(withQuery('/api/events', { ...query, cursor, limit }), { signal });
}
