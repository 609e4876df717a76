// A chat channel: what differs between a space's chat and a direct conversation, so that one ChatStore,
// one socket helper and one set of components serve both (ADR 13). A channel is the HTTP calls (pages,
// send), the room to listen to, and how that room's events map onto the store's. (Deleting goes
// through the deleteMessage dialog, which knows both kinds.)
import { outbox, type SocketType } from '@community/api-client';
import type { ChatMessage, SendMessageInput } from '@community/domain';
import { PARTIES, type PartyName, type ServerEvent } from '@community/realtime-protocol';
import { editMessage, fetchMessages, postMessage, reactToMessage } from '../api/messages-api.ts';
import type { ChatApi, ChatEvent, ChatMessageLike, ChatStore, EditPayload } from './chat-store.ts';

/** The realtime room of a channel (`/parties/{party}/{room}`) and the socket kind it counts as. */
export type ChatRoomAddress = { party: PartyName; room: string; socketType: SocketType };

export type ChatChannel<M extends ChatMessageLike> = ChatApi<M> & {
  /** Names the channel in the registry of open chats (`space:<id>`, `conversation:<id>`). */
  key: string;
  /** Null while there is no room yet (a conversation before its first message). */
  address: ChatRoomAddress | null;
};

/** The space room's events in the store's terms. */
export function spaceChatEvent(event: ServerEvent): ChatEvent<ChatMessage> | null {
  switch (event.type) {
    case 'message.created':
      return { type: 'created', message: event.message };
    case 'message.updated':
      return { type: 'updated', message: event.message };
    case 'message.deleted':
      return { type: 'deleted', id: event.id };
    case 'member.changed':
      return { type: 'members', userId: event.userId, change: event.change };
    case 'typing':
    case 'presence':
      return event;
    default:
      return null;
  }
}

// A space chat's unsent messages go out from the outbox even when their chat is not open (after a
// reload elsewhere, when the API is back); an open chat sends its own through its store.
outbox.registerSender('chat', (item) => postMessage(item.target, item.payload as SendMessageInput));
outbox.registerSender('chat-edit', (item) => {
  const { messageId, ...input } = item.payload as EditPayload;
  return editMessage(item.target, messageId, input);
});

/** A space chat's place in the page's outbox. */
export const spaceOutbox = (spaceId: string) => ({ outbox, kind: 'chat' as const, target: spaceId });

export const spaceChannelKey = (spaceId: string) => `space:${spaceId}`;

export function spaceChannel(spaceId: string): ChatChannel<ChatMessage> {
  return {
    key: spaceChannelKey(spaceId),
    address: { party: PARTIES.spaceRoom, room: spaceId, socketType: 'spaces' },
    fetchMessages: (query) => fetchMessages(spaceId, query),
    postMessage: (input) => postMessage(spaceId, input),
    editMessage: (messageId, input) => editMessage(spaceId, messageId, input),
    editOutbox: () => ({ kind: 'chat-edit', target: spaceId }),
    react: (messageId, emoji, add) => reactToMessage(spaceId, messageId, emoji, add),
    toChatEvent: spaceChatEvent,
  };
}

// Open chats by channel key, so a dialog (deleteMessage) can update the page at once rather than wait
// for the room's echo.
const openStores = new Map<string, ChatStore<ChatMessageLike>>();

/** The open chat of a channel, if a page is showing it. */
export const openChatOf = (key: string): ChatStore<ChatMessageLike> | undefined => openStores.get(key);

export function registerOpenChat(key: string, store: ChatStore<ChatMessageLike>): () => void {
  openStores.set(key, store);
  return () => {
    if (openStores.get(key) === store) openStores.delete(key);
  };
}
