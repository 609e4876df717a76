// Reactions to chat messages (space chat and direct messages): one member, one of each emoji per
// message; a message holds at most REACTION_EMOJI_MAX different emoji. A message's readers get, for
// each emoji, how many reacted and the first few who did (the hover list).
import { z } from 'zod';

/** Different emoji one message may carry (Slack allows 23 per message, Discord 20). */
export const REACTION_EMOJI_MAX = 20;
/** Reactors named per emoji (the hover list says "and n others" past them). */
export const REACTORS_SHOWN = 10;
/** UTF-16 code units an emoji may take (the longest RGI ZWJ sequences are about 35). */
export const REACTION_EMOJI_MAX_LENGTH = 64;

export const REACTION_EMOJI_INVALID = 'A reaction must be a single emoji.'; // ours
export const REACTION_LIMIT_REACHED = `A message can have at most ${REACTION_EMOJI_MAX} different reactions.`; // ours
export const REACTION_TO_DELETED = 'You cannot react to a deleted message.'; // ours

// Unicode's list of recommended emoji (RGI: single emoji, keycaps, flags, skin tones, ZWJ sequences),
// as the engine knows it (the `v` flag, ES2024: Node 20, workerd, Chrome 112, Safari 17, Firefox 116).
// The flag is passed as a plain string: the project's TS target predates it.
const UNICODE_SETS: string = 'v';
const SINGLE_EMOJI = new RegExp('^\\p{RGI_Emoji}$', UNICODE_SETS);

/** True for exactly one emoji (one RGI emoji grapheme), e.g. 👍, ❤️, 👩🏽‍💻, 🇫🇷. */
export function isReactionEmoji(value: string): boolean {
  return value.length > 0 && value.length <= REACTION_EMOJI_MAX_LENGTH && SINGLE_EMOJI.test(value);
}

export const ReactionEmoji = z
  .string({ error: REACTION_EMOJI_INVALID })
  .max(REACTION_EMOJI_MAX_LENGTH, REACTION_EMOJI_INVALID)
  .refine(isReactionEmoji, { message: REACTION_EMOJI_INVALID });

/** Someone who reacted, as the hover list names them. */
export type Reactor = { id: string; firstName: string; lastName: string };

/**
 * One emoji's reactions on a message. `reactors`: the first REACTORS_SHOWN by time (on a read, the
 * reader first when they reacted). `mine` comes with reads and answers only: the `*.updated` event
 * goes to every reader, so each client works it out from `reactors` (see the chat store).
 */
export type ReactionSummary = {
  emoji: string;
  count: number;
  reactors: Reactor[];
  mine?: boolean;
};
