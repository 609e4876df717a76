// What travels over the sockets and between edge-api and the rooms. Both ends parse with these
// schemas: nothing is trusted by a cast.
import { z } from 'zod';
import { sequencedMessageFields } from './chat-payloads.ts';
import { CONVERSATION_EVENTS, DirectMessageUpdatedEvent } from './conversations.ts';
import { EVENT_EVENTS } from './events.ts';
import { POST_EVENTS } from './posts.ts';
import { PRESENCE_EVENTS } from './presence.ts';

/** Party names as they appear in `/parties/{party}/{room}` (partyserver kebab-cases the class name). */
export const PARTIES = {
  userRoom: 'user-room',
  spaceRoom: 'space-room',
  postsRoom: 'posts-room',
  conversationRoom: 'conversation-room',
  presenceRoom: 'presence-room',
} as const;
export type PartyName = (typeof PARTIES)[keyof typeof PARTIES];

export const NotificationEvent = z.object({
  type: z.literal('notification'),
  id: z.string(),
  cursor: z.string(),
  notification: z.object({
    type: z.enum([
      'SPACE_MESSAGE',
      'ROOM_CALL',
      'POST_REACTION',
      'POST_COMMENT',
      'EVENT_ANNOUNCEMENT',
      'MENTION',
      'EVENT_CANCELLED',
      'WAITLIST_PROMOTED',
      'EVENT_REMINDER',
      'JOIN_REQUEST',
      'JOIN_APPROVED',
      'JOIN_DECLINED',
    ]),
    /** What the notification is about (eventId, spaceId, ...), for the client to link to. */
    payload: z.record(z.string(), z.string()).default({}),
    title: z.string(),
  }),
});

export const SessionEndedEvent = z.object({
  type: z.literal('session.ended'),
  reason: z.enum(['signed-out', 'blocked', 'deleted', 'revoked']),
});

/**
 * To the member's own user room when an admin changes their feature switches (docs/features.md):
 * open pages drop the entries and buttons of a switched-off feature without a reload.
 */
export const FeaturesChangedEvent = z.object({
  type: z.literal('features.changed'),
  features: z.array(z.object({ feature: z.string(), enabled: z.boolean() })),
});

export const ChatMessagePayload = z.object({ spaceId: z.string(), ...sequencedMessageFields });

/** A message committed to a space; `seq` is its place in the space's sequence. */
export const MessageCreatedEvent = z.object({
  type: z.literal('message.created'),
  message: ChatMessagePayload,
});
/** A message changed (edited; later reactions): the whole message, in place (same seq), newer `rev`. */
export const MessageUpdatedEvent = z.object({
  type: z.literal('message.updated'),
  message: ChatMessagePayload,
});
/** How many changed messages one `updates` frame carries at most (ChatRoom sends a full one at once). */
export const UPDATES_PER_FRAME = 50;
/**
 * Changes to sent messages (edits, reactions) that a chat room held back for a moment and sends
 * together, so 50 reactions a second in a room of 1,000 are a few frames per socket, not 50
 * (ChatRoom). In the order they came, one per message (its newest): a client handles each as if it
 * had come alone.
 */
export const MessageUpdatesEvent = z.object({
  type: z.literal('updates'),
  events: z
    .array(z.discriminatedUnion('type', [MessageUpdatedEvent, DirectMessageUpdatedEvent]))
    .max(UPDATES_PER_FRAME),
});
export type MessageUpdatesEvent = z.infer<typeof MessageUpdatesEvent>;
export const MessageDeletedEvent = z.object({
  type: z.literal('message.deleted'),
  id: z.string(),
  seq: z.number().int(),
});
export const MemberChangedEvent = z.object({
  type: z.literal('member.changed'),
  change: z.enum(['joined', 'left', 'role']),
  userId: z.string(),
  role: z.enum(['GUEST', 'MODERATOR', 'ADMIN']).nullable(),
});
/** Sent by the room itself: who is typing, who is here. */
export const TypingEvent = z.object({ type: z.literal('typing'), userId: z.string(), name: z.string() });
export const PresenceEvent = z.object({ type: z.literal('presence'), userIds: z.array(z.string()) });

/** Everything a client may receive from a room. */
export const ServerEvent = z.discriminatedUnion('type', [
  NotificationEvent,
  SessionEndedEvent,
  FeaturesChangedEvent,
  MessageCreatedEvent,
  MessageUpdatedEvent,
  MessageUpdatesEvent,
  MessageDeletedEvent,
  MemberChangedEvent,
  TypingEvent,
  PresenceEvent,
  ...POST_EVENTS,
  ...EVENT_EVENTS,
  ...CONVERSATION_EVENTS,
  ...PRESENCE_EVENTS,
]);
export type ServerEvent = z.infer<typeof ServerEvent>;

/** What a client may send to a space or conversation room (anything else is ignored). */
export const ClientFrame = z.discriminatedUnion('type', [z.object({ type: z.literal('typing') })]);
export type ClientFrame = z.infer<typeof ClientFrame>;

/** Connection tags let edge-api address one session's or one user's sockets. */
export const sessionTag = (sessionId: string) => `session:${sessionId}`;
export const userTag = (userId: string) => `user:${userId}`;

/**
 * Whose sockets a revocation reaches: every socket of one user, of one session, or (a space made
 * private) of everyone outside the member set.
 */
export const RevocationSelector = z.union([
  z.strictObject({ user: z.string().min(1) }),
  z.strictObject({ session: z.string().min(1) }),
  z.strictObject({ notIn: z.array(z.string().min(1)) }),
]);
export type RevocationSelector = z.infer<typeof RevocationSelector>;

/** Commands edge-api sends to a room over the internal, signed HTTP call. */
export const RoomCommand = z.discriminatedUnion('action', [
  z.object({ action: z.literal('broadcast'), event: ServerEvent, tag: z.string().optional() }),
  /**
   * Access withdrawn (sign-out, block, delete, kick, leave, space made private). Every room kind
   * obeys it: matching sockets get `event` (if any) and are closed, and tickets issued at or before
   * `at` (edge-api's clock, ms) for a matching holder are refused for as long as they could be valid.
   */
  z.object({
    action: z.literal('revoke'),
    by: RevocationSelector,
    at: z.number().int(),
    event: ServerEvent.optional(),
  }),
  /**
   * Posts rooms: broadcast `event` to every socket at `at` (ms, edge-api's clock) by a Durable
   * Object alarm. A second `schedule` with the same `id` replaces the first (an edited scheduled
   * post); an `at` already past is sent at once.
   */
  z.object({
    action: z.literal('schedule'),
    id: z.string().min(1).max(200),
    at: z.number().int(),
    event: ServerEvent,
  }),
  /** Posts rooms: forget the scheduled event with this id (a scheduled post deleted). */
  z.object({ action: z.literal('unschedule'), id: z.string().min(1).max(200) }),
  /**
   * User rooms: a tab said it went offline or is going away (`PATCH /api/socket/users/online-status`).
   * The room counts its sockets again after PRESENCE_GRACE_MS and reports a change, if any.
   */
  z.object({ action: z.literal('presence-recount') }),
]);
export type RoomCommand = z.infer<typeof RoomCommand>;

/**
 * The realtime worker's fan-out (`POST https://realtime.internal/fanout`, signed like a room
 * command): one call from edge-api delivers `event` to the user room of every recipient. For a
 * `notification` event, each recipient's own `notificationId` replaces `event.id` (each member has
 * their own row). The worker answers `{ delivered }`: how many sockets received it.
 */
export const FANOUT_PATH = '/fanout';
export const FANOUT_MAX_RECIPIENTS = 100_000;
export const FanoutCommand = z.strictObject({
  recipients: z
    .array(z.strictObject({ userId: z.string().min(1), notificationId: z.string().min(1).optional() }))
    .max(FANOUT_MAX_RECIPIENTS),
  event: ServerEvent,
});
export type FanoutCommand = z.infer<typeof FanoutCommand>;

/** Close codes a room uses (4000-4999 are the application's). */
export const CLOSE_CODES = {
  /** The socket was not admitted (no ticket proof reached the room). */
  notAdmitted: 4001,
  /** Access was withdrawn: reconnecting needs a new ticket, which edge-api grants only if allowed. */
  revoked: 4003,
  /**
   * The client broke the room's frame rules (too large, too many, or any frame to a room that only
   * sends): WebSocket's own "policy violation". Reconnecting at once would only repeat it.
   */
  policyViolation: 1008,
} as const;

/** A connection may send one typing frame per this interval; extra frames are dropped. */
export const TYPING_INTERVAL_MS = 2000;

/** Header carrying `timestamp.signature` over `timestamp.body` for edge-api → room calls. */
export const INTERNAL_SIGNATURE_HEADER = 'x-community-internal-signature';
export const INTERNAL_SIGNATURE_MAX_AGE_MS = 30_000;
