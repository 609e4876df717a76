// Talks to the realtime worker's rooms after a write has committed. Delivery is best effort:
// clients resync over HTTP, so a failed publish never fails the write that caused it.
import {
  INTERNAL_SIGNATURE_HEADER,
  PARTIES,
  type PartyName,
  type RoomCommand,
  type ServerEvent,
  sessionTag,
  signInternalBody,
  signTicket,
  TICKET_TTL_MS,
  userTag,
} from '@community/realtime-protocol';
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';

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
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const response = await realtime.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [INTERNAL_SIGNATURE_HEADER]: await signInternalBody(config.realtimeSecret, body),
        },
        body,
      });
      if (response.ok) return true;
      console.error('Realtime command refused', address, response.status, await response.text());
    } catch (error) {
      console.error('Realtime command failed', address, attempt, error);
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

/** Closes sockets in a user's own room, telling them why first. */
function endUserRoomSockets(
  realtime: Fetcher,
  config: Config,
  userId: string,
  tag: string,
  reason: 'signed-out' | 'blocked',
) {
  const event: ServerEvent = { type: 'session.ended', reason };
  return sendRoomCommand(realtime, config, userRoomOf(userId), { action: 'close', tag, event });
}

/** The sockets one session opened (sign-out). */
export const endSessionSockets = (realtime: Fetcher, config: Config, userId: string, sessionId: string) =>
  endUserRoomSockets(realtime, config, userId, sessionTag(sessionId), 'signed-out');

/** Every socket of a user (blocked or deleted). */
export const endUserSockets = (realtime: Fetcher, config: Config, userId: string) =>
  endUserRoomSockets(realtime, config, userId, userTag(userId), 'blocked');

/** Closes a user's sockets in one space (kicked, or left). */
export function closeSpaceSockets(realtime: Fetcher, config: Config, spaceId: string, userId: string) {
  const event: ServerEvent = { type: 'member.changed', change: 'left', userId, role: null };
  return sendRoomCommand(realtime, config, spaceRoomOf(spaceId), {
    action: 'close',
    tag: userTag(userId),
    event,
  });
}

export async function issueTicket(
  config: Config,
  user: { id: string; name: string },
  sessionId: string,
  address: RoomAddress,
) {
  const expiresAt = Date.now() + TICKET_TTL_MS;
  const ticket = await signTicket(config.realtimeSecret, {
    sub: user.id,
    sid: sessionId,
    name: user.name,
    party: address.party,
    room: address.room,
    exp: expiresAt,
  });
  return { ticket, expiresAt: new Date(expiresAt).toISOString() };
}

/** Whose realtime access ends: one session, every session of a user, or (in one space) a user or everyone outside a member set. */
export type RevocationTarget =
  | { kind: 'session'; userId: string; sessionId: string; reason: 'signed-out' | 'revoked' }
  | { kind: 'user'; userId: string; reason: 'blocked' | 'revoked' }
  | { kind: 'space-member'; spaceId: string; userId: string }
  | { kind: 'space-non-members'; spaceId: string; memberIds: string[] };

/**
 * The one entry point for withdrawing realtime access after the database says so. Awaited by the
 * route, so sockets are closed before the answer. (First version: user rooms and the one space
 * room; the realtime hardening extends it to every room the target holds a grant for.)
 */
export async function revokeRealtimeAccess(
  realtime: Fetcher,
  config: Config,
  _db: Database,
  target: RevocationTarget,
): Promise<void> {
  switch (target.kind) {
    case 'session':
      await endSessionSockets(realtime, config, target.userId, target.sessionId);
      return;
    case 'user':
      await endUserSockets(realtime, config, target.userId);
      return;
    case 'space-member':
      await closeSpaceSockets(realtime, config, target.spaceId, target.userId);
      return;
    case 'space-non-members':
      return;
  }
}
