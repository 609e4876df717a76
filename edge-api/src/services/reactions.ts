// Reactions to chat messages, for every sequenced channel (a space's chat, a direct conversation).
// A reaction row is (message, member, emoji), unique, so adding twice is one reaction. A change is a
// revision of the message (sequenced-channel.ts reviseSequenced): the message takes the channel's
// next rev in the statement that adds or removes the row, and goes out whole as `*.updated`; a
// client that missed it gets it from `?changedAfter=`. Reads carry each message's summary as a
// column (reactionsOf): per emoji, the count and the first reactors; `mine` is the reader's own,
// added per request (markMine) because the event goes to every reader alike.

import { users } from '@community/db/schema';
import {
  REACTION_EMOJI_MAX,
  REACTION_LIMIT_REACHED,
  REACTION_TO_DELETED,
  REACTORS_SHOWN,
  type ReactionSummary,
  type Reactor,
} from '@community/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { rowsOf } from './posts-rows.ts';
import { type ChannelSpec, findSequenced, MESSAGE_NOT_FOUND, reviseSequenced } from './sequenced-channel.ts';

/** A channel kind's reactions table (space_message_reactions, direct_message_reactions). */
export type ReactionTable = {
  table: PgTable;
  messageId: PgColumn;
  userId: PgColumn;
  emoji: PgColumn;
  createdAt: PgColumn;
};

/**
 * A message's reactions, as a column of the statement that reads the message (`messageId` is its id
 * column): per emoji, by first reaction, the count and the first REACTORS_SHOWN reactors with their
 * names. In the same statement, so a page of messages (or the copy an event sends) is one round
 * trip, not two.
 */
export function reactionsOf(reactions: ReactionTable, messageId: PgColumn): SQL<ReactionSummary[]> {
  const { table } = reactions;
  const col = (column: PgColumn) => sql.identifier(column.name);
  return sql<ReactionSummary[]>`(
    select coalesce(json_agg(json_build_object('emoji', g.emoji, 'count', g.count, 'reactors', g.reactors)
             order by g.first_at, g.emoji), '[]'::json)
    from (
      select r.${col(reactions.emoji)} as emoji, count(*)::int as count,
             min(r.${col(reactions.createdAt)}) as first_at,
             (select coalesce(json_agg(json_build_object('id', u.id, 'firstName', u.first_name,
                        'lastName', u.last_name) order by first.at, first.user_id), '[]'::json)
              from (
                select x.${col(reactions.userId)} as user_id, x.${col(reactions.createdAt)} as at
                from ${table} x
                where x.${col(reactions.messageId)} = ${messageId} and x.${col(reactions.emoji)} = r.${col(reactions.emoji)}
                order by 2, 1 limit ${REACTORS_SHOWN}
              ) first join ${users} u on u.id = first.user_id) as reactors
      from ${table} r where r.${col(reactions.messageId)} = ${messageId}
      group by r.${col(reactions.emoji)}
    ) g)`;
}

type WithReactions = { id: string; deleted: boolean; reactions?: ReactionSummary[] };

/**
 * The reader's own reactions on these messages: `mine` on each emoji, and the reader first among its
 * reactors (so the hover list names them even past the first REACTORS_SHOWN).
 */
export async function markMine<M extends WithReactions>(
  db: Database,
  reactions: ReactionTable,
  messages: M[],
  viewer: Reactor,
): Promise<M[]> {
  const reacted = messages.filter((message) => message.reactions?.length);
  if (reacted.length === 0) return messages;
  // Every reactor named (no list cut at REACTORS_SHOWN): the names say whose they are, no query.
  const allNamed = reacted.every((message) =>
    message.reactions?.every((summary) => summary.count <= summary.reactors.length),
  );
  const col = (column: PgColumn) => sql.identifier(column.name);
  const rows = allNamed
    ? reacted.flatMap((message) =>
        (message.reactions ?? [])
          .filter((summary) => summary.reactors.some((reactor) => reactor.id === viewer.id))
          .map((summary) => ({ message_id: message.id, emoji: summary.emoji })),
      )
    : rowsOf<{ message_id: string; emoji: string }>(
        await db.execute(sql`
          select ${col(reactions.messageId)} as message_id, ${col(reactions.emoji)} as emoji
          from ${reactions.table}
          where ${col(reactions.userId)} = ${viewer.id} and ${col(reactions.messageId)} in (
            select jsonb_array_elements_text(${JSON.stringify(reacted.map((m) => m.id))}::jsonb)::uuid)`),
      );
  const mine = new Set(rows.map((row) => `${row.message_id} ${row.emoji}`));
  return messages.map((message) =>
    message.reactions
      ? {
          ...message,
          reactions: message.reactions.map((summary) => {
            const isMine = mine.has(`${message.id} ${summary.emoji}`);
            const others = summary.reactors.filter((reactor) => reactor.id !== viewer.id);
            const me = { id: viewer.id, firstName: viewer.firstName, lastName: viewer.lastName };
            const reactors = isMine ? [me, ...others].slice(0, REACTORS_SHOWN) : summary.reactors;
            return { ...summary, reactors, mine: isMine };
          }),
        }
      : message,
  );
}

/**
 * Adds (`add`) or removes the member's `emoji` on a message, idempotently: adding one already there
 * or removing one absent changes nothing (no rev, no event; `changed` false). Refuses a deleted
 * message (409) and a new emoji past REACTION_EMOJI_MAX on the message (409): the one statement
 * checks both, and only when it changed nothing is the message read again to say why. Answers the
 * message as every reader sees it now (for the `*.updated` event).
 */
export async function toggleReaction<Row, Message>(
  db: Database,
  spec: ChannelSpec<Row, Message>,
  reactions: ReactionTable,
  target: { channelId: string; messageId: string; userId: string; emoji: string; add: boolean },
): Promise<{ message: Message; changed: boolean }> {
  const { channelId, messageId, userId, emoji, add } = target;
  const m = spec.messages;
  const c = spec.columns;
  const col = (column: PgColumn) => sql.identifier(column.name);
  const messageRef = sql`${m}.${col(c.id)}`;
  const r = reactions.table;
  const onThis = sql`${r}.${col(reactions.messageId)} = ${messageRef}`;
  const mineExists = sql`exists (select 1 from ${r} where ${onThis}
    and ${r}.${col(reactions.userId)} = ${userId} and ${r}.${col(reactions.emoji)} = ${emoji})`;
  const emojiExists = sql`exists (select 1 from ${r} where ${onThis} and ${r}.${col(reactions.emoji)} = ${emoji})`;
  const kinds = sql`(select count(distinct ${r}.${col(reactions.emoji)}) from ${r} where ${onThis})`;

  const live = sql`${m}.${col(c.deletedAt)} is null`;
  const reactionColumns = sql.join(
    [reactions.messageId, reactions.userId, reactions.emoji].map(col),
    sql`, `,
  );
  const change: { only: SQL; alsoDo: SQL } = add
    ? {
        // The limit again, in the statement: a new emoji only while the message has room for it.
        only: sql`${live} and not ${mineExists} and (${emojiExists} or ${kinds} < ${REACTION_EMOJI_MAX})`,
        alsoDo: sql`reacted as (
          insert into ${r} (${reactionColumns}) select id, ${userId}, ${emoji} from revised
          on conflict do nothing)`,
      }
    : {
        only: sql`${live} and ${mineExists}`,
        alsoDo: sql`unreacted as (
          delete from ${r} where ${r}.${col(reactions.messageId)} in (select id from revised)
            and ${r}.${col(reactions.userId)} = ${userId} and ${r}.${col(reactions.emoji)} = ${emoji})`,
      };
  // Nothing else on the message changes: its rev (set by reviseSequenced) is the whole revision.
  const unchanged = sql`${col(c.deletedAt)} = ${m}.${col(c.deletedAt)}`;
  // Its own statement, committed at once: the channel row it bumps is every change's lock, held
  // only while the statement runs (in one batch with the read below, it was held for the whole
  // round trip, and a room's reactions queued behind each other past the deadline under load).
  const rev = await reviseSequenced(db, spec, { channelId, messageId }, unchanged, change);
  if (rev === null) {
    // Nothing changed: already so (idempotent), or refused. Only then ask which, to say why.
    const [state] = rowsOf<{ deleted: boolean; full: boolean }>(
      await db.execute(sql`
        select ${m}.${col(c.deletedAt)} is not null as deleted,
               (not ${emojiExists} and ${kinds} >= ${REACTION_EMOJI_MAX}) as full
        from ${m} where ${messageRef} = ${messageId} and ${m}.${col(c.channelId)} = ${channelId}`),
    );
    if (!state) throw notFound(MESSAGE_NOT_FOUND);
    if (state.deleted) throw conflict(REACTION_TO_DELETED);
    if (add && state.full) throw conflict(REACTION_LIMIT_REACHED);
  }
  const message = await findSequenced(db, spec, channelId, messageId);
  return { message, changed: rev !== null };
}
