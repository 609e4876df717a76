// Every realtime room's socket (the user room, presence, a chat, a space's posts) is a partysocket
// that asks edge-api for a fresh single-use ticket before each (re)connect (docs/api.md, "Realtime"),
// reconnects by itself after a drop, and waits a minute after a policy close (retryAfterPolicyClose).
// This is that part, once. It holds no state of the API client's, so a micro-frontend can bundle it
// (`@community/api-client/ticketed-socket`) while the shell's index, which every page loads first,
// stays without partysocket.
import { reconnectsAfterClose, retryAfterPolicyClose } from '@community/realtime-protocol';
import PartySocket from 'partysocket';

export type TicketedSocketOptions = {
  party: string;
  room: string;
  /** A fresh ticket for this room; asked before every connect. */
  requestTicket: () => Promise<string>;
  /**
   * Whether a refused ticket means this member may no longer be here (a kicked member, a space gone):
   * then the socket is closed for good instead of knocking forever. Asked with what requestTicket threw.
   */
  stopsOn?: (error: unknown) => boolean;
  /** Called once when the socket is closed for good: by `close()` or by a ticket `stopsOn` refused. */
  onClosed?: () => void;
};

export type TicketedSocket = {
  socket: PartySocket;
  /** Closes the socket for good; a retry pending or a connect waiting for its ticket is dropped. */
  close: () => void;
};

export function openTicketedSocket(options: TicketedSocketOptions): TicketedSocket {
  let closed = false;
  const socket = new PartySocket({
    host: location.host,
    protocol: location.protocol === 'https:' ? 'wss' : 'ws',
    party: options.party,
    room: options.room,
    query: async () => {
      // Closed during its wait before a (re)connect, partysocket still asks for the URL, then drops
      // the attempt: no ticket is spent on it.
      if (closed) return {};
      try {
        return { ticket: await options.requestTicket() };
      } catch (error) {
        if (options.stopsOn?.(error)) close();
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
    options.onClosed?.();
  }
  return { socket, close };
}
