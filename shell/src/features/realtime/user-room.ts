// The signed-in user's own realtime room (`/parties/user-room/{userId}`, docs/api.md): live
// notifications, direct-message events, the member's changed feature switches and the "your session
// ended" signal. partysocket reconnects
// by itself; every (re)connect asks edge-api for a fresh 60-second ticket. The socket's being open is
// also what makes the member online (the room reports the first tab and the last one, ADR 13).
import {
  emitUserRoomEvent,
  onApiBack,
  requestRealtimeTicket,
  setSocketConnected,
} from '@community/api-client';
import { openTicketedSocket } from '@community/api-client/ticketed-socket';
import { PARTIES, ServerEvent } from '@community/realtime-protocol';
import type PartySocket from 'partysocket';
import { isAboutSpaceChat } from '../notifications/notifications-store.ts';
import '../../zod-without-eval.ts';

type NotificationEvent = Extract<ServerEvent, { type: 'notification' }>;

export type UserRoomHandlers = {
  /** A toast for 3000 ms (spec section 9). */
  onToast: (title: string) => void;
  /**
   * A notification arrived; `seen` when the member is already looking at what it is about (the space
   * it came from): it gets no toast and is marked read at once.
   */
  onNotification: (event: NotificationEvent, seen: boolean) => void;
  onSessionEnded: () => void;
  /**
   * An admin changed the member's feature switches (`features.changed`): the session takes the new
   * ones, so the navigation and the micro-frontends drop or show entries at once.
   */
  onFeaturesChanged: (features: { feature: string; enabled: boolean }[]) => void;
  /** The socket connected again after a drop: events sent meanwhile were missed. */
  onReconnected?: () => void;
};

/** Who is signed in and where they are, read when a frame arrives. */
export type UserRoomContext = { userId: string; path: () => string };

/** The space page a path shows, if any (`/spaces/{spaceId}`). */
export function spaceIdOfPath(path: string): string | null {
  const match = /^\/spaces\/([^/?#]+)\/?$/.exec(path);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The toast for a direct message from someone else (ours: the spec names no text). */
export function directMessageToast(author: { firstName: string; lastName: string }): string {
  return `New message from ${author.firstName} ${author.lastName}`;
}

/** Parses one frame; anything that is not a known event is null. */
export function parseUserRoomFrame(data: unknown): ServerEvent | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const event = ServerEvent.safeParse(json);
  return event.success ? event.data : null;
}

/**
 * Acts on one frame from the room: every checked event goes to the micro-frontends (the Messages
 * list hears dm.* there); notifications and messages from others become toasts unless the member is
 * looking at where they come from.
 */
export function handleUserRoomFrame(
  data: unknown,
  handlers: UserRoomHandlers,
  context: UserRoomContext,
): void {
  const event = parseUserRoomFrame(data);
  if (!event) return;
  emitUserRoomEvent(event);
  const path = context.path();
  if (event.type === 'notification') {
    const { type, payload, title } = event.notification;
    const seen = isAboutSpaceChat(event.notification) && spaceIdOfPath(path) === payload.spaceId;
    handlers.onNotification(event, seen);
    // A mention in a direct message comes with the message itself, whose own toast says who wrote:
    // one toast, not two (the bell still lists the mention).
    const toldByMessage = type === 'MENTION' && payload.conversationId !== undefined;
    if (!seen && !toldByMessage) handlers.onToast(title);
  } else if (event.type === 'dm.created') {
    const { author } = event.message;
    const open = path === `/community/conversations/${encodeURIComponent(author.id)}`;
    if (author.id !== context.userId && !open) handlers.onToast(directMessageToast(author));
  } else if (event.type === 'session.ended') {
    handlers.onSessionEnded();
  } else if (event.type === 'features.changed') {
    handlers.onFeaturesChanged(event.features);
  }
}

/**
 * While the API was away every ticket request failed and partysocket's own backoff may have grown to
 * many seconds: when the API is back, a socket that is not open tries again at once (its ticket
 * request is what needed the API). Returns the unsubscribe.
 */
export function reconnectWhenApiBack(socket: Pick<PartySocket, 'readyState' | 'reconnect'>): () => void {
  return onApiBack(() => {
    if (socket.readyState !== WebSocket.OPEN) socket.reconnect();
  });
}

/** Opens the room's socket; returns the function that closes it for good. */
export function connectUserRoom(userId: string, handlers: UserRoomHandlers, path: () => string): () => void {
  const { socket, close } = openTicketedSocket({
    party: PARTIES.userRoom,
    room: userId,
    requestTicket: () => requestRealtimeTicket(PARTIES.userRoom, userId),
    onClosed: () => {
      stopNudging();
      setSocketConnected('notifications', false);
    },
  });
  // Declared after the socket it nudges; used only once the socket is closed for good.
  const stopNudging = reconnectWhenApiBack(socket);
  let opened = false;
  socket.addEventListener('open', () => {
    setSocketConnected('notifications', true);
    if (opened) handlers.onReconnected?.();
    opened = true;
  });
  socket.addEventListener('close', () => setSocketConnected('notifications', false));
  socket.addEventListener('message', (event: MessageEvent) =>
    handleUserRoomFrame(
      event.data,
      {
        ...handlers,
        onSessionEnded: () => {
          // The server closes the socket too; do not reconnect with a session that no longer exists.
          close();
          handlers.onSessionEnded();
        },
      },
      { userId, path },
    ),
  );
  return close;
}
