// @mentions (issue 28; token format in @community/domain mentions.ts). Who may be mentioned is who
// may read the place: a space's members (in a public space too: readers who never joined are not
// offered, as in Slack and Discord), a conversation's two people, or for a post on the community
// wall every member. A token naming anyone else is stored as plain text ("@First Last", or
// "@unknown" for an id that names no one) and notifies nobody; the message itself always stands.
// A mention notifies once per message, post or comment (`mentionOf`, a unique index), never the
// author, and only a member whose feature switch for the place is on.
import type {
  BroadcastMention,
  FeatureKey,
  MentionCandidate,
  MentionedMember,
  NotificationKind,
} from '@community/domain';
import {
  MENTION_CANDIDATES_LIMIT,
  MENTIONS_PER_MESSAGE_MAX,
  mentionName,
  splitMentions,
} from '@community/domain';
import { errorFields } from '@community/realtime-protocol';
import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import { logEvent } from '../lib/request-trace.ts';
import { isoColumn, pushNotifications } from './notifications.ts';
import { rowsOf } from './posts-rows.ts';

/** Where a mention is written, which decides who can read it and which switch they need. */
export type MentionPlace =
  | { kind: 'space'; spaceId: string; features: FeatureKey[] }
  | { kind: 'people'; userIds: string[]; features: FeatureKey[] }
  | { kind: 'community'; features: FeatureKey[] };

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** `u` (an alias of users) may read the place and is not blocked. */
function readerOf(place: MentionPlace): SQL {
  const member =
    place.kind === 'space'
      ? sql`exists (select 1 from space_members m where m.space_id = ${place.spaceId} and m.user_id = u.id)`
      : place.kind === 'people'
        ? place.userIds.length
          ? sql`u.id in (${idList(place.userIds)})`
          : sql`false`
        : sql`true`;
  return sql`(${member} and not u.is_blocked)`;
}

/** `u` has one of the place's feature switches on (docs/features.md). */
const hasPlaceFeature = (place: MentionPlace) =>
  place.features.length === 0
    ? sql`true`
    : sql`exists (select 1 from user_features f where f.user_id = u.id and f.enabled
    and f.feature in (${sql.join(
      place.features.map((feature) => sql`${feature}`),
      sql`, `,
    )}))`;

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The autocomplete: readers of the place whose first, last or full name starts with `prefix`. */
export async function mentionCandidates(
  db: Database,
  place: MentionPlace,
  prefix: string,
  callerId: string,
): Promise<MentionCandidate[]> {
  const pattern = likePrefix(prefix.trim());
  return rowsOf<MentionCandidate>(
    await db.execute(sql`
      select u.id, u.first_name as "firstName", u.last_name as "lastName", u.image_url as "imageUrl"
      from users u
      where ${readerOf(place)} and u.id <> ${callerId}
        and (u.first_name ilike ${pattern} or u.last_name ilike ${pattern}
          or (u.first_name || ' ' || u.last_name) ilike ${pattern})
      order by u.first_name, u.last_name, u.id
      limit ${MENTION_CANDIDATES_LIMIT}`),
  );
}

type NamedRow = MentionedMember & { reader: boolean };

async function namesOf(db: Database, ids: readonly string[], place?: MentionPlace): Promise<NamedRow[]> {
  if (ids.length === 0) return [];
  return rowsOf<NamedRow>(
    await db.execute(sql`
      select u.id, u.first_name as "firstName", u.last_name as "lastName",
        ${place ? readerOf(place) : sql`true`} as reader
      from users u where u.id in (${idList(ids)})`),
  );
}

export type ResolvedMentions = {
  /** The text to store: tokens of people who cannot read the place turned into plain text. */
  content: string;
  /** The readers it mentions (for the message's `mentions` and the notifications). */
  mentioned: MentionedMember[];
  broadcast: BroadcastMention | null;
};

/**
 * Checks a text's tokens before it is stored. `mayBroadcast`: `@here` / `@space` stay tokens
 * (space chat, sent by a space admin or moderator or a community admin); otherwise plain words.
 */
export async function resolveMentions(
  db: Database,
  place: MentionPlace,
  text: string,
  mayBroadcast: boolean,
): Promise<ResolvedMentions> {
  const segments = splitMentions(text);
  if (segments.every((segment) => segment.kind === 'text'))
    return { content: text, mentioned: [], broadcast: null };
  const ids = [...new Set(segments.flatMap((segment) => (segment.kind === 'member' ? [segment.id] : [])))];
  const rows = await namesOf(db, ids, place);
  let broadcast: BroadcastMention | null = null;
  const content = segments
    .map((segment) => {
      if (segment.kind === 'text') return segment.text;
      if (segment.kind === 'broadcast') {
        if (!mayBroadcast) return `@${segment.which}`;
        if (broadcast !== 'space') broadcast = segment.which;
        return `<@${segment.which}>`;
      }
      const row = rows.find((candidate) => candidate.id === segment.id);
      if (!row) return '@unknown';
      return row.reader ? `<@${row.id}>` : mentionName(row);
    })
    .join('');
  const mentioned = rows
    .filter((row) => row.reader)
    .map(({ id, firstName, lastName }) => ({ id, firstName, lastName }));
  return { content, mentioned, broadcast };
}

/** Adds `mentions` (the current names of the members its tokens name) to each message that has any. */
export async function withMentionNames<M extends { content: string }>(
  db: Database,
  messages: M[],
): Promise<(M & { mentions?: MentionedMember[] })[]> {
  const idsOf = (content: string) =>
    splitMentions(content).flatMap((segment) => (segment.kind === 'member' ? [segment.id] : []));
  const all = [...new Set(messages.flatMap((message) => idsOf(message.content)))];
  if (all.length === 0) return messages;
  const rows = await namesOf(db, all);
  return messages.map((message) => {
    const ids = idsOf(message.content);
    if (ids.length === 0) return message;
    const mentions = rows
      .filter((row) => ids.includes(row.id))
      .map(({ id, firstName, lastName }) => ({ id, firstName, lastName }));
    return { ...message, mentions };
  });
}

type InsertedRow = { id: string; user_id: string; created_at: string };

export type MentionNotice = {
  place: MentionPlace;
  authorId: string;
  /** The message, post or comment id: one notification per member and `mentionOf`. */
  mentionOf: string;
  mentioned: readonly MentionedMember[];
  title: string;
  payload: Record<string, string>;
};

/**
 * One MENTION per mentioned reader (not the author, switch on), in one statement, then one fan-out.
 * Best effort, like every notification: the message stands whatever happens here.
 */
export async function notifyMentions(
  db: Database,
  realtime: Fetcher,
  config: Config,
  notice: MentionNotice,
): Promise<boolean> {
  const ids = notice.mentioned
    .map((member) => member.id)
    .filter((id) => id !== notice.authorId)
    .slice(0, MENTIONS_PER_MESSAGE_MAX);
  if (ids.length === 0) return true;
  try {
    const payload = { ...notice.payload, mentionOf: notice.mentionOf };
    const rows = rowsOf<InsertedRow>(
      await db.execute(sql`
        insert into notifications (user_id, type, title, payload)
        select u.id, 'MENTION', ${notice.title}, ${JSON.stringify(payload)}::jsonb
        from users u
        where u.id in (${idList(ids)}) and ${readerOf(notice.place)} and ${hasPlaceFeature(notice.place)}
        on conflict do nothing
        returning id, user_id, ${isoColumn('created_at')} as created_at`),
    );
    return await pushNotifications(realtime, config, rows, { type: MENTION, title: notice.title, payload });
  } catch (error) {
    logEvent('error', 'Mention notification failed', {
      mentionOf: notice.mentionOf,
      error: errorFields(error),
    });
    return false;
  }
}

const MENTION: NotificationKind = 'MENTION';

/**
 * `@here` (members online now) or `@space` (every member) in a space's chat: one MENTION for each
 * member but the author and those already notified for this message, skipping members who have an
 * unread broadcast mention for the space (coalesced like SPACE_MESSAGE, a partial unique index),
 * in one statement, then the existing one-call fan-out of the new rows.
 */
export async function notifyBroadcast(
  db: Database,
  realtime: Fetcher,
  config: Config,
  notice: Omit<MentionNotice, 'mentioned' | 'place'> & { spaceId: string; broadcast: BroadcastMention },
): Promise<boolean> {
  try {
    const place: MentionPlace = { kind: 'space', spaceId: notice.spaceId, features: ['spaces'] };
    const payload = { ...notice.payload, mentionOf: notice.mentionOf, broadcast: notice.broadcast };
    const rows = rowsOf<InsertedRow>(
      await db.execute(sql`
        insert into notifications (user_id, type, title, payload)
        select u.id, 'MENTION', ${notice.title}, ${JSON.stringify(payload)}::jsonb
        from space_members m join users u on u.id = m.user_id
        where m.space_id = ${notice.spaceId} and u.id <> ${notice.authorId} and not u.is_blocked
          and ${hasPlaceFeature(place)}
          ${notice.broadcast === 'here' ? sql`and u.last_offline_at is null` : sql``}
        on conflict do nothing
        returning id, user_id, ${isoColumn('created_at')} as created_at`),
    );
    return await pushNotifications(realtime, config, rows, { type: MENTION, title: notice.title, payload });
  } catch (error) {
    logEvent('error', 'Broadcast mention notification failed', {
      mentionOf: notice.mentionOf,
      error: errorFields(error),
    });
    return false;
  }
}
