// Calling a whole event off and back on, and deleting it (issue 29): POST /api/events/{id}/cancellation
// { reason } → { event, notified }; DELETE …/cancellation → the event; DELETE /api/events/{id} → 204
// (a draft, or a cancelled event).
import { api } from '@community/api-client';
import type { CommunityEvent } from '@community/domain';

const path = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}`;

export const cancelEvent = (eventId: string, reason: string) =>
  api.post<{ event: CommunityEvent; notified: boolean }>(`${path(eventId)}/cancellation`, { reason });

export const restoreEvent = (eventId: string) => api.delete<CommunityEvent>(`${path(eventId)}/cancellation`);

export const deleteEvent = (eventId: string) => api.delete<void>(path(eventId));
