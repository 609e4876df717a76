// GET /api/events/{id}/attendees (docs/api.md): who RSVPed, earliest first, names and avatars only.
// The CSV with emails is a plain download link for the event's organisers (attendeesCsvUrl).
import { api, withQuery } from '@community/api-client';
import type { EventAttendeePage } from '@community/domain';

export const getAttendees = (eventId: string, cursor: string | null, limit: number, signal?: AbortSignal) =>
  api.get<EventAttendeePage>(
    withQuery(`/api/events/${encodeURIComponent(eventId)}/attendees`, { cursor, limit }),
    {
      signal,
    },
  );

export const attendeesCsvUrl = (eventId: string) =>
  `/api/events/${encodeURIComponent(eventId)}/attendees.csv`;
