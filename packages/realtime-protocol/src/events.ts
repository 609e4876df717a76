// What a space's posts room (PARTIES.postsRoom, room name = the space id) sends to the event pages
// open in that space. An event is seen by its space's readers (edge-api `eventVisibleTo`), the same
// people the posts room admits, so its wall's room carries it: no room kind of its own.
import { z } from 'zod';

/**
 * Something the event page shows from the event's RSVPs changed: someone RSVPed, left, joined or left
 * the waitlist, was promoted, or its capacity or state changed. No names and no counts: what a
 * reader sees (their own waitlist place, the attendees) is theirs to read again over HTTP, which
 * open pages do once for a burst of these (mfe-events `useEvent`). Sent for published events only.
 */
export const EventChangedEvent = z.object({ type: z.literal('event.changed'), eventId: z.string() });
export type EventChangedEvent = z.infer<typeof EventChangedEvent>;

export const EVENT_EVENTS = [EventChangedEvent] as const;

/**
 * A posts room sends an event's `event.changed` at most once per this long (realtime PostsRoom): the
 * first of a quiet spell at once, the ones after it as one frame when the spell is over (the frame
 * says only "read it again", so one stands for many). 500 RSVPs in 2 seconds are then 3 frames per
 * socket of the space's wall, not 500, each at most this late.
 */
export const EVENT_CHANGES_COALESCE_MS = 1000;
