// Binds a ChatStore to its channel's HTTP calls and room socket for as long as a page shows the chat
// (a space's, or a direct conversation's). Open stores are registered by channel key, so a dialog
// (deleteMessage) can update the page at once rather than wait for the room's echo.
import type { ChatMessage } from '@community/domain';
import { useEffect, useRef, useState } from 'react';
import { notifySpacesChanged } from '../../../lib/spaces-events.ts';
import {
  type ChatChannel,
  type ChatRoomAddress,
  registerOpenChat,
  spaceChannel,
  spaceOutbox,
} from './chat-channel.ts';
import { type ChatMessageLike, ChatStore } from './chat-store.ts';
import { type ChatRoomConnection, connectChatRoom } from './space-socket.ts';

/**
 * Keeps `store` connected to `address` (none while it is null) and registered under `key`. The
 * store starts and resyncs itself as the socket opens; `onConnection` hands out the live connection
 * (to close it when access is lost).
 */
export function useChatRoom<M extends ChatMessageLike>(
  store: ChatStore<M>,
  key: string | null,
  address: ChatRoomAddress | null,
  connection?: { current: ChatRoomConnection | null },
): void {
  const party = address?.party;
  const room = address?.room;
  const socketType = address?.socketType;
  useEffect(() => {
    store.revive();
    // No room yet (a conversation before its first message): the store still sends over HTTP, and
    // must not be disposed when the room appears under it with that first message in flight.
    if (!party || !room || !socketType || !key) return;
    const socket = connectChatRoom(
      { party, room, socketType },
      {
        onOpen: () => store.socketOpened(),
        onClose: () => store.socketClosed(),
        onEvent: (event) => store.handleEvent(event),
        onDenied: (status) => store.accessDenied(status),
      },
    );
    if (connection) connection.current = socket;
    store.attachSocket(socket.send);
    const unregister = registerOpenChat(key, store as unknown as ChatStore<ChatMessageLike>);
    return () => {
      socket.close();
      store.dispose();
      unregister();
    };
  }, [store, key, party, room, socketType, connection]);
}

export type UseChatOptions = {
  spaceId: string;
  userId: string;
  /** A message to open the chat at (`?searchCursor=`). */
  around: number | undefined;
  onMembersChanged: () => void;
};

/** A space's chat. */
export function useChat({
  spaceId,
  userId,
  around,
  onMembersChanged,
}: UseChatOptions): ChatStore<ChatMessage> {
  const connection = useRef<ChatRoomConnection | null>(null);
  const membersChanged = useRef(onMembersChanged);
  membersChanged.current = onMembersChanged;
  const [channel] = useState<ChatChannel<ChatMessage>>(() => spaceChannel(spaceId));
  const [store] = useState(
    () =>
      new ChatStore<ChatMessage>({
        me: { id: userId },
        api: channel,
        outbox: spaceOutbox(spaceId),
        onMembersChanged: () => membersChanged.current(),
        onRemoved: () => {
          connection.current?.close();
          // Kicked or the space is gone: the sidebar and the page header reload what they show.
          notifySpacesChanged({ spaceId });
        },
      }),
  );

  // The first page and the socket start together; the store resyncs once both are there.
  useChatRoom(store, channel.key, channel.address, connection);

  // The first page, or the found message; later changes of `?searchCursor=` jump within the chat.
  useEffect(() => {
    if (around === undefined) void store.start();
    else void store.jumpTo(around);
  }, [around, store]);

  return store;
}
