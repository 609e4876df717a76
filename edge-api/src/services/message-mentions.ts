// Mentions in space chat and direct messages: what is checked before a message is stored, and the
// notifications sent after it committed (titles and links in docs/api.md, Notifications).

import type { spaces } from '@community/db/schema';
import type { ChatMessage, DirectMessage } from '@community/domain';
import { mentionsAsText } from '@community/domain';
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import {
  type MentionPlace,
  notifyBroadcast,
  notifyMentions,
  type ResolvedMentions,
  resolveMentions,
} from './mentions.ts';
import { messagePreview } from './notifications.ts';

const spacePlace = (spaceId: string): MentionPlace => ({ kind: 'space', spaceId, features: ['spaces'] });

export const resolveSpaceChatMentions = (
  db: Database,
  spaceId: string,
  content: string,
  mayBroadcast: boolean,
) => resolveMentions(db, spacePlace(spaceId), content, mayBroadcast);

const preview = (message: ChatMessage | DirectMessage) =>
  messagePreview(mentionsAsText(message.content, message.mentions ?? []), message.attachments.length);

/** After a space message committed: its named members, then its `@here` / `@space`. */
export async function notifySpaceChatMentions(
  db: Database,
  realtime: Fetcher,
  config: Config,
  space: typeof spaces.$inferSelect,
  message: ChatMessage,
  resolved: ResolvedMentions,
): Promise<void> {
  const author = `${message.author.firstName} ${message.author.lastName}`;
  const payload = { spaceId: space.id, messageId: message.id };
  const common = { authorId: message.author.id, mentionOf: message.id, payload };
  // Named members first, so a member named and reached by @space too gets the named one.
  await notifyMentions(db, realtime, config, {
    ...common,
    place: spacePlace(space.id),
    mentioned: resolved.mentioned,
    title: `${author} mentioned you in ${space.name}: ${preview(message)}`,
  });
  if (resolved.broadcast) {
    await notifyBroadcast(db, realtime, config, {
      ...common,
      spaceId: space.id,
      broadcast: resolved.broadcast,
      title: `${author} mentioned @${resolved.broadcast} in ${space.name}: ${preview(message)}`,
    });
  }
}

const conversationPlace = (userIds: string[]): MentionPlace => ({
  kind: 'people',
  userIds,
  features: ['messages'],
});

/** A direct message mentions one of its two people; `@here` / `@space` are plain words there. */
export const resolveDirectMentions = (db: Database, userIds: string[], content: string) =>
  resolveMentions(db, conversationPlace(userIds), content, false);

export function notifyDirectMentions(
  db: Database,
  realtime: Fetcher,
  config: Config,
  userIds: string[],
  message: DirectMessage,
  resolved: ResolvedMentions,
) {
  const author = `${message.author.firstName} ${message.author.lastName}`;
  return notifyMentions(db, realtime, config, {
    place: conversationPlace(userIds),
    authorId: message.author.id,
    mentionOf: message.id,
    mentioned: resolved.mentioned,
    // `authorId` links the notification to the conversation with the author (/community/conversations/{authorId}).
    payload: { conversationId: message.conversationId, messageId: message.id, authorId: message.author.id },
    title: `${author} mentioned you: ${preview(message)}`,
  });
}
