// Mentions in posts and comments: `mention` nodes in the Lexical JSON (@community/domain
// mentions.ts). Written: a node naming someone who cannot read the post's space becomes plain
// text; read: every node shows its member's current name, so a rename shows. The mentioned readers
// are notified once per post or comment (an edit that adds a mention notifies the new member only).
import { lexicalMentionIds, type MentionedMember, settleLexicalMentions } from '@community/domain';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import { type MentionPlace, notifyMentions } from './mentions.ts';
import { rowsOf } from './posts-rows.ts';

/** A post's readers are its space's members; they read it with `posts` (or on Home with `livewall`). */
const postPlace = (spaceId: string): MentionPlace => ({
  kind: 'space',
  spaceId,
  features: ['posts', 'livewall'],
});

type NameRow = MentionedMember & { reader: boolean };

async function namesOf(db: Database, ids: string[], spaceId?: string): Promise<NameRow[]> {
  if (ids.length === 0) return [];
  const reader = spaceId
    ? sql`(not u.is_blocked and exists (select 1 from space_members m where m.space_id = ${spaceId} and m.user_id = u.id))`
    : sql`true`;
  return rowsOf<NameRow>(
    await db.execute(sql`
      select u.id, u.first_name as "firstName", u.last_name as "lastName", ${reader} as reader
      from users u where u.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
}

/** Before a post or comment is stored: its mentions of people who cannot read the space become text. */
export async function settlePostMentions<C>(
  db: Database,
  spaceId: string,
  content: C,
): Promise<{ content: C; mentioned: MentionedMember[] }> {
  const ids = lexicalMentionIds(content);
  if (ids.length === 0) return { content, mentioned: [] };
  const rows = await namesOf(db, ids, spaceId);
  const settled = settleLexicalMentions(content, (id) => {
    const row = rows.find((candidate) => candidate.id === id);
    return { keep: Boolean(row?.reader), name: row ? `${row.firstName} ${row.lastName}` : null };
  }) as C;
  const mentioned = rows
    .filter((row) => row.reader)
    .map(({ id, firstName, lastName }) => ({ id, firstName, lastName }));
  return { content: settled, mentioned };
}

/** On read: each mention shows its member's name as it is now. */
export async function withCurrentMentionNames<T extends { content: unknown }>(
  db: Database,
  items: T[],
): Promise<T[]> {
  const ids = [...new Set(items.flatMap((item) => lexicalMentionIds(item.content)))];
  if (ids.length === 0) return items;
  const rows = await namesOf(db, ids);
  return items.map((item) =>
    lexicalMentionIds(item.content).length === 0
      ? item
      : {
          ...item,
          content: settleLexicalMentions(item.content, (id) => {
            const row = rows.find((candidate) => candidate.id === id);
            return { keep: Boolean(row), name: row ? `${row.firstName} ${row.lastName}` : null };
          }),
        },
  );
}

export function notifyPostMentions(
  db: Database,
  realtime: Fetcher,
  config: Config,
  notice: {
    spaceId: string;
    postId: string;
    commentId?: string;
    author: { id: string; firstName: string; lastName: string };
    mentioned: MentionedMember[];
  },
) {
  const { author } = notice;
  const where = notice.commentId ? 'a comment' : 'a post';
  const payload: Record<string, string> = { spaceId: notice.spaceId, postId: notice.postId };
  if (notice.commentId) payload.commentId = notice.commentId;
  return notifyMentions(db, realtime, config, {
    place: postPlace(notice.spaceId),
    authorId: author.id,
    mentionOf: notice.commentId ?? notice.postId,
    mentioned: notice.mentioned,
    title: `${author.firstName} ${author.lastName} mentioned you in ${where}`,
    payload,
  });
}
