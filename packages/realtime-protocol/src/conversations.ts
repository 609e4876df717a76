// What a conversation room (one per direct conversation, PARTIES.conversationRoom, room name = the
// conversation id) and the participants' user rooms receive about direct messages. The payload is
// the API's DirectMessage JSON, so a client merges an event exactly as it merges an HTTP page.
import { z } from 'zod';
import { sequencedMessageFields } from './chat-payloads.ts';

export const DirectMessagePayload = z.object({ conversationId: z.string(), ...sequencedMessageFields });
export type DirectMessagePayload = z.infer<typeof DirectMessagePayload>;

/**
 * A direct message committed (`seq` is its place in the conversation). Sent to the conversation room
 * and to both participants' user rooms (their Messages list, unread badge and toast).
 */
export const DirectMessageCreatedEvent = z.object({
  type: z.literal('dm.created'),
  message: DirectMessagePayload,
});
/** A direct message changed (edited; later reactions): the whole message, in place, newer `rev`. */
export const DirectMessageUpdatedEvent = z.object({
  type: z.literal('dm.updated'),
  message: DirectMessagePayload,
});
/** A direct message deleted by its author: the row stays, emptied. */
export const DirectMessageDeletedEvent = z.object({
  type: z.literal('dm.deleted'),
  conversationId: z.string(),
  id: z.string(),
  seq: z.number().int(),
});
/**
 * A participant has read up to `seq`: the other sees "Seen", the reader's other tabs clear the
 * unread count. Sent to the conversation room and to the reader's user room.
 */
export const DirectMessageReadEvent = z.object({
  type: z.literal('dm.read'),
  conversationId: z.string(),
  userId: z.string(),
  seq: z.number().int(),
});

export const CONVERSATION_EVENTS = [
  DirectMessageCreatedEvent,
  DirectMessageUpdatedEvent,
  DirectMessageDeletedEvent,
  DirectMessageReadEvent,
] as const;
