// A posts room's real socket (posts-rooms.ts keeps the rooms and loads this module with the first
// one): a ticketed socket (ticketed-socket.ts) that stops when the space is no longer readable.
import { PARTIES, parseRoomFrame } from '@community/realtime-protocol';
import { isNoLongerAdmitted } from './api-error.ts';
import type { RoomConnector, TicketRequest } from './posts-rooms.ts';
import { openTicketedSocket } from './ticketed-socket.ts';

export function connectWithTicket(requestTicket: TicketRequest): RoomConnector {
  return (spaceId, handlers) => {
    const { socket, close } = openTicketedSocket({
      party: PARTIES.postsRoom,
      room: spaceId,
      requestTicket: () => requestTicket(PARTIES.postsRoom, spaceId),
      stopsOn: isNoLongerAdmitted,
      onClosed: handlers.onClose,
    });
    socket.addEventListener('open', handlers.onOpen);
    socket.addEventListener('close', () => handlers.onClose());
    socket.addEventListener('message', (message: MessageEvent) => {
      for (const event of parseRoomFrame(message.data)) handlers.onEvent(event);
    });
    return { close };
  };
}
