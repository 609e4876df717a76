// The parts a space chat message and a direct message share on the wire: who wrote it, its files,
// and the sequenced fields every chat client merges by (id, seq) and confirms by (clientKey).
import { z } from 'zod';

export const Person = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  imageUrl: z.string().nullable(),
});

/** One emoji's reactions: the count and the first reactors (each client works out its own). */
export const ReactionPayload = z.object({
  emoji: z.string(),
  count: z.number().int(),
  reactors: z.array(z.object({ id: z.string(), firstName: z.string(), lastName: z.string() })),
});

export const MessageAttachmentPayload = z.object({
  name: z.string(),
  url: z.string(),
  type: z.enum(['audio', 'video', 'img', 'file', 'a']),
});

/** What a reply shows of its original (the API's MessageQuote). */
export const MessageQuotePayload = z.object({
  id: z.string(),
  seq: z.number().int(),
  author: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  excerpt: z.string(),
  deleted: z.boolean(),
});

/** Spread into a message schema next to its channel's id (`spaceId` or `conversationId`). */
export const sequencedMessageFields = {
  id: z.string(),
  seq: z.number().int(),
  content: z.string(),
  attachments: z.array(MessageAttachmentPayload),
  author: Person,
  createdAt: z.string(),
  deleted: z.boolean(),
  clientKey: z.string().nullable(),
  /** The channel's change counter at the message's latest edit or deletion (0: never changed). */
  rev: z.number().int(),
  editedAt: z.string().nullable(),
  replyTo: MessageQuotePayload.nullable(),
  /** Names of the members its `<@id>` tokens mention (@community/domain mentions.ts). */
  mentions: z.array(z.object({ id: z.string(), firstName: z.string(), lastName: z.string() })).optional(),
  /** Reactions (a reaction change is a revision); optional for senders that predate them. */
  reactions: z.array(ReactionPayload).optional(),
};
