// One date of a repeating event (issue 12): POST /api/events/{id}/cancelled-occurrences
// { occurrenceStart } cancels it, DELETE …/cancelled-occurrences/{start} restores it; both answer
// the event (its `nextOccurrences` marked again). The series itself is untouched.
import { api } from '@community/api-client';
import type { CommunityEvent } from '@community/domain';

const path = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/cancelled-occurrences`;

export const cancelOccurrence = (eventId: string, occurrenceStart: string) =>
  api.post<CommunityEvent>(path(eventId), { occurrenceStart });

export const restoreOccurrence = (eventId: string, occurrenceStart: string) =>
  api.delete<CommunityEvent>(`${path(eventId)}/${encodeURIComponent(occurrenceStart)}`);
