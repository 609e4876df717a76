// Talks to the realtime worker's rooms after a write has committed. Delivery is best effort:
// clients resync over HTTP, so a failed publish never fails the write that caused it.

import { type FeatureKey, hasFeature } from '@community/domain';
import {
  errorFields,
  FANOUT_PATH,
  type FanoutCommand,
  INTERNAL_SIGNATURE_HEADER,
  logLine,
  newTicketId,
  PARTIES,
  type PartyName,
  PRESENCE_ROOM,
  REALTIME_INTERNAL_HOST,
  REQUEST_ID_HEADER,
  type RoomCommand,
  type ServerEvent,
  signInternalBody,
  signTicket,
  TICKET_TTL_MS,
  userTag,
} from '@community/realtime-protocol';
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import { currentTrace } from '../lib/request-trace.ts';
import { conversationRoomsOf } from './conversations.ts';
import { roomsOfSession, roomsOfUser } from './realtime-grants.ts';

export type RoomAddress = { party: PartyName; room: string };

/** How many times a command is tried: a room restarting after a deploy refuses the first attempt. */
const ATTEMPTS = 2;

export async function sendRoomCommand(
  realtime: Fetcher,
  config: Config,
  address: RoomAddress,
  command: RoomCommand,
): Promise<boolean> {
  const body = JSON.stringify(command);
  const url = `https://realtime.internal/parties/${address.party}/${encodeURIComponent(address.room)}`;
  // The request that sent it, so the room's log line can be tied to it (lib/request-trace.ts).
  const requestId = currentTrace()?.requestId;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const response = await realtime.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [INTERNAL_SIGNATURE_HEADER]: await signInternalBody(config.realtimeSecret, body),
          ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
        },
        body,
      });
      if (response.ok) return true;
      logLine('error', 'Realtime command refused', {
        requestId,
        ...address,
        action: command.action,
        status: response.status,
        answer: (await response.text()).slice(0, 200),
      });
    } catch (error) {
      logLine('error', 'Realtime command failed', {
        requestId,
        ...address,
        action: command.action,
        attempt,
        error: errorFields(error),
      });
    }
  }
  return false;
}

const userRoomOf = (userId: string): RoomAddress => ({ party: PARTIES.userRoom, room: userId });
const spaceRoomOf = (spaceId: string): RoomAddress => ({ party: PARTIES.spaceRoom, room: spaceId });

export function publishToUser(realtime: Fetcher, config: Config, userId: string, event: ServerEvent) {
  return sendRoomCommand(realtime, config, userRoomOf(userId), { action: 'broadcast', event });
}

export function publishToSpace(realtime: Fetcher, config: Config, spaceId: string, event: ServerEvent) {
  return sendRoomCommand(realtime, config, spaceRoomOf(spaceId), { action: 'broadcast', event });
}

/** Tells every listening tab that a member came online (`lastOfflineAt` null) or went offline. */
export function publishPresence(
  realtime: Fetcher,
  config: Config,
  userId: string,
  lastOfflineAt: string | null,
) {
  return sendRoomCommand(
    realtime,
    config,
    { party: PARTIES.presenceRoom, room: PRESENCE_ROOM },
    { action: 'broadcast', event: { type: 'presence.changed', userId, lastOfflineAt } },
  );
}

/**
 * Asks the user's room to count its sockets again (a tab said it went offline or is going away):
 * the room, which sees every tab, decides and reports the change, if any (ADR 13).
 */
export function askPresenceRecount(realtime: Fetcher, config: Config, userId: string) {
  return sendRoomCommand(realtime, config, userRoomOf(userId), { action: 'presence-recount' });
}

export type FanoutRecipient = FanoutCommand['recipients'][number];

/**
 * Delivers `event` to the user room of every recipient in ONE signed call to the realtime worker,
 * which shards the work over Durable Objects (realtime/src/fanout.ts). A `notification` event
 * reaches each recipient with their own `notificationId` as its `id`. Answers how many sockets it
 * reached, or null when the worker could not be reached (the rows stand: clients list them over HTTP).
 */
export async function fanOut(
  realtime: Fetcher,
  config: Config,
  recipients: FanoutRecipient[],
  event: ServerEvent,
): Promise<{ delivered: number } | null> {
  if (recipients.length === 0) return { delivered: 0 };
  const body = JSON.stringify({ recipients, event } satisfies FanoutCommand);
  const requestId = currentTrace()?.requestId;
  try {
    const response = await realtime.fetch(`https://${REALTIME_INTERNAL_HOST}${FANOUT_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [INTERNAL_SIGNATURE_HEADER]: await signInternalBody(config.realtimeSecret, body),
        ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
      },
      body,
    });
    if (response.ok) return { delivered: ((await response.json()) as { delivered: number }).delivered };
    logLine('error', 'Fan-out refused', {
      requestId,
      status: response.status,
      answer: (await response.text()).slice(0, 200),
    });
  } catch (error) {
    logLine('error', 'Fan-out failed', {
      requestId,
      recipients: recipients.length,
      error: errorFields(error),
    });
  }
  return null;
}

const postsRoomOf = (spaceId: string): RoomAddress => ({ party: PARTIES.postsRoom, room: spaceId });
const conversationRoomOf = (conversationId: string): RoomAddress => ({
  party: PARTIES.conversationRoom,
  room: conversationId,
});

/** A direct-message event to everyone who has the conversation open (its two participants' tabs). */
export function publishToConversation(
  realtime: Fetcher,
  config: Config,
  conversationId: string,
  event: ServerEvent,
) {
  return sendRoomCommand(realtime, config, conversationRoomOf(conversationId), {
    action: 'broadcast',
    event,
  });
}

/**
 * Sends a post or comment event to everyone watching the space's wall, after the commit. With
 * `onlyUserId`, only that user's sockets get it (a scheduled post, visible to its author only).
 */
export function publishToPostsRoom(
  realtime: Fetcher,
  config: Config,
  spaceId: string,
  event: ServerEvent,
  onlyUserId?: string,
) {
  return sendRoomCommand(realtime, config, postsRoomOf(spaceId), {
    action: 'broadcast',
    event,
    ...(onlyUserId ? { tag: userTag(onlyUserId) } : {}),
  });
}

/**
 * Has the space's posts room broadcast `event` by itself at `at` (a Durable Object alarm, which
 * survives restarts). Build the event as readers will see it then (`post.created` with
 * `scheduled: false`). Calling it again for the same post replaces the event and the time (an
 * edit); the database stays the source of truth, so a wall loaded after `at` shows the post
 * whether or not this broadcast happened.
 */
export function schedulePostEvent(
  realtime: Fetcher,
  config: Config,
  spaceId: string,
  postId: string,
  at: Date,
  event: ServerEvent,
) {
  return sendRoomCommand(realtime, config, postsRoomOf(spaceId), {
    action: 'schedule',
    id: postId,
    at: at.getTime(),
    event,
  });
}

/** Forgets the post's scheduled event (the scheduled post was deleted or published early). */
export function unschedulePostEvent(realtime: Fetcher, config: Config, spaceId: string, postId: string) {
  return sendRoomCommand(realtime, config, postsRoomOf(spaceId), { action: 'unschedule', id: postId });
}

export async function issueTicket(
  config: Config,
  user: { id: string; name: string },
  sessionId: string,
  address: RoomAddress,
  /** `issuedAt`: taken before the caller's rights were checked (see TicketClaims.iat). */
  options: { issuedAt: number; member?: boolean },
) {
  const expiresAt = options.issuedAt + TICKET_TTL_MS;
  const ticket = await signTicket(config.realtimeSecret, {
    sub: user.id,
    sid: sessionId,
    name: user.name,
    party: address.party,
    room: address.room,
    exp: expiresAt,
    jti: newTicketId(),
    iat: options.issuedAt,
    ...(options.member === undefined ? {} : { member: options.member }),
  });
  return { ticket, expiresAt: new Date(expiresAt).toISOString() };
}

/** Whose realtime access ends: one session, every session of a user, or (in one space) a user or everyone outside a member set. */
export type RevocationTarget =
  | {
      kind: 'session';
      /** Optional: the session's grants name every room it holds a ticket for, its user room included. */
      userId?: string;
      sessionId: string;
      reason: 'signed-out' | 'revoked';
    }
  | {
      kind: 'user';
      userId: string;
      reason: 'blocked' | 'deleted' | 'revoked';
      /** Rooms read before the user's rows were deleted (deleting a user deletes their grants). */
      rooms?: RoomAddress[];
    }
  | { kind: 'space-member'; spaceId: string; userId: string }
  | { kind: 'space-non-members'; spaceId: string; memberIds: string[] }
  | {
      kind: 'features';
      userId: string;
      /** The member's switches as committed; rooms of the kinds now off are withdrawn. */
      features: readonly { feature: string; enabled: boolean }[];
    };

/** The same room once, whichever way it was found. */
function distinctRooms(rooms: RoomAddress[]): RoomAddress[] {
  const byKey = new Map(rooms.map((room) => [`${room.party}/${room.room}`, room]));
  return [...byKey.values()];
}

type RevocationPlan = { rooms: RoomAddress[]; command: RoomCommand };

/**
 * A blocked or deleted member's conversations end for both participants (ADR 13): every socket in
 * those rooms closes, and tickets issued before `at` are refused; edge-api issues no new ones while
 * either participant may not message. A member who only ends their own sessions keeps them open
 * for the other participant, so reason `revoked` leaves conversation rooms to the user command.
 */
async function withConversationRooms(
  db: Database,
  target: Extract<RevocationTarget, { kind: 'user' }>,
  plan: RevocationPlan,
  at: number,
): Promise<RevocationPlan[]> {
  if (target.reason === 'revoked') return [plan];
  const isConversation = (room: RoomAddress) => room.party === PARTIES.conversationRoom;
  const conversationRooms = distinctRooms([
    ...plan.rooms.filter(isConversation),
    ...(await conversationRoomsOf(db, target.userId)),
  ]);
  return [
    { ...plan, rooms: plan.rooms.filter((room) => !isConversation(room)) },
    { rooms: conversationRooms, command: { action: 'revoke', by: { notIn: [] }, at } },
  ];
}

/** The room kinds a member may no longer hold with these switches (docs/features.md, Realtime). */
export function partiesSwitchedOff(features: readonly { feature: string; enabled: boolean }[]): PartyName[] {
  const on = (key: FeatureKey) => hasFeature({ features }, key);
  return [
    ...(on('spaces') ? [] : [PARTIES.spaceRoom]),
    ...(on('posts') || on('livewall') ? [] : [PARTIES.postsRoom]),
    ...(on('messages') ? [] : [PARTIES.conversationRoom]),
  ];
}

/**
 * A member's switches changed: their sockets in rooms of the kinds now off close, in every room
 * their grants name. A conversation ends for both participants, as for a block (the other may not
 * message someone without `messages`, and mayEnterConversationRoom refuses them a new ticket).
 */
async function featurePlans(
  db: Database,
  target: Extract<RevocationTarget, { kind: 'features' }>,
  at: number,
): Promise<RevocationPlan[]> {
  const off = new Set<string>(partiesSwitchedOff(target.features));
  if (off.size === 0) return [];
  const granted = (await roomsOfUser(db, target.userId)).filter((room) => off.has(room.party));
  const isConversation = (room: RoomAddress) => room.party === PARTIES.conversationRoom;
  const plans: RevocationPlan[] = [
    {
      rooms: granted.filter((room) => !isConversation(room)),
      command: { action: 'revoke', by: { user: target.userId }, at },
    },
  ];
  if (off.has(PARTIES.conversationRoom)) {
    plans.push({
      rooms: distinctRooms([
        ...granted.filter(isConversation),
        ...(await conversationRoomsOf(db, target.userId)),
      ]),
      command: { action: 'revoke', by: { notIn: [] }, at },
    });
  }
  return plans;
}

/** What to send and where, for one revocation; `at` is when the database said so. */
async function revocationPlan(
  db: Database,
  target: Exclude<RevocationTarget, { kind: 'features' }>,
  at: number,
): Promise<RevocationPlan> {
  switch (target.kind) {
    case 'session':
      return {
        rooms: distinctRooms([
          ...(target.userId ? [userRoomOf(target.userId)] : []),
          ...(await roomsOfSession(db, target.sessionId)),
        ]),
        command: {
          action: 'revoke',
          by: { session: target.sessionId },
          at,
          event: { type: 'session.ended', reason: target.reason },
        },
      };
    case 'user':
      return {
        rooms: distinctRooms([
          userRoomOf(target.userId),
          ...(target.rooms ?? []),
          ...(await roomsOfUser(db, target.userId)),
        ]),
        command: {
          action: 'revoke',
          by: { user: target.userId },
          at,
          event: { type: 'session.ended', reason: target.reason },
        },
      };
    case 'space-member':
      return {
        rooms: [spaceRoomOf(target.spaceId), postsRoomOf(target.spaceId)],
        command: {
          action: 'revoke',
          by: { user: target.userId },
          at,
          event: { type: 'member.changed', change: 'left', userId: target.userId, role: null },
        },
      };
    case 'space-non-members':
      return {
        rooms: [spaceRoomOf(target.spaceId), postsRoomOf(target.spaceId)],
        command: { action: 'revoke', by: { notIn: target.memberIds }, at },
      };
  }
}

/**
 * The one entry point for withdrawing realtime access after the database says so. Every room the
 * target may hold a socket in gets one `revoke` command: matching sockets close, and tickets
 * issued before now for them are refused for as long as they could be valid. Awaited by the
 * route, so sockets are closed before the answer; a room that cannot be reached is logged by
 * sendRoomCommand (tickets for the revoked session or member are no longer issued anyway).
 */
export async function revokeRealtimeAccess(
  realtime: Fetcher,
  config: Config,
  db: Database,
  target: RevocationTarget,
): Promise<void> {
  const at = Date.now();
  const plans =
    target.kind === 'features'
      ? await featurePlans(db, target, at)
      : target.kind === 'user'
        ? await withConversationRooms(db, target, await revocationPlan(db, target, at), at)
        : [await revocationPlan(db, target, at)];
  await Promise.all(
    plans.flatMap(({ rooms, command }) =>
      rooms.map((room) => sendRoomCommand(realtime, config, room, command)),
    ),
  );
}
