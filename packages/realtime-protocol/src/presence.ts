// Presence: who is online. The user room (one per user) knows when a member's first tab connects and
// when the last one has gone; it reports that one change to edge-api (PresenceReport), which writes
// `users.last_offline_at` and tells the presence room. The presence room (PARTIES.presenceRoom, one
// room named PRESENCE_ROOM) is what every signed-in tab listens to for online dots.
import { z } from 'zod';

/** The one presence room of the community. */
export const PRESENCE_ROOM = 'community';

/**
 * How long a user room waits after its last socket closed before it reports the user offline: a
 * reload or a tab switching networks reconnects within it, so the dot does not flicker. Well under
 * the 5 s the product promises.
 */
export const PRESENCE_GRACE_MS = 2000;

/** A member came online (`lastOfflineAt` null) or went offline (when). Sent by the presence room. */
export const PresenceChangedEvent = z.object({
  type: z.literal('presence.changed'),
  userId: z.string(),
  lastOfflineAt: z.string().nullable(),
});
/** Sent by the presence room to each socket as it connects: everyone online now. */
export const PresenceSnapshotEvent = z.object({
  type: z.literal('presence.snapshot'),
  online: z.array(z.string()),
});

export const PRESENCE_EVENTS = [PresenceChangedEvent, PresenceSnapshotEvent] as const;

/**
 * A user room → edge-api report (`POST /api/internal/presence` over the API service binding, signed
 * like a room command): this user's first socket opened, or the last one closed `PRESENCE_GRACE_MS`
 * ago. `at` is the realtime worker's clock (ms).
 */
export const PresenceReport = z.strictObject({
  userId: z.string().min(1),
  status: z.enum(['online', 'offline']),
  at: z.number().int(),
});
export type PresenceReport = z.infer<typeof PresenceReport>;
