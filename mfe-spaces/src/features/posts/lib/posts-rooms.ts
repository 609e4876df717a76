// The posts rooms (`/parties/posts-room/{spaceId}`, docs/api.md) as this micro-frontend listens to
// them: one socket per space however many parts of the page listen (the wall, a comments dialog),
// opened with the first listener and closed with the last. As in the chat, partysocket reconnects by
// itself and every (re)connect asks edge-api for a fresh single-use ticket; a ticket refused with 403
// or 404 means the space is no longer readable, so the socket stops instead of knocking forever.
import { api, isApiError, setSocketConnected } from '@community/api-client';
import {
  PARTIES,
  reconnectsAfterClose,
  retryAfterPolicyClose,
  type ServerEvent,
} from '@community/realtime-protocol';
import PartySocket from 'partysocket';
import { parseRoomFrame } from '../../chat/lib/space-socket.ts';

export type PostsRoomEvent = Extract<ServerEvent, { type: `post.${string}` } | { type: `comment.${string}` }>;

export type PostsRoomListener = {
  onEvent: (event: PostsRoomEvent) => void;
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

const isPostsEvent = (event: ServerEvent): event is PostsRoomEvent =>
  event.type.startsWith('post.') || event.type.startsWith('comment.');

const connectWithTicket: RoomConnector = (spaceId, handlers) => {
  let closed = false;
  const socket = new PartySocket({
    host: location.host,
    protocol: location.protocol === 'https:' ? 'wss' : 'ws',
    party: PARTIES.postsRoom,
    room: spaceId,
    query: async () => {
      try {
        const { ticket } = await api.post<{ ticket: string }>('/api/realtime/ticket', {
          party: PARTIES.postsRoom,
          room: spaceId,
        });
        return { ticket };
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

let connector: RoomConnector = connectWithTicket;
const rooms = new Map<string, Room>();

/** Tests: open rooms through `fake` instead of real sockets. */
export function setRoomConnector(fake: RoomConnector | null): void {
  connector = fake ?? connectWithTicket;
}

function updateSocketStatus() {
  setSocketConnected(
    'posts',
    [...rooms.values()].some((room) => room.connected),
  );
}

/** Listens to a space's posts room until the returned function is called. */
export function listenToPostsRoom(spaceId: string, listener: PostsRoomListener): () => void {
  let room = rooms.get(spaceId);
  if (!room) {
    const created: Room = {
      connection: null,
      connected: false,
      opens: 0,
      listeners: new Set(),
    };
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
        if (!isPostsEvent(event)) return;
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

/** Whether the space's posts room is open now. */
export const isPostsRoomConnected = (spaceId: string): boolean => rooms.get(spaceId)?.connected ?? false;
