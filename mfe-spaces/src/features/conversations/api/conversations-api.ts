// Direct message calls (docs/api.md, "Conversations"): the member's conversations, opening one with a
// member, its messages (the same paging and clientKey idempotency as a space's), read state, and the
// conversation user search.
import { api, SEND_OPTIONS, withQuery } from '@community/api-client';
import type {
  Conversation,
  ConversationPartner,
  DirectMessage,
  DirectMessagePage,
  EditMessageInput,
  SendMessageInput,
} from '@community/domain';
import type { MessagePageQuery } from '../../chat/api/messages-api.ts';

const BASE = '/api/conversations';
const conversationPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export type ConversationListPage = { items: Conversation[]; nextCursor: string | null };

/** The member's conversations, most recent first. */
export const fetchConversations = (cursor?: string | null) =>
  api.get<ConversationListPage>(withQuery(BASE, { cursor: cursor ?? undefined }));

export const fetchConversation = (id: string) =>
  api.get<{ conversation: Conversation }>(conversationPath(id));

/** The conversation with this member, if any yet, and the member as a conversation shows them. */
export const fetchConversationWith = (userId: string) =>
  api.get<{ conversation: Conversation | null; other: ConversationPartner }>(
    `${BASE}/with/${encodeURIComponent(userId)}`,
  );

/** Finds or creates the conversation with this member (on the first message): safe to send again. */
export const startConversation = (userId: string) =>
  api.post<{ conversation: Conversation }>(BASE, { userId }, SEND_OPTIONS);

export const fetchDirectMessages = (conversationId: string, query: MessagePageQuery = {}) =>
  api.get<DirectMessagePage>(withQuery(`${conversationPath(conversationId)}/messages`, query));

/** 201 for a new message, 200 with the first one when `clientKey` was already used. */
export const postDirectMessage = (conversationId: string, input: SendMessageInput) =>
  api.post<{ message: DirectMessage }>(`${conversationPath(conversationId)}/messages`, input, SEND_OPTIONS);

export const editDirectMessage = (conversationId: string, messageId: string, input: EditMessageInput) =>
  api.patch<{ message: DirectMessage }>(
    `${conversationPath(conversationId)}/messages/${encodeURIComponent(messageId)}`,
    input,
    SEND_OPTIONS,
  );

export const deleteDirectMessage = (conversationId: string, messageId: string) =>
  api.delete<unknown>(`${conversationPath(conversationId)}/messages/${encodeURIComponent(messageId)}`);

/** Adds (`add`) or removes the caller's reaction; idempotent; answers the message as the caller sees it. */
export const reactToDirectMessage = (
  conversationId: string,
  messageId: string,
  emoji: string,
  add: boolean,
) => {
  const path = `${conversationPath(conversationId)}/messages/${encodeURIComponent(messageId)}/reactions/${encodeURIComponent(emoji)}`;
  return add ? api.put<{ message: DirectMessage }>(path) : api.delete<{ message: DirectMessage }>(path);
};

/** Everything up to `seq` has been read by the caller. */
export const markConversationRead = (conversationId: string, seq: number) =>
  api.put<unknown>(`${conversationPath(conversationId)}/read`, { seq });

/** Members the caller may message, by name (the conversation user search). */
export const searchConversationUsers = (searchName: string, signal?: AbortSignal) =>
  api.get<{ items: ConversationPartner[] }>(withQuery(`${BASE}/users`, { SearchName: searchName }), {
    signal,
  });
