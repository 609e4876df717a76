// The conversation page's chat: one ChatStore over the conversation channel, its room once the
// conversation exists, read positions seeded from the API, and marking read while the page is seen.
import type { Conversation, DirectMessage } from '@community/domain';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ChatStore } from '../../chat/lib/chat-store.ts';
import { useChatRoom } from '../../chat/lib/use-chat.ts';
import { useTabSeen } from '../../chat/lib/use-tab-seen.ts';
import { markConversationRead } from '../api/conversations-api.ts';
import { conversationChannel, conversationOutbox, registerOpenConversation } from './conversation-channel.ts';

export type UseConversationChatOptions = {
  me: { id: string };
  otherUserId: string;
  /** The conversation as the page found it; null when they have never written to each other. */
  initial: Conversation | null;
  /** A message to open the conversation at (`?searchCursor=`, "Go to message" from a profile). */
  around?: number | undefined;
};

export type ConversationChat = {
  store: ChatStore<DirectMessage>;
  conversationId: string | null;
};

export function useConversationChat({
  me,
  otherUserId,
  initial,
  around,
}: UseConversationChatOptions): ConversationChat {
  const [conversationId, setConversationId] = useState<string | null>(initial?.id ?? null);
  const idRef = useRef(conversationId);
  idRef.current = conversationId;
  const [channel] = useState(() =>
    conversationChannel({
      otherUserId,
      getConversationId: () => idRef.current,
      onStarted: (conversation) => {
        idRef.current = conversation.id;
        setConversationId(conversation.id);
      },
    }),
  );
  const [store] = useState(() => {
    const created = new ChatStore<DirectMessage>({
      me,
      api: channel,
      outbox: conversationOutbox(otherUserId),
    });
    if (initial) {
      created.applyRead(me.id, initial.myLastReadSeq);
      created.applyRead(otherUserId, initial.otherLastReadSeq);
    }
    return created;
  });

  useChatRoom(store, channel.key, channel.address);
  // Unsent messages to this member go out through this page while it is open (its first opens the room).
  useEffect(
    () =>
      registerOpenConversation(otherUserId, {
        send: (input) => channel.postMessage(input),
        started: (conversation) => {
          if (idRef.current) return;
          idRef.current = conversation.id;
          setConversationId(conversation.id);
        },
      }),
    [otherUserId, channel],
  );
  // As in a space's chat: the newest page, or the found message; a later `?searchCursor=` jumps.
  useEffect(() => {
    if (around === undefined) void store.start();
    else void store.jumpTo(around);
  }, [around, store]);
  useMarkRead(store, conversationId, me.id);

  return { store, conversationId };
}

/**
 * Tells the server what the user has read: the newest message shown, whenever it is past the stored
 * position and the tab is being looked at. The stored position is also the store's, so "read" is
 * one request per new message seen, not per render.
 */
function useMarkRead(store: ChatStore<DirectMessage>, conversationId: string | null, myId: string) {
  const { messages, readSeqs } = useSnapshot(store.state);
  const seen = useTabSeen();
  const newest = messages.at(-1)?.seq ?? 0;
  const myRead = readSeqs[myId] ?? 0;
  const sent = useRef(0);
  useEffect(() => {
    if (!conversationId || !seen || newest <= myRead || newest <= sent.current) return;
    sent.current = newest;
    markConversationRead(conversationId, newest).then(
      () => store.applyRead(myId, newest),
      (error: unknown) => {
        // Next message or focus tries again.
        sent.current = 0;
        console.error('[conversation] mark read', error);
      },
    );
  }, [conversationId, seen, newest, myRead, store, myId]);
}
