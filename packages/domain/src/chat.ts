// Space chat: sending a message (with a client-made idempotency key), reading pages, resyncing
// after a reconnect and searching. Messages are plain text; attachments are uploaded files.
import { z } from 'zod';
import type { UserSummary } from './entities.ts';
import { list, longText, text } from './fields.ts';
import { ATTACHMENTS_MAX, SEARCH_MAX } from './limits.ts';
import type { MentionedMember } from './mentions.ts';
import { CONTENT_EMPTY } from './messages.ts';
import { AttachmentInput } from './post.ts';
import type { ReactionSummary } from './reactions.ts';

export const MESSAGE_MAX_LENGTH = 4000;
export const MESSAGE_ATTACHMENTS_MAX = ATTACHMENTS_MAX;
export const MESSAGE_TOO_LONG = `Messages can be at most ${MESSAGE_MAX_LENGTH} characters.`; // ours
export const CLIENT_KEY_INVALID = 'clientKey must be 8 to 64 letters, digits or dashes'; // ours
export const REPLY_NOT_HERE = 'You can only reply to a message in this chat.'; // ours
export const NOT_YOUR_EDIT = 'You can only edit your own messages.'; // ours
export const MESSAGE_WAS_DELETED = 'This message was deleted.'; // ours
/** A reply shows this much of the original (then "…"). */
export const QUOTE_LENGTH = 100;

export const SendMessageInput = z
  .strictObject({
    content: longText('Message', MESSAGE_MAX_LENGTH, { tooLongMessage: MESSAGE_TOO_LONG }).default(''),
    attachments: list('Attachments', AttachmentInput, MESSAGE_ATTACHMENTS_MAX).default([]),
    /** Made once per message by the sender; a retry with the same key makes no second message. */
    clientKey: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, CLIENT_KEY_INVALID),
    /** The message this one replies to: one of the same space or conversation. */
    replyToId: z.uuid({ error: REPLY_NOT_HERE }).optional(),
  })
  .refine((message) => message.content !== '' || message.attachments.length > 0, {
    message: CONTENT_EMPTY,
    path: ['content'],
  });
export type SendMessageInput = z.infer<typeof SendMessageInput>;

/**
 * A new text for one's own message (its files stay). `clientKey` is made once per edit: the outbox
 * retries with it, and a retry of an edit already made changes nothing.
 */
export const EditMessageInput = z.strictObject({
  content: longText('Message', MESSAGE_MAX_LENGTH, { tooLongMessage: MESSAGE_TOO_LONG }).default(''),
  clientKey: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, CLIENT_KEY_INVALID),
});
export type EditMessageInput = z.infer<typeof EditMessageInput>;

/** What a reply shows of its original: who wrote it and its first QUOTE_LENGTH characters, as it is now. */
export type MessageQuote = {
  id: string;
  seq: number;
  author: Pick<UserSummary, 'id' | 'firstName' | 'lastName'>;
  /** Empty when the original was deleted ("Original message deleted"). */
  excerpt: string;
  deleted: boolean;
};

/** The quote's text: at most QUOTE_LENGTH characters of the original, "…" when there was more. */
export const quoteExcerpt = (text: string) =>
  text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH).trimEnd()}…` : text;

/**
 * One of: the newest page (no parameter), an older page (`before` = a seq), what came after a seq
 * (`after`, for resync), the page around a found message (`around`), what changed after a rev
 * (`changedAfter`, for resync), or a search (`search`).
 */
export const MessageListQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().min(0).optional(),
  around: z.coerce.number().int().positive().optional(),
  search: text('Search', SEARCH_MAX).optional(),
  /** Messages changed (edited, deleted) after this rev, by rev: a reconnecting client's resync. */
  changedAfter: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().optional(),
});
export type MessageListQuery = z.infer<typeof MessageListQuery>;

export type ChatAttachment = z.infer<typeof AttachmentInput>;

export type ChatMessage = {
  id: string;
  spaceId: string;
  seq: number;
  content: string;
  attachments: ChatAttachment[];
  author: UserSummary;
  createdAt: string;
  deleted: boolean;
  clientKey: string | null;
  /** The space's change counter at this message's latest edit or deletion (0: never changed). */
  rev: number;
  /** When its author last edited it; null if never. */
  editedAt: string | null;
  /** The message it replies to; null if none. */
  replyTo: MessageQuote | null;
  /** The members its `<@id>` tokens name, with their names as of this read (mentions.ts). */
  mentions?: MentionedMember[];
  /** By first reaction; none on a deleted message. */
  reactions?: ReactionSummary[];
};

/** A page of messages in ascending seq; `searchCursor` is the seq to jump to for a search hit. */
export type MessagePage = {
  items: (ChatMessage & { searchCursor?: number })[];
  /** Pass as `before` for the next older page; null when there is none. */
  olderCursor: number | null;
  /** The space's latest seq when the page was read. */
  lastSeq: number;
  /** The space's change counter when the page was read: resync asks `changedAfter` it. */
  lastRev: number;
};

export type SpaceMember = {
  id: string;
  userId: string;
  role: 'GUEST' | 'MODERATOR' | 'ADMIN';
  user: {
    firstName: string;
    lastName: string;
    email: string | null;
    imageUrl: string | null;
    /** Presence: null while online, else when the member was last seen. */
    lastOfflineAt: string | null;
  };
};
