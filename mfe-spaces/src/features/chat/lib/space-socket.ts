// A chat's realtime room: a space's (`/parties/space-room/{spaceId}`) or a conversation's
// (`/parties/conversation-room/{conversationId}`, docs/api.md), connected as the shell connects the
// user room: partysocket reconnects by itself and every (re)connect asks edge-api for a fresh
// 60-second ticket. A ticket refused with 403 or 404 means the user may no longer be here (kicked,
// blocked, or the space is gone): the socket stops for good instead of knocking forever.
import { isNoLongerAdmitted, requestRealtimeTicket, setSocketConnected } from '@community/api-client';
import { openTicketedSocket } from '@community/api-client/ticketed-socket';
import { type ClientFrame, parseRoomFrame, type ServerEvent } from '@community/realtime-protocol';
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

export function connectChatRoom(address: ChatRoomAddress, handlers: ChatRoomHandlers): ChatRoomConnection {
  const { socket, close } = openTicketedSocket({
    party: address.party,
    room: address.room,
    requestTicket: () => requestRealtimeTicket(address.party, address.room),
    stopsOn: (error) => {
      if (!isNoLongerAdmitted(error)) return false;
      handlers.onDenied(error.status);
      return true;
    },
    onClosed: () => setSocketConnected(address.socketType, false),
  });
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
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    },
    close,
  };
}
