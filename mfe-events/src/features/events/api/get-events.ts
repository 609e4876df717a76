// GET /api/events?published=true&when=upcoming|past (docs/api.md): published events, upcoming ones
// soonest first, past ones most recent first.
import { api, withQuery } from '@community/api-client';
import type { CommunityEvent, Page } from '@community/domain';

export type EventsWhen = 'upcoming' | 'past';

export function getEvents(when: EventsWhen, cursor: string | null, signal?: AbortSignal) {
  return api.get<Page<CommunityEvent>>(withQuery('/api/events', { published: true, when, cursor }), {
    signal,
  });
}
