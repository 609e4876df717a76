// The community's presence room (`/parties/presence-room/community`, ADR 13): every signed-in tab
// listens to it for the online dots. It sends the online set on each (re)connect, which replaces ours
// (changes missed while disconnected are then irrelevant), and one `presence.changed` per change.
import {
  applyPresenceChange,
  applyPresenceSnapshot,
  requestRealtimeTicket,
  setSocketConnected,
} from '@community/api-client';
import { openTicketedSocket } from '@community/api-client/ticketed-socket';
import { PARTIES, PRESENCE_ROOM } from '@community/realtime-protocol';
import { parseUserRoomFrame, reconnectWhenApiBack } from '../realtime/user-room.ts';

/** Acts on one frame from the presence room; anything else is ignored. */
export function handlePresenceFrame(data: unknown): void {
  const event = parseUserRoomFrame(data);
  if (event?.type === 'presence.snapshot') applyPresenceSnapshot(event.online);
  else if (event?.type === 'presence.changed') applyPresenceChange(event.userId, event.lastOfflineAt);
}

/** Opens the presence socket; returns the function that closes it for good. */
export function connectPresenceRoom(): () => void {
  const { socket, close } = openTicketedSocket({
    party: PARTIES.presenceRoom,
    room: PRESENCE_ROOM,
    requestTicket: () => requestRealtimeTicket(PARTIES.presenceRoom, PRESENCE_ROOM),
    onClosed: () => {
      stopNudging();
      setSocketConnected('users', false);
    },
  });
  socket.addEventListener('open', () => setSocketConnected('users', true));
  socket.addEventListener('close', () => setSocketConnected('users', false));
  socket.addEventListener('message', (event: MessageEvent) => handlePresenceFrame(event.data));
  // Declared after the socket it nudges; used only once the socket is closed for good.
  const stopNudging = reconnectWhenApiBack(socket);
  return close;
}
