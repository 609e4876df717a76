// A posts room's real socket (posts-rooms.ts keeps the rooms and loads this module with the first
// one). As in the chat, partysocket reconnects by itself and every (re)connect asks edge-api for a
// fresh single-use ticket; a ticket refused with 403 or 404 means the space is no longer readable, so
// the socket stops instead of knocking forever.
import {
  PARTIES,
  parseRoomFrame,
  reconnectsAfterClose,
  retryAfterPolicyClose,
} from '@community/realtime-protocol';
import PartySocket from 'partysocket';
import { isApiError } from './api-error.ts';
import type { RoomConnector, TicketRequest } from './posts-rooms.ts';

export function connectWithTicket(requestTicket: TicketRequest): RoomConnector {
  return (spaceId, handlers) => {
    let closed = false;
    const socket = new PartySocket({
      host: location.host,
      protocol: location.protocol === 'https:' ? 'wss' : 'ws',
      party: PARTIES.postsRoom,
      room: spaceId,
      query: async () => {
        // Closed during its wait before a (re)connect, partysocket still asks for the URL, then drops
        // the attempt: no ticket is spent on it.
        if (closed) return {};
        try {
          return { ticket: await requestTicket(PARTIES.postsRoom, spaceId) };
        } catch (error) {
          if (isApiError(error) && (error.status === 403 || error.status === 404)) close();
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
      handlers.onClose();
    }
    socket.addEventListener('open', handlers.onOpen);
    socket.addEventListener('close', () => handlers.onClose());
    socket.addEventListener('message', (message: MessageEvent) => {
      for (const event of parseRoomFrame(message.data)) handlers.onEvent(event);
    });
    return { close };
  };
}
