// The posts rooms (`/parties/posts-room/{spaceId}`, docs/api.md) as the page listens to them: one
// socket per space however many parts of the page listen (a wall, a comments dialog, an event page of
// that space), opened with the first listener and closed with the last. Shared by every
// micro-frontend through this package (a module federation singleton). As in the chat, partysocket
// reconnects by itself and every (re)connect asks edge-api for a fresh single-use ticket; a ticket
// refused with 403 or 404 means the space is no longer readable, so the socket stops instead of
// knocking forever.
// The socket itself (partysocket, and the protocol's zod schemas that check each frame) is in
// posts-room-socket.ts, loaded with the first room a page opens: every page's first script carries
// this package, and most first screens open no posts room (the sign-in page never does).
import type { ServerEvent } from '@community/realtime-protocol';
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

/**
 * Asks edge-api for a ticket to a room (the page's `api`, passed in to avoid a cycle; the party's
 * name comes from the protocol, which is loaded with the socket).
 */
export type TicketRequest = (party: string, room: string) => Promise<string>;

/** Connects through the real socket once its module has loaded; a close before that opens nothing. */
function connectWhenLoaded(requestTicket: TicketRequest): RoomConnector {
  return (spaceId, handlers) => {
    let connection: { close: () => void } | null = null;
    let closed = false;
    import('./posts-room-socket.ts').then(
      ({ connectWithTicket }) => {
        if (!closed) connection = connectWithTicket(requestTicket)(spaceId, handlers);
      },
      (error: unknown) => console.error('[api-client] posts room', error),
    );
    return {
      close() {
        if (closed) return;
        closed = true;
        if (connection) connection.close();
        else handlers.onClose();
      },
    };
  };
}

export function createPostsRooms(requestTicket: TicketRequest) {
  let connector: RoomConnector = connectWhenLoaded(requestTicket);
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
      connector = fake ?? connectWhenLoaded(requestTicket);
    },
  };
}
