// DELETE /api/events/{eventId}/members → 200 with the event (UnRSVP; repeating is harmless).
import { api } from '@community/api-client';
import type { CommunityEvent } from '@community/domain';

export const unrsvpEvent = (eventId: string) =>
  api.delete<CommunityEvent>(`/api/events/${encodeURIComponent(eventId)}/members`);
