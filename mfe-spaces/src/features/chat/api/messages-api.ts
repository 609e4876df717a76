// Space chat calls of docs/api.md: pages of messages (newest, `before`, `after`, `around`), sending
// with an idempotency key, editing, deleting, and reacting.
import { api, SEND_OPTIONS, withQuery } from '@community/api-client';
import type { ChatMessage, EditMessageInput, MessagePage, SendMessageInput } from '@community/domain';

export type MessagePageQuery = {
  before?: number;
  after?: number;
  around?: number;
  changedAfter?: number;
  limit?: number;
};

const messagesPath = (spaceId: string) => `/api/spaces/${encodeURIComponent(spaceId)}/messages`;

export const fetchMessages = (spaceId: string, query: MessagePageQuery = {}, signal?: AbortSignal) =>
  api.get<MessagePage>(withQuery(messagesPath(spaceId), query), { signal });

/** 201 for a new message, 200 with the first one when `clientKey` was already used. */
export const postMessage = (spaceId: string, input: SendMessageInput) =>
  api.post<{ message: ChatMessage }>(messagesPath(spaceId), input, SEND_OPTIONS);

/** The author's new text; a retry with the same `clientKey` changes nothing. */
export const editMessage = (spaceId: string, messageId: string, input: EditMessageInput) =>
  api.patch<{ message: ChatMessage }>(
    `${messagesPath(spaceId)}/${encodeURIComponent(messageId)}`,
    input,
    SEND_OPTIONS,
  );

export const deleteMessage = (spaceId: string, messageId: string) =>
  api.delete<{ id: string; seq: number }>(`${messagesPath(spaceId)}/${encodeURIComponent(messageId)}`);

const reactionPath = (spaceId: string, messageId: string, emoji: string) =>
  `${messagesPath(spaceId)}/${encodeURIComponent(messageId)}/reactions/${encodeURIComponent(emoji)}`;

/** Adds (`add`) or removes the caller's reaction; idempotent; answers the message as the caller sees it. */
export const reactToMessage = (spaceId: string, messageId: string, emoji: string, add: boolean) =>
  add
    ? api.put<{ message: ChatMessage }>(reactionPath(spaceId, messageId, emoji))
    : api.delete<{ message: ChatMessage }>(reactionPath(spaceId, messageId, emoji));
