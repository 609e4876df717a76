// Binds a ChatStore to its space's HTTP calls and room socket for as long as the page shows the space.
// Open stores are registered by space, so a dialog (deleteMessage) can update the page at once
// rather than wait for the room's echo.
import { useEffect, useRef, useState } from 'react';
import { notifySpacesChanged } from '../../../lib/spaces-events.ts';
import { fetchMessages, postMessage } from '../api/messages-api.ts';
import { ChatStore } from './chat-store.ts';
import { connectSpaceRoom, type SpaceRoomConnection } from './space-socket.ts';

const openStores = new Map<string, ChatStore>();

/** The open chat of a space, if its page is showing. */
export const openChatOf = (spaceId: string): ChatStore | undefined => openStores.get(spaceId);

export type UseChatOptions = {
  spaceId: string;
  userId: string;
  /** A message to open the chat at (`?searchCursor=`). */
  around: number | undefined;
  onMembersChanged: () => void;
};

export function useChat({ spaceId, userId, around, onMembersChanged }: UseChatOptions): ChatStore {
  const connection = useRef<SpaceRoomConnection | null>(null);
  const membersChanged = useRef(onMembersChanged);
  membersChanged.current = onMembersChanged;
  const [store] = useState(
    () =>
      new ChatStore({
        me: { id: userId },
        api: {
          fetchMessages: (query) => fetchMessages(spaceId, query),
          postMessage: (input) => postMessage(spaceId, input),
        },
        onMembersChanged: () => membersChanged.current(),
        onRemoved: () => {
          connection.current?.close();
          // Kicked or the space is gone: the sidebar and the page header reload what they show.
          notifySpacesChanged({ spaceId });
        },
      }),
  );

  // The first page and the socket start together; the store resyncs once both are there.
  useEffect(() => {
    store.revive();
    const room = connectSpaceRoom(spaceId, {
      onOpen: () => store.socketOpened(),
      onClose: () => store.socketClosed(),
      onEvent: (event) => store.handleEvent(event),
      onDenied: (status) => store.accessDenied(status),
    });
    connection.current = room;
    store.attachSocket(room.send);
    openStores.set(spaceId, store);
    return () => {
      room.close();
      store.dispose();
      if (openStores.get(spaceId) === store) openStores.delete(spaceId);
    };
  }, [spaceId, store]);

  // The first page, or the found message; later changes of `?searchCursor=` jump within the chat.
  useEffect(() => {
    if (around === undefined) void store.start();
    else void store.jumpTo(around);
  }, [around, store]);

  return store;
}
