// Capacity and the waitlist as the event page shows them (issue 29): what the RSVP button offers,
// the places line ("12 of 20 places left", "Full · 3 on the waitlist") and the member's own place.
// The server decides (a full event's RSVP joins the waitlist); these only read the event it sent,
// counting places by `placesTaken` (every RSVP, a blocked member's too, as the server does), not by
// `members` (who is shown as going).
import type { CommunityEvent } from '@community/domain';

export type RsvpState = 'rsvp' | 'going' | 'join-waitlist' | 'waiting';

type Places = Pick<CommunityEvent, 'capacity' | 'placesTaken' | 'waitlistCount' | 'waitlistPosition'>;

/** Every place taken (a lowered capacity may leave more RSVPs than places). */
export const isFull = (event: Places): boolean =>
  event.capacity !== null && event.placesTaken >= event.capacity;

export function rsvpState(event: Places, interested: boolean): RsvpState {
  if (interested) return 'going';
  if (event.waitlistPosition !== null) return 'waiting';
  return isFull(event) ? 'join-waitlist' : 'rsvp';
}

export const RSVP_LABELS: Record<RsvpState, string> = {
  rsvp: 'RSVP',
  going: 'UnRSVP',
  'join-waitlist': 'Join waitlist',
  waiting: 'Leave waitlist',
};

/** Null for an event without a capacity. */
export function placesLabel(event: Places): string | null {
  if (event.capacity === null) return null;
  if (isFull(event)) return `Full · ${event.waitlistCount} on the waitlist`;
  const left = event.capacity - event.placesTaken;
  return `${left} of ${event.capacity} ${event.capacity === 1 ? 'place' : 'places'} left`;
}

const ordinal = (n: number): string => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
};

/** "You are 3rd on the waitlist", or null when the member is not waiting. */
export const waitlistPositionLabel = (event: Places): string | null =>
  event.waitlistPosition === null ? null : `You are ${ordinal(event.waitlistPosition)} on the waitlist`;
