// The community's presence room (`/parties/presence-room/community`, ADR 13): every signed-in tab
// listens to it for the online dots. It sends the online set on each (re)connect, which replaces ours
// (changes missed while disconnected are then irrelevant), and one `presence.changed` per change.
import { applyPresenceChange, applyPresenceSnapshot, setSocketConnected } from '@community/api-client';
import {
  PARTIES,
  PRESENCE_ROOM,
  reconnectsAfterClose,
  retryAfterPolicyClose,
} from '@community/realtime-protocol';
import PartySocket from 'partysocket';
import { parseUserRoomFrame, reconnectWhenApiBack, requestTicket } from '../realtime/user-room.ts';

/** Acts on one frame from the presence room; anything else is ignored. */
export function handlePresenceFrame(data: unknown): void {
  const event = parseUserRoomFrame(data);
  if (event?.type === 'presence.snapshot') applyPresenceSnapshot(event.online);
  else if (event?.type === 'presence.changed') applyPresenceChange(event.userId, event.lastOfflineAt);
}

/** Opens the presence socket; returns the function that closes it for good. */
export function connectPresenceRoom(): () => void {
  let closed = false;
  const socket = new PartySocket({
    host: location.host,
    protocol: location.protocol === 'https:' ? 'wss' : 'ws',
    party: PARTIES.presenceRoom,
    room: PRESENCE_ROOM,
    // No ticket for an attempt partysocket makes after the close (as for the user room).
    query: async () => (closed ? {} : { ticket: await requestTicket(PARTIES.presenceRoom, PRESENCE_ROOM) }),
    shouldReconnectOnClose: reconnectsAfterClose,
  });
  const stopRetrying = retryAfterPolicyClose(socket);
  socket.addEventListener('open', () => setSocketConnected('users', true));
  socket.addEventListener('close', () => setSocketConnected('users', false));
  socket.addEventListener('message', (event: MessageEvent) => handlePresenceFrame(event.data));
  const stopNudging = reconnectWhenApiBack(socket);
  return () => {
    closed = true;
    stopNudging();
    stopRetrying();
    socket.close();
    setSocketConnected('users', false);
  };
}
