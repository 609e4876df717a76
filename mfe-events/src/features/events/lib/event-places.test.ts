import { describe, expect, it } from 'vitest';
import { placesLabel, RSVP_LABELS, rsvpState, waitlistPositionLabel } from './event-places.ts';

const going = (count: number) => Array.from({ length: count }, (_, index) => ({ userId: `u${index}` }));
const places = (
  capacity: number | null,
  rsvps: number,
  waitlistCount = 0,
  waitlistPosition: number | null = null,
) => ({
  capacity,
  members: going(rsvps),
  placesTaken: rsvps,
  waitlistCount,
  waitlistPosition,
});

describe('the RSVP button state', () => {
  it('is RSVP without a capacity or with places left, Join waitlist when full', () => {
    expect(rsvpState(places(null, 500), false)).toBe('rsvp');
    expect(rsvpState(places(20, 19), false)).toBe('rsvp');
    expect(rsvpState(places(20, 20), false)).toBe('join-waitlist');
    // A lowered capacity leaves more RSVPs than places: still full.
    expect(rsvpState(places(2, 3), false)).toBe('join-waitlist');
  });

  it('is UnRSVP for who is going and Leave waitlist for who waits', () => {
    expect(rsvpState(places(2, 2), true)).toBe('going');
    expect(rsvpState(places(2, 2, 3, 2), false)).toBe('waiting');
    expect(RSVP_LABELS).toEqual({
      rsvp: 'RSVP',
      going: 'UnRSVP',
      'join-waitlist': 'Join waitlist',
      waiting: 'Leave waitlist',
    });
  });
});

describe('the places line', () => {
  it('counts places left, or says full with the waitlist', () => {
    expect(placesLabel(places(null, 3))).toBeNull();
    expect(placesLabel(places(20, 8))).toBe('12 of 20 places left');
    expect(placesLabel(places(1, 0))).toBe('1 of 1 place left');
    expect(placesLabel(places(2, 2, 3))).toBe('Full · 3 on the waitlist');
    expect(placesLabel(places(2, 2, 0))).toBe('Full · 0 on the waitlist');
  });

  it('tells a waiting member their own place, in English ordinals', () => {
    expect(waitlistPositionLabel(places(2, 2, 3))).toBeNull();
    const at = (position: number) => waitlistPositionLabel(places(2, 2, 120, position));
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 103, 111].map(at)).toEqual(
      ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '103rd', '111th'].map(
        (nth) => `You are ${nth} on the waitlist`,
      ),
    );
  });
});
