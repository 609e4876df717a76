// A chat's realtime room: a space's (`/parties/space-room/{spaceId}`) or a conversation's
// (`/parties/conversation-room/{conversationId}`, docs/api.md), connected as the shell connects the
// user room: partysocket reconnects by itself and every (re)connect asks edge-api for a fresh
// 60-second ticket. A ticket refused with 403 or 404 means the user may no longer be here (kicked,
// blocked, or the space is gone): the socket stops for good instead of knocking forever.
import { api, isApiError, setSocketConnected } from '@community/api-client';
import {
  type ClientFrame,
  parseRoomFrame,
  reconnectsAfterClose,
  retryAfterPolicyClose,
  type ServerEvent,
} from '@community/realtime-protocol';
import PartySocket from 'partysocket';
import type { ChatRoomAddress } from './chat-channel.ts';

export type ChatRoomHandlers = {
  onOpen: () => void;
  onClose: () => void;
  onEvent: (event: ServerEvent) => void;
  onDenied: (status: number) => void;
};

export type ChatRoomConnection = { send: (frame: ClientFrame) => void; close: () => void };

/** Kept here for the chat's callers; the parser is the protocol's (shared with the posts rooms). */
export { parseRoomFrame };

async function requestTicket({ party, room }: ChatRoomAddress): Promise<string> {
  const { ticket } = await api.post<{ ticket: string; expiresAt: string }>('/api/realtime/ticket', {
    party,
    room,
  });
  return ticket;
}

export function connectChatRoom(address: ChatRoomAddress, handlers: ChatRoomHandlers): ChatRoomConnection {
  let closed = false;
  const socket: PartySocket = new PartySocket({
    host: location.host,
    protocol: location.protocol === 'https:' ? 'wss' : 'ws',
    party: address.party,
    room: address.room,
    query: async () => {
      // Closed during its wait before a (re)connect, partysocket still asks for the URL, then drops
      // the attempt: no ticket is spent on it (as for the posts rooms).
      if (closed) return {};
      try {
        return { ticket: await requestTicket(address) };
      } catch (error) {
        if (isApiError(error) && (error.status === 403 || error.status === 404)) {
          close();
          handlers.onDenied(error.status);
        }
        throw error;
      }
    },
    shouldReconnectOnClose: reconnectsAfterClose,
  });
  const stopRetrying = retryAfterPolicyClose(socket);

  function close() {
    if (closed) return;
    closed = true;
    stopRetrying();
    socket.close();
    setSocketConnected(address.socketType, false);
  }

  socket.addEventListener('open', () => {
    setSocketConnected(address.socketType, true);
    handlers.onOpen();
  });
  socket.addEventListener('close', () => {
    setSocketConnected(address.socketType, false);
    handlers.onClose();
  });
  socket.addEventListener('message', (event: MessageEvent) => {
    for (const parsed of parseRoomFrame(event.data)) handlers.onEvent(parsed);
  });

  return {
    send: (frame) => {
      if (!closed && socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    },
    close,
  };
}
