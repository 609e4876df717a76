// A direct conversation as a chat channel (see chat/lib/chat-channel.ts): its messages through
// /api/conversations/{id}/messages, its room `conversation-room/{id}`, and the room's dm.* events in
// the ChatStore's terms. Before the first message there is no conversation yet: pages are empty and
// the first send opens it (POST /api/conversations) before posting.
import { outbox } from '@community/api-client';
import type { Conversation, DirectMessage, SendMessageInput } from '@community/domain';
import { PARTIES, type ServerEvent } from '@community/realtime-protocol';
import type { ChatChannel } from '../../chat/lib/chat-channel.ts';
import type { ChatEvent, EditPayload } from '../../chat/lib/chat-store.ts';
import {
  editDirectMessage,
  fetchDirectMessages,
  postDirectMessage,
  reactToDirectMessage,
  startConversation,
} from '../api/conversations-api.ts';

/** Conversation pages on screen, by the other member's id: how they send, and learn their conversation. */
type OpenConversation = {
  send: (input: SendMessageInput) => Promise<{ message: DirectMessage }>;
  started: (conversation: Conversation) => void;
};
const openConversations = new Map<string, OpenConversation>();

/** While a conversation page is on screen, the outbox sends its items through it. */
export function registerOpenConversation(otherUserId: string, open: OpenConversation): () => void {
  openConversations.set(otherUserId, open);
  return () => {
    if (openConversations.get(otherUserId) === open) openConversations.delete(otherUserId);
  };
}

// A direct message's item names the other member (the conversation may not exist yet). Sent from the
// outbox (after a reload, when the API is back), it goes through the open page if there is one, else
// finds or opens the conversation first, as the page would, and tells a page that opened meanwhile
// which conversation it now has (so its room connects).
outbox.registerSender('dm', async (item) => {
  const input = item.payload as SendMessageInput;
  const open = openConversations.get(item.target);
  if (open) return open.send(input);
  const { conversation } = await startConversation(item.target);
  openConversations.get(item.target)?.started(conversation);
  return postDirectMessage(conversation.id, input);
});

// An edit names its conversation (it exists: the message is in it).
outbox.registerSender('dm-edit', (item) => {
  const { messageId, ...input } = item.payload as EditPayload;
  return editDirectMessage(item.target, messageId, input);
});

/** A conversation's place in the page's outbox: the other member's id. */
export const conversationOutbox = (otherUserId: string) => ({
  outbox,
  kind: 'dm' as const,
  target: otherUserId,
});

export const conversationChannelKey = (conversationId: string) => `conversation:${conversationId}`;

/** A conversation room's (or user room's) events about this conversation, in the store's terms. */
export function conversationChatEvent(
  conversationId: string,
  event: ServerEvent,
): ChatEvent<DirectMessage> | null {
  switch (event.type) {
    case 'dm.created':
      return event.message.conversationId === conversationId
        ? { type: 'created', message: event.message }
        : null;
    case 'dm.updated':
      return event.message.conversationId === conversationId
        ? { type: 'updated', message: event.message }
        : null;
    case 'dm.deleted':
      return event.conversationId === conversationId ? { type: 'deleted', id: event.id } : null;
    case 'dm.read':
      return event.conversationId === conversationId
        ? { type: 'read', userId: event.userId, seq: event.seq }
        : null;
    // The conversation room's own signals: who is typing, who has it open.
    case 'typing':
    case 'presence':
      return event;
    default:
      return null;
  }
}

export type ConversationChannelOptions = {
  /** The member on the other side. */
  otherUserId: string;
  /** The conversation, once there is one. */
  getConversationId: () => string | null;
  /** The first send opened the conversation. */
  onStarted: (conversation: Conversation) => void;
};

/** The channel of the conversation with one member, whether or not it exists yet. */
export function conversationChannel({
  otherUserId,
  getConversationId,
  onStarted,
}: ConversationChannelOptions): ChatChannel<DirectMessage> {
  let starting: Promise<string> | null = null;
  // One POST /api/conversations however many first messages go out at once (it finds or creates).
  const ensureConversation = async () => {
    const known = getConversationId();
    if (known) return known;
    starting ??= startConversation(otherUserId).then(
      ({ conversation }) => {
        if (!getConversationId()) onStarted(conversation);
        return conversation.id;
      },
      (error: unknown) => {
        starting = null;
        throw error;
      },
    );
    return starting;
  };
  return {
    // Read on every render: the room appears with the first message.
    get key() {
      const id = getConversationId();
      return id ? conversationChannelKey(id) : `conversation-with:${otherUserId}`;
    },
    get address() {
      const id = getConversationId();
      return id ? { party: PARTIES.conversationRoom, room: id, socketType: 'conversations' as const } : null;
    },
    fetchMessages: async (query) => {
      const conversationId = getConversationId();
      if (!conversationId) return { items: [], olderCursor: null, lastSeq: 0, lastRev: 0 };
      return fetchDirectMessages(conversationId, query);
    },
    postMessage: async (input) => postDirectMessage(await ensureConversation(), input),
    editMessage: (messageId, input) => editDirectMessage(getConversationId() ?? '', messageId, input),
    editOutbox: (message) => ({ kind: 'dm-edit', target: message.conversationId }),
    // Only a message already sent can be reacted to, so the conversation exists.
    react: async (messageId, emoji, add) => {
      const conversationId = getConversationId();
      if (!conversationId) throw new Error('No conversation yet');
      return reactToDirectMessage(conversationId, messageId, emoji, add);
    },
    toChatEvent: (event) => {
      const conversationId = getConversationId();
      return conversationId ? conversationChatEvent(conversationId, event) : null;
    },
  };
}
