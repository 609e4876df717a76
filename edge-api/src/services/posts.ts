// Posts on space walls and the community wall (spec sections 3, 4, 7). A page is one SQL statement:
// author, tags, attachments and the caller's like come with each row as JSON, so a page of any
// size costs the same. Keyset cursors follow the indexes (posts_[space_]published_idx,
// posts_[space_]popular_idx); a scheduled post is seen only by its author until its time.
import type {
  CreatePostInput,
  Post,
  PostLikeState,
  PostListQuery,
  UpdatePostInput,
  User,
} from '@community/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db.ts';
import { decodeCursor, encodeCursor } from '../lib/cursor.ts';
import { forbidden, isUniqueViolation, notFound } from '../lib/errors.ts';
import { rowsOf } from './posts-rows.ts';
import { readableSpaces } from './space-access.ts';

export const POST_NOT_FOUND = 'Post not found';
export const ONLY_AUTHOR_EDITS_POST = 'Only the author can edit this post.';
export const NOT_YOUR_POST = 'You can only delete your own posts.';
/** The author's scheduled posts shown above the first page, at most. */
const SCHEDULED_SHOWN_MAX = 50;

/** An instant as `Date.toISOString()` writes it. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// Who may read a space is one rule, shared with events and files (space-access.ts).
export { readableSpaces };

/** The API's Post JSON for the row `p` (with `u`, its author), as seen by `viewerId`. */
const postJson = (viewerId: string | null) => sql`json_build_object(
  'id', p.id,
  'spaceId', p.space_id,
  'title', p.title,
  'content', p.content,
  'tags', coalesce((select json_agg(t.name order by t.name) from post_tags t where t.post_id = p.id), '[]'::json),
  'scheduledAt', ${iso(sql`p.scheduled_at`)},
  'publishedAt', ${iso(sql`p.published_at`)},
  'createdAt', ${iso(sql`p.created_at`)},
  'updatedAt', ${iso(sql`p.updated_at`)},
  'scheduled', p.published_at > now(),
  'author', json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'imageUrl', u.image_url),
  'attachments', coalesce((
    select json_agg(json_build_object('id', a.id, 'name', a.name, 'url', a.url, 'type', a.type,
      'createdAt', ${iso(sql`a.created_at`)}) order by a.created_at, a.id)
    from post_attachments a where a.post_id = p.id), '[]'::json),
  'likes', p.likes_count,
  'likedByMe', ${viewerId ? sql`exists (select 1 from post_likes l where l.post_id = p.id and l.user_id = ${viewerId})` : sql`false`},
  'commentsCount', p.comments_count
)`;

const RecentCursor = z.tuple([z.string().min(1).max(64), z.uuid()]);
const PopularCursor = z.tuple([z.number().int().min(0), z.number().int().min(0), z.uuid()]);

type PageRow = { post: Post; part: number; key_time: string; likes: number; comments: number; id: string };

/**
 * A wall page: `spaceId` one space (the caller's right to read it already checked), or the
 * community wall (every space `user` may read). The author's scheduled posts come first on the
 * first page. One statement.
 */
export async function listPosts(db: Database, user: User, query: PostListQuery) {
  const { sortBy, limit } = query;
  // Which posts the page is about (space, tags); the author's scheduled ones above it obey them too.
  const about: SQL[] = [
    query.spaceId ? sql`p.space_id = ${query.spaceId}` : sql`p.space_id in ${readableSpaces(user.id)}`,
  ];
  if (query.tags.length > 0) {
    about.push(
      sql`exists (select 1 from post_tags t where t.post_id = p.id and t.name in (${sql.join(
        query.tags.map((tag) => sql`${tag}`),
        sql`, `,
      )}))`,
    );
  }
  const where: SQL[] = [sql`p.published_at <= now()`, ...about];
  let order: SQL;
  if (sortBy === 'popular') {
    const cursor = decodeCursor(query.cursor, PopularCursor);
    if (cursor)
      where.push(
        sql`(p.likes_count, p.comments_count, p.id) < (${cursor[0]}, ${cursor[1]}, ${cursor[2]}::uuid)`,
      );
    order = sql`p.likes_count desc, p.comments_count desc, p.id desc`;
  } else {
    const cursor = decodeCursor(query.cursor, RecentCursor);
    const before = sortBy === 'recent';
    if (cursor) {
      where.push(
        before
          ? sql`(p.published_at, p.id) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`
          : sql`(p.published_at, p.id) > (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`,
      );
    }
    order = before ? sql`p.published_at desc, p.id desc` : sql`p.published_at asc, p.id asc`;
  }
  const scheduledWhere = sql.join(
    [sql`p.author_id = ${user.id}`, sql`p.published_at > now()`, ...about],
    sql` and `,
  );
  const columns = sql`${postJson(user.id)} as post, p.published_at::text as key_time,
    p.likes_count as likes, p.comments_count as comments, p.id`;
  const scheduledPart = query.cursor
    ? sql``
    : sql`(select 0 as part, row_number() over (order by p.published_at, p.id) as ord, ${columns}
        from posts p join users u on u.id = p.author_id
        where ${scheduledWhere} order by p.published_at, p.id limit ${SCHEDULED_SHOWN_MAX}) union all `;
  const rows = rowsOf<PageRow>(
    await db.execute(sql`
      select * from (
        ${scheduledPart}
        (select 1 as part, row_number() over (order by ${order}) as ord, ${columns}
          from posts p join users u on u.id = p.author_id
          where ${sql.join(where, sql` and `)}
          order by ${order} limit ${limit + 1})
      ) page order by part, ord`),
  );
  const scheduled = rows.filter((row) => row.part === 0).map((row) => row.post);
  const regular = rows.filter((row) => row.part === 1);
  const visible = regular.slice(0, limit);
  const last = visible.at(-1);
  const nextCursor =
    regular.length > limit && last
      ? encodeCursor(sortBy === 'popular' ? [last.likes, last.comments, last.id] : [last.key_time, last.id])
      : null;
  return { items: [...scheduled, ...visible.map((row) => row.post)], nextCursor };
}

/** One post as `viewerId` sees it, or null when it does not exist. Visibility is the caller's check. */
export async function findPost(db: Database, id: string, viewerId: string | null): Promise<Post | null> {
  const rows = rowsOf<{ post: Post }>(
    await db.execute(sql`select ${postJson(viewerId)} as post
      from posts p join users u on u.id = p.author_id where p.id = ${id}`),
  );
  return rows[0]?.post ?? null;
}

/** What the guards need to know about a post and the caller's place in its space. */
export type PostAccess = {
  id: string;
  spaceId: string;
  authorId: string;
  scheduled: boolean;
  publishedAt: string;
  /** The caller may read the space (a member, or the space is public). */
  canRead: boolean;
  /** The caller's role in the space, or null. */
  role: 'GUEST' | 'MODERATOR' | 'ADMIN' | null;
};

export async function loadPostAccess(
  db: Database,
  postId: string,
  userId: string,
): Promise<PostAccess | null> {
  const rows = rowsOf<PostAccess>(
    await db.execute(sql`
      select p.id, p.space_id as "spaceId", p.author_id as "authorId", p.published_at > now() as scheduled,
        ${iso(sql`p.published_at`)} as "publishedAt",
        (s.type = 'PUBLIC' or m.role is not null) as "canRead", m.role
      from posts p join spaces s on s.id = p.space_id
      left join space_members m on m.space_id = p.space_id and m.user_id = ${userId}
      where p.id = ${postId}`),
  );
  return rows[0] ?? null;
}

/** A post the caller may see: readable space, and published or their own. */
export const isVisible = (access: PostAccess | null, userId: string): access is PostAccess =>
  access?.canRead === true && (!access.scheduled || access.authorId === userId);

/** Creates a post once per client key: `created` is false when the key was already used. */
export async function createPost(
  db: Database,
  author: User,
  input: CreatePostInput,
): Promise<{ post: Post; created: boolean }> {
  const existing = await findByClientKey(db, author.id, input.clientKey);
  if (existing) return { post: existing, created: false };
  let id: string | undefined;
  try {
    const rows = rowsOf<{ id: string }>(
      await db.execute(sql`
        with inserted as (
          insert into posts (space_id, author_id, title, content, scheduled_at, published_at, client_key)
          values (${input.spaceId}, ${author.id}, ${input.title ?? null}, ${JSON.stringify(input.content)}::jsonb,
            ${input.scheduledAt ?? null}::timestamptz,
            greatest(coalesce(${input.scheduledAt ?? null}::timestamptz, now()), now()), ${input.clientKey})
          returning id
        ), tags as (
          insert into post_tags (post_id, name)
          select inserted.id, tag from inserted, jsonb_array_elements_text(${JSON.stringify(input.tags)}::jsonb) as tag
        ), files as (
          -- created_at a microsecond apart keeps the order the author gave.
          insert into post_attachments (post_id, name, url, type, created_at)
          select inserted.id, file->>'name', file->>'url', (file->>'type')::attachment_type,
            now() + (n * interval '1 microsecond')
          from inserted, jsonb_array_elements(${JSON.stringify(input.attachments)}::jsonb) with ordinality as f(file, n)
        )
        select id from inserted`),
    );
    id = rows[0]?.id;
  } catch (error) {
    // The same key sent twice at once: the constraint let one through; answer with that one.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findByClientKey(db, author.id, input.clientKey);
    if (!winner) throw error;
    return { post: winner, created: false };
  }
  const post = id ? await findPost(db, id, author.id) : null;
  if (!post) throw new Error('Post vanished after insert');
  return { post, created: true };
}

async function findByClientKey(db: Database, authorId: string, clientKey: string): Promise<Post | null> {
  const rows = rowsOf<{ post: Post }>(
    await db.execute(sql`select ${postJson(authorId)} as post
      from posts p join users u on u.id = p.author_id
      where p.author_id = ${authorId} and p.client_key = ${clientKey}`),
  );
  return rows[0]?.post ?? null;
}

/** The author's edit: content, and title, tags and attachments when sent (left out, they stay). */
export async function updatePost(
  db: Database,
  id: string,
  author: User,
  input: UpdatePostInput,
): Promise<Post> {
  const tags = input.tags === undefined ? null : JSON.stringify(input.tags);
  const files = input.attachments === undefined ? null : JSON.stringify(input.attachments);
  await db.execute(sql`
    with updated as (
      update posts set title = ${input.title === undefined ? sql`title` : input.title}, content = ${JSON.stringify(input.content)}::jsonb, updated_at = now()
      where id = ${id} and author_id = ${author.id} returning id
    ), old_tags as (
      delete from post_tags where post_id = ${id} and ${tags}::jsonb is not null
        and not (${tags}::jsonb ? name) and exists (select 1 from updated)
    ), new_tags as (
      insert into post_tags (post_id, name)
      select ${id}, tag from updated, jsonb_array_elements_text(coalesce(${tags}::jsonb, '[]'::jsonb)) as tag
      on conflict do nothing
    ), old_files as (
      delete from post_attachments where post_id = ${id} and ${files}::jsonb is not null
        and exists (select 1 from updated)
    ), new_files as (
      insert into post_attachments (post_id, name, url, type, created_at)
      select ${id}, file->>'name', file->>'url', (file->>'type')::attachment_type, now() + (n * interval '1 microsecond')
      from updated, jsonb_array_elements(coalesce(${files}::jsonb, '[]'::jsonb)) with ordinality as f(file, n)
    )
    select id from updated`);
  const post = await findPost(db, id, author.id);
  if (!post) throw notFound(POST_NOT_FOUND);
  return post;
}

export async function deletePost(db: Database, id: string): Promise<void> {
  await db.execute(sql`delete from posts where id = ${id}`);
}

/** Who may delete a post: its author, the space's moderators and admin, community admins. */
export function assertMayDelete(access: PostAccess, user: User): void {
  const communityAdmin = user.role === 'ADMIN' || user.role === 'SUPER_ADMIN';
  if (access.authorId === user.id || communityAdmin) return;
  if (access.role === 'MODERATOR' || access.role === 'ADMIN') return;
  throw forbidden(NOT_YOUR_POST);
}

export type LikeResult = PostLikeState & {
  /** A notification for the author, when this like is the liker's first on someone else's post. */
  notification: NotificationRow | null;
  changed: boolean;
};

export type NotificationRow = {
  id: string;
  userId: string;
  createdAt: string;
  title: string;
  payload: Record<string, string>;
};

/**
 * Likes or unlikes once per user; `likes_count` moves in the same statement. A first like of
 * someone else's post notifies its author, once per liker and post (an unlike and a new like
 * notify nobody again).
 */
export async function setLike(db: Database, postId: string, user: User, like: boolean): Promise<LikeResult> {
  const title = `${user.firstName} ${user.lastName} liked your post`;
  const statement = like
    ? sql`
      with changed as (
        insert into post_likes (post_id, user_id) values (${postId}, ${user.id}) on conflict do nothing returning post_id
      ), counted as (
        update posts set likes_count = likes_count + 1 where id = ${postId} and exists (select 1 from changed)
        returning likes_count, author_id, space_id
      ), notified as (
        insert into notifications (user_id, type, title, payload)
        select counted.author_id, 'POST_REACTION', ${title},
          jsonb_build_object('postId', ${postId}::text, 'spaceId', counted.space_id::text, 'userId', ${user.id}::text)
        from counted
        where counted.author_id <> ${user.id} and not exists (
          select 1 from notifications n where n.user_id = counted.author_id and n.type = 'POST_REACTION'
            and n.payload->>'postId' = ${postId}::text and n.payload->>'userId' = ${user.id}::text)
        returning json_build_object('id', id, 'userId', user_id, 'createdAt', ${iso(sql`created_at`)},
          'title', title, 'payload', payload) as row
      )
      select coalesce((select likes_count from counted), (select likes_count from posts where id = ${postId})) as likes,
        exists (select 1 from changed) as changed, (select row from notified) as notification`
    : sql`
      with changed as (
        delete from post_likes where post_id = ${postId} and user_id = ${user.id} returning post_id
      ), counted as (
        update posts set likes_count = greatest(likes_count - 1, 0) where id = ${postId} and exists (select 1 from changed)
        returning likes_count
      )
      select coalesce((select likes_count from counted), (select likes_count from posts where id = ${postId})) as likes,
        exists (select 1 from changed) as changed, null::json as notification`;
  const [row] = rowsOf<{ likes: number; changed: boolean; notification: NotificationRow | null }>(
    await db.execute(statement),
  );
  if (!row) throw notFound(POST_NOT_FOUND);
  return {
    id: postId,
    likes: row.likes,
    likedByMe: like,
    changed: row.changed,
    notification: row.notification,
  };
}
