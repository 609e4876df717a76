// The signed-in user's own realtime room (`/parties/user-room/{userId}`, docs/api.md): live
// notification toasts and the "your session ended" signal. partysocket reconnects by itself; every
// (re)connect asks edge-api for a fresh 60-second ticket.
import { api, setSocketConnected } from '@community/api-client';
import { PARTIES, ServerEvent } from '@community/realtime-protocol';
import PartySocket from 'partysocket';

export type UserRoomHandlers = {
  onNotification: (title: string) => void;
  onSessionEnded: () => void;
};

/** Acts on one frame from the room; anything that is not a known event is ignored. */
export function handleUserRoomFrame(data: unknown, handlers: UserRoomHandlers): void {
  if (typeof data !== 'string') return;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return;
  }
  const event = ServerEvent.safeParse(json);
  if (!event.success) return;
  if (event.data.type === 'notification') handlers.onNotification(event.data.notification.title);
  else if (event.data.type === 'session.ended') handlers.onSessionEnded();
}

export async function requestTicket(party: string, room: string): Promise<string> {
  const { ticket } = await api.post<{ ticket: string; expiresAt: string }>('/api/realtime/ticket', {
    party,
    room,
  });
  return ticket;
}

/** Opens the room's socket; returns the function that closes it for good. */
export function connectUserRoom(userId: string, handlers: UserRoomHandlers): () => void {
  const socket = new PartySocket({
    host: location.host,
    protocol: location.protocol === 'https:' ? 'wss' : 'ws',
    party: PARTIES.userRoom,
    room: userId,
    query: async () => ({ ticket: await requestTicket(PARTIES.userRoom, userId) }),
  });
  const close = () => {
    socket.close();
    setSocketConnected('notifications', false);
  };
  socket.addEventListener('open', () => setSocketConnected('notifications', true));
  socket.addEventListener('close', () => setSocketConnected('notifications', false));
  socket.addEventListener('message', (event: MessageEvent) =>
    handleUserRoomFrame(event.data, {
      onNotification: handlers.onNotification,
      onSessionEnded: () => {
        // The server closes the socket too; do not reconnect with a session that no longer exists.
        close();
        handlers.onSessionEnded();
      },
    }),
  );
  return close;
}
