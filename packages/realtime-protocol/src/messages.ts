// What travels over the sockets and between edge-api and the rooms. Both ends parse with these
// schemas: nothing is trusted by a cast.
import { z } from 'zod';

/** Party names as they appear in `/parties/{party}/{room}` (partyserver kebab-cases the class name). */
export const PARTIES = { userRoom: 'user-room' } as const;
export type PartyName = (typeof PARTIES)[keyof typeof PARTIES];

export const NotificationEvent = z.object({
  type: z.literal('notification'),
  id: z.string(),
  cursor: z.string(),
  notification: z.object({
    type: z.enum(['SPACE_MESSAGE', 'ROOM_CALL', 'POST_REACTION', 'POST_COMMENT', 'EVENT_ANNOUNCEMENT']),
    /** What the notification is about (eventId, spaceId, ...), for the client to link to. */
    payload: z.record(z.string(), z.string()).default({}),
    title: z.string(),
  }),
});

export const SessionEndedEvent = z.object({
  type: z.literal('session.ended'),
  reason: z.enum(['signed-out', 'blocked', 'revoked']),
});

/** Everything a client may receive from a room. */
export const ServerEvent = z.discriminatedUnion('type', [NotificationEvent, SessionEndedEvent]);
export type ServerEvent = z.infer<typeof ServerEvent>;

/** Connection tags let edge-api address one session's or one user's sockets. */
export const sessionTag = (sessionId: string) => `session:${sessionId}`;
export const userTag = (userId: string) => `user:${userId}`;

/** Commands edge-api sends to a room over the internal, signed HTTP call. */
export const RoomCommand = z.discriminatedUnion('action', [
  z.object({ action: z.literal('broadcast'), event: ServerEvent, tag: z.string().optional() }),
  z.object({ action: z.literal('close'), tag: z.string(), event: ServerEvent.optional() }),
]);
export type RoomCommand = z.infer<typeof RoomCommand>;

/** Header carrying `timestamp.signature` over `timestamp.body` for edge-api → room calls. */
export const INTERNAL_SIGNATURE_HEADER = 'x-community-internal-signature';
export const INTERNAL_SIGNATURE_MAX_AGE_MS = 30_000;
