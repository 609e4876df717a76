// The places line counts what the server counts (`placesTaken`: a blocked member's RSVP too), not the
// members shown as going: the page never offers an RSVP the server would turn into a waitlist place.
import { describe, expect, it } from 'vitest';
import { isFull, placesLabel, rsvpState } from './event-places.ts';

const event = (capacity: number, placesTaken: number, shownGoing: number) => ({
  capacity,
  placesTaken,
  members: Array.from({ length: shownGoing }, (_, index) => ({ userId: `u${index}` })),
  waitlistCount: 0,
  waitlistPosition: null,
});

describe('places held by RSVPs the page does not show (a blocked member’s)', () => {
  it('are taken: 2 of 20 shown going, 3 held, leaves 17', () => {
    expect(placesLabel(event(20, 3, 2))).toBe('17 of 20 places left');
  });

  it('make the event full, offering Join waitlist, as the server will answer', () => {
    const full = event(2, 2, 1);
    expect(isFull(full)).toBe(true);
    expect(placesLabel(full)).toBe('Full · 0 on the waitlist');
    expect(rsvpState(full, false)).toBe('join-waitlist');
  });
});
