// The posts rooms (`/parties/posts-room/{spaceId}`, docs/api.md) as the page listens to them: one
// socket per space however many parts of the page listen (a wall, a comments dialog, an event page of
// that space), opened with the first listener and closed with the last. Shared by every
// micro-frontend through this package (a module federation singleton). As in the chat, partysocket
// reconnects by itself and every (re)connect asks edge-api for a fresh single-use ticket; a ticket
// refused with 403 or 404 means the space is no longer readable, so the socket stops instead of
// knocking forever.
import {
  PARTIES,
  parseRoomFrame,
  reconnectsAfterClose,
  retryAfterPolicyClose,
  type ServerEvent,
} from '@community/realtime-protocol';
import PartySocket from 'partysocket';
import { isApiError } from './api-error.ts';
import { setSocketConnected } from './socket-status.ts';

export type PostsRoomListener<E extends ServerEvent = ServerEvent> = {
  /** Each event of the room (every kind: a listener keeps the ones it knows). */
  onEvent: (event: E) => void;
  /** Every open after the first one (a reconnect): what was missed must be fetched. */
  onReconnect?: () => void;
  onConnectedChange?: (connected: boolean) => void;
};

type Room = {
  connection: { close: () => void } | null;
  connected: boolean;
  opens: number;
  listeners: Set<PostsRoomListener>;
};

/** Opens a socket for a space; replaced in tests. */
export type RoomConnector = (
  spaceId: string,
  handlers: { onOpen: () => void; onClose: () => void; onEvent: (event: ServerEvent) => void },
) => { close: () => void };

/** Asks edge-api for a ticket to the space's posts room (the page's `api`, passed in to avoid a cycle). */
type TicketRequest = (spaceId: string) => Promise<string>;

function connectWithTicket(requestTicket: TicketRequest): RoomConnector {
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
          return { ticket: await requestTicket(spaceId) };
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

export function createPostsRooms(requestTicket: TicketRequest) {
  let connector: RoomConnector = connectWithTicket(requestTicket);
  const rooms = new Map<string, Room>();

  function updateSocketStatus() {
    setSocketConnected(
      'posts',
      [...rooms.values()].some((room) => room.connected),
    );
  }

  /** Listens to a space's posts room until the returned function is called. */
  function listenToPostsRoom(spaceId: string, listener: PostsRoomListener): () => void {
    let room = rooms.get(spaceId);
    if (!room) {
      const created: Room = { connection: null, connected: false, opens: 0, listeners: new Set() };
      rooms.set(spaceId, created);
      created.connection = connector(spaceId, {
        onOpen: () => {
          created.connected = true;
          created.opens += 1;
          updateSocketStatus();
          for (const each of created.listeners) {
            each.onConnectedChange?.(true);
            if (created.opens > 1) each.onReconnect?.();
          }
        },
        onClose: () => {
          if (!created.connected) return;
          created.connected = false;
          updateSocketStatus();
          for (const each of created.listeners) each.onConnectedChange?.(false);
        },
        onEvent: (event) => {
          for (const each of created.listeners) each.onEvent(event);
        },
      });
      room = created;
    }
    const current = room;
    current.listeners.add(listener);
    listener.onConnectedChange?.(current.connected);
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size > 0) return;
      rooms.delete(spaceId);
      current.connection?.close();
      if (current.connected) {
        current.connected = false;
        updateSocketStatus();
      }
    };
  }

  return {
    listenToPostsRoom,
    /** Whether the space's posts room is open now. */
    isPostsRoomConnected: (spaceId: string): boolean => rooms.get(spaceId)?.connected ?? false,
    /** Tests: open rooms through `fake` instead of real sockets. */
    setRoomConnector(fake: RoomConnector | null): void {
      connector = fake ?? connectWithTicket(requestTicket);
    },
  };
}
