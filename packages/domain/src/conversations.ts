// Direct messages between two members (the `messages` feature): the same sending rules as space chat
// (SendMessageInput: content or attachments, a client-made idempotency key), plus read state.
import { z } from 'zod';
import type { ChatAttachment, MessageQuote } from './chat.ts';
import type { PublicUser, UserSummary } from './entities.ts';
import type { MentionedMember } from './mentions.ts';
import type { ReactionSummary } from './reactions.ts';

/** `POST /api/conversations`: opens (finds or creates) the conversation with this member. */
export const StartConversationInput = z.strictObject({
  // Lower case, as every id (issue 27: one pair, four conversations, from the id's case alone).
  userId: z.uuid({ error: 'User not found' }).transform((id) => id.toLowerCase()),
});
export type StartConversationInput = z.infer<typeof StartConversationInput>;

/** `PUT /api/conversations/{id}/read`: everything up to `seq` has been read. */
export const MarkReadInput = z.strictObject({ seq: z.number().int().min(0) });
export type MarkReadInput = z.infer<typeof MarkReadInput>;

export const MESSAGES_FEATURE_OFF = 'The messages feature is not enabled for your account.';
/** Ours: the other member is blocked, deleted, or does not have the messages feature. */
export const CANNOT_MESSAGE_MEMBER = 'You cannot send messages to this member.';
export const CANNOT_MESSAGE_YOURSELF = 'You cannot start a conversation with yourself.';
export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const NO_USERS_FOUND = 'No users found';

/** One direct message; like ChatMessage, with the conversation in place of the space. */
export type DirectMessage = {
  id: string;
  conversationId: string;
  seq: number;
  content: string;
  attachments: ChatAttachment[];
  author: UserSummary;
  createdAt: string;
  deleted: boolean;
  clientKey: string | null;
  /** The conversation's change counter at this message's latest edit or deletion (0: never changed). */
  rev: number;
  editedAt: string | null;
  replyTo: MessageQuote | null;
  /** The members its `<@id>` tokens name, with their names as of this read (mentions.ts). */
  mentions?: MentionedMember[];
  /** By first reaction; none on a deleted message. */
  reactions?: ReactionSummary[];
};

/** A page of direct messages in ascending seq (same paging as a space's MessagePage). */
export type DirectMessagePage = {
  items: DirectMessage[];
  /** Pass as `before` for the next older page; null when there is none. */
  olderCursor: number | null;
  /** The conversation's latest seq when the page was read. */
  lastSeq: number;
  lastRev: number;
};

/** The other participant as a conversation shows them (with presence: `lastOfflineAt` null = online). */
export type ConversationPartner = Pick<
  PublicUser,
  'id' | 'firstName' | 'lastName' | 'pseudo' | 'imageUrl' | 'lastOfflineAt'
>;

/** A conversation as the Messages list and the conversation page show it, from the caller's side. */
export type Conversation = {
  id: string;
  other: ConversationPartner;
  /** The newest message, deleted ones included (shown as deleted); null before the first. */
  lastMessage: DirectMessage | null;
  lastSeq: number;
  /** The caller's read position and the other participant's ("Seen"). */
  myLastReadSeq: number;
  otherLastReadSeq: number;
  /** Messages from the other participant after `myLastReadSeq`. */
  unreadCount: number;
  lastMessageAt: string | null;
};
