// POST /api/events/{eventId}/members with { eventId } → 201 with the event (RSVP), and the toggle
// behind the RSVP / UnRSVP button: spec toasts, then a confirmation icon for 2 seconds.
import { api, referenceOf } from '@community/api-client';
import {
  type CommunityEvent,
  RSVP_CONFIRM_MS,
  RSVP_DONE,
  RSVP_ERROR_TITLE,
  RSVP_FAILED,
  UNRSVP_DONE,
  UNRSVP_FAILED,
  WAITLIST_JOINED,
  WAITLIST_LEFT,
} from '@community/domain';
import { toast } from '@community/ui';
import { useEffect, useRef, useState } from 'react';
import { unrsvpEvent } from './unrsvp-event.ts';

export const rsvpEvent = (eventId: string) =>
  api.post<CommunityEvent>(`/api/events/${encodeURIComponent(eventId)}/members`, { eventId });

/** What a click did, for its toast: an RSVP or a waitlist place, given or taken back. */
const doneMessage = (leaving: boolean, waitlist: boolean) =>
  waitlist ? (leaving ? WAITLIST_LEFT : WAITLIST_JOINED) : leaving ? UNRSVP_DONE : RSVP_DONE;

/**
 * `interested`: going or waiting, so the click takes it back; else it RSVPs (the server puts the
 * member on the waitlist of a full event, and the answer says so).
 */
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
      const waitlist = interested ? event.waitlistPosition !== null : updated.waitlistPosition !== null;
      toast.success(doneMessage(interested, waitlist));
      setConfirmed(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setConfirmed(false), RSVP_CONFIRM_MS);
    } catch (error) {
      console.error('[events] rsvp', error);
      toast.error(RSVP_ERROR_TITLE, interested ? UNRSVP_FAILED : RSVP_FAILED, {
        reference: referenceOf(error),
      });
    } finally {
      setPending(false);
    }
  }

  return { toggle, pending, confirmed };
}
