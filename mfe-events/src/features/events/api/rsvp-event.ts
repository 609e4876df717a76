// POST /api/events/{eventId}/members with { eventId } → 201 with the event (RSVP), and the toggle
// behind the RSVP / UnRSVP button: spec toasts, then a confirmation icon for 2 seconds.
import { api } from '@community/api-client';
import {
  type CommunityEvent,
  RSVP_CONFIRM_MS,
  RSVP_DONE,
  RSVP_ERROR_TITLE,
  RSVP_FAILED,
  UNRSVP_DONE,
  UNRSVP_FAILED,
} from '@community/domain';
import { toast } from '@community/ui';
import { useEffect, useRef, useState } from 'react';
import { unrsvpEvent } from './unrsvp-event.ts';

export const rsvpEvent = (eventId: string) =>
  api.post<CommunityEvent>(`/api/events/${encodeURIComponent(eventId)}/members`, { eventId });

export function useRsvpToggle(
  event: CommunityEvent,
  interested: boolean,
  onChange: (event: CommunityEvent) => void,
) {
  const [pending, setPending] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function toggle() {
    if (pending) return;
    setPending(true);
    try {
      const updated = interested ? await unrsvpEvent(event.id) : await rsvpEvent(event.id);
      onChange(updated);
      toast.success(interested ? UNRSVP_DONE : RSVP_DONE);
      setConfirmed(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setConfirmed(false), RSVP_CONFIRM_MS);
    } catch (error) {
      console.error('[events] rsvp', error);
      toast.error(RSVP_ERROR_TITLE, interested ? UNRSVP_FAILED : RSVP_FAILED);
    } finally {
      setPending(false);
    }
  }

  return { toggle, pending, confirmed };
}
