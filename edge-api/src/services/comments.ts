// Comments on posts (spec sections 3, 4, 7): newest first, page by page; a client key makes a
// retried comment one row; the post's comments_count and the author's notification are written in
// the statement that adds the comment, so the counts never drift from the rows.
import type { CommentListQuery, CreateCommentInput, PostComment, User } from '@community/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db.ts';
import { decodeCursor, encodeCursor } from '../lib/cursor.ts';
import { forbidden, isUniqueViolation, notFound } from '../lib/errors.ts';
import type { NotificationRow, PostAccess } from './posts.ts';
import { rowsOf } from './posts-rows.ts';

export const COMMENT_NOT_FOUND = 'Comment not found';
export const NOT_YOUR_COMMENT = 'You can only delete your own comments.';

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const commentJson = sql`json_build_object(
  'id', c.id, 'postId', c.post_id, 'content', c.content, 'imageUrl', c.image_url, 'createdAt', ${iso('c.created_at')},
  'user', json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'imageUrl', u.image_url)
)`;

const CommentCursor = z.tuple([z.string().min(1).max(64), z.uuid()]);

/** A page of a post's comments, newest first; the next page continues with older ones. */
export async function listComments(db: Database, postId: string, query: CommentListQuery) {
  const cursor = decodeCursor(query.cursor, CommentCursor);
  const rows = rowsOf<{ comment: PostComment; key_time: string; id: string }>(
    await db.execute(sql`
      select ${commentJson} as comment, c.created_at::text as key_time, c.id
      from comments c join users u on u.id = c.user_id
      where c.post_id = ${postId}
        ${cursor ? sql`and (c.created_at, c.id) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)` : sql``}
      order by c.created_at desc, c.id desc limit ${query.limit + 1}`),
  );
  const visible = rows.slice(0, query.limit);
  const last = visible.at(-1);
  return {
    items: visible.map((row) => row.comment),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.key_time, last.id]) : null,
  };
}

async function findByClientKey(db: Database, userId: string, clientKey: string) {
  const rows = rowsOf<{ comment: PostComment; commentsCount: number }>(
    await db.execute(sql`
      select ${commentJson} as comment, p.comments_count as "commentsCount"
      from comments c join users u on u.id = c.user_id join posts p on p.id = c.post_id
      where c.user_id = ${userId} and c.client_key = ${clientKey}`),
  );
  return rows[0] ?? null;
}

export type AddedComment = {
  comment: PostComment;
  commentsCount: number;
  created: boolean;
  notification: NotificationRow | null;
};

/** Adds a comment once per client key; notifies the post's author unless they wrote it. */
export async function addComment(
  db: Database,
  post: PostAccess,
  user: User,
  input: CreateCommentInput,
): Promise<AddedComment> {
  const existing = await findByClientKey(db, user.id, input.clientKey);
  if (existing) return { ...existing, created: false, notification: null };
  const title = `${user.firstName} ${user.lastName} commented on your post`;
  let row:
    | { id: string; created_at: string; comments_count: number; notification: NotificationRow | null }
    | undefined;
  try {
    [row] = rowsOf<NonNullable<typeof row>>(
      await db.execute(sql`
        with inserted as (
          insert into comments (post_id, user_id, content, image_url, client_key)
          values (${post.id}, ${user.id}, ${JSON.stringify(input.content)}::jsonb, ${input.imageUrl}, ${input.clientKey})
          returning id, created_at
        ), counted as (
          update posts set comments_count = comments_count + 1
          where id = ${post.id} and exists (select 1 from inserted) returning comments_count, author_id, space_id
        ), notified as (
          insert into notifications (user_id, type, title, payload)
          select counted.author_id, 'POST_COMMENT', ${title},
            jsonb_build_object('postId', ${post.id}::text, 'spaceId', counted.space_id::text,
              'commentId', (select id from inserted)::text, 'userId', ${user.id}::text)
          from counted where counted.author_id <> ${user.id}
          returning json_build_object('id', id, 'userId', user_id, 'createdAt', ${iso('created_at')},
            'title', title, 'payload', payload) as row
        )
        select inserted.id, ${iso('inserted.created_at')} as created_at, counted.comments_count,
          (select row from notified) as notification
        from inserted, counted`),
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await findByClientKey(db, user.id, input.clientKey);
    if (!winner) throw error;
    return { ...winner, created: false, notification: null };
  }
  if (!row) throw notFound('Post not found');
  return {
    comment: {
      id: row.id,
      postId: post.id,
      content: input.content,
      imageUrl: input.imageUrl,
      createdAt: row.created_at,
      user: { id: user.id, firstName: user.firstName, lastName: user.lastName, imageUrl: user.imageUrl },
    },
    commentsCount: row.comments_count,
    created: true,
    notification: row.notification,
  };
}

export async function findCommentAuthor(
  db: Database,
  postId: string,
  commentId: string,
): Promise<string | null> {
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(sql`select user_id from comments where id = ${commentId} and post_id = ${postId}`),
  );
  return rows[0]?.user_id ?? null;
}

/** Own comments; the space's moderators and admin and community admins delete any. */
export function assertMayDeleteComment(post: PostAccess, authorId: string, user: User): void {
  if (authorId === user.id || user.role === 'ADMIN' || user.role === 'SUPER_ADMIN') return;
  if (post.role === 'MODERATOR' || post.role === 'ADMIN') return;
  throw forbidden(NOT_YOUR_COMMENT);
}

/** Deletes the comment and lowers the post's count in one statement; answers the new count. */
export async function deleteComment(db: Database, postId: string, commentId: string): Promise<number> {
  const [row] = rowsOf<{ comments_count: number }>(
    await db.execute(sql`
      with gone as (delete from comments where id = ${commentId} and post_id = ${postId} returning id),
      counted as (
        update posts set comments_count = greatest(comments_count - 1, 0)
        where id = ${postId} and exists (select 1 from gone) returning comments_count
      )
      select coalesce((select comments_count from counted), (select comments_count from posts where id = ${postId}))
        as comments_count`),
  );
  return row?.comments_count ?? 0;
}
