// The community post wall: posts (optionally scheduled), tags, attachments, likes and comments.
// Rich text is Lexical JSON, checked by edge-api before it gets here.

import { index, integer, jsonb, pgEnum, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';
import { spaces } from './spaces.ts';
import { users } from './users.ts';

export const ATTACHMENT_TYPES = ['audio', 'video', 'img', 'file', 'a'] as const;
export const attachmentTypeEnum = pgEnum('attachment_type', ATTACHMENT_TYPES);

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Every post lives on one space's wall; the community wall shows the spaces a member may read. */
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    content: jsonb('content').$type<unknown>().notNull(),
    /** Null: published at created_at. Otherwise hidden from others until this time. */
    scheduledAt: timestamptz('scheduled_at'),
    /** When others first see it: scheduled_at, or created_at. Walls order and filter by it. */
    publishedAt: timestamptz('published_at').notNull().defaultNow(),
    /** Kept in the statement that adds or removes a like or comment, so walls sort by them with an index. */
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    /** The author's idempotency key: a retried create makes one post. */
    clientKey: text('client_key'),
    ...timestamps(),
  },
  (t) => [
    index('posts_space_published_idx').on(t.spaceId, t.publishedAt, t.id),
    index('posts_published_idx').on(t.publishedAt, t.id),
    index('posts_space_popular_idx').on(t.spaceId, t.likesCount, t.commentsCount, t.id),
    index('posts_popular_idx').on(t.likesCount, t.commentsCount, t.id),
    index('posts_author_id_idx').on(t.authorId),
    unique('posts_author_client_key_unique').on(t.authorId, t.clientKey),
  ],
);

export const postTags = pgTable(
  'post_tags',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.name] }), index('post_tags_name_idx').on(t.name)],
);

export const postAttachments = pgTable(
  'post_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    type: attachmentTypeEnum('type').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('post_attachments_post_id_idx').on(t.postId)],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_id_idx').on(t.userId)],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: jsonb('content').$type<unknown>().notNull(),
    /** An optional image (an upload in the postsComments bucket). */
    imageUrl: text('image_url'),
    /** The author's idempotency key: a retried comment is added once. */
    clientKey: text('client_key'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('comments_post_id_created_at_id_idx').on(t.postId, t.createdAt, t.id),
    index('comments_user_id_idx').on(t.userId),
    unique('comments_user_client_key_unique').on(t.userId, t.clientKey),
  ],
);

export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
export type PostRow = typeof posts.$inferSelect;
export type NewPostRow = typeof posts.$inferInsert;
export type PostTagRow = typeof postTags.$inferSelect;
export type NewPostTagRow = typeof postTags.$inferInsert;
export type PostAttachmentRow = typeof postAttachments.$inferSelect;
export type NewPostAttachmentRow = typeof postAttachments.$inferInsert;
export type PostLikeRow = typeof postLikes.$inferSelect;
export type NewPostLikeRow = typeof postLikes.$inferInsert;
export type CommentRow = typeof comments.$inferSelect;
export type NewCommentRow = typeof comments.$inferInsert;
