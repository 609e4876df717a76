// What a posts room (one per space, PARTIES.postsRoom, room name = the space id) sends to the
// walls that listen to it. The payloads are the API's Post and Comment JSON, so a wall merges an
// event into its list exactly as it merges an HTTP page, and drops duplicates by id.
import { z } from 'zod';
import { Person } from './chat-payloads.ts';

export const PostAttachmentPayload = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  type: z.enum(['audio', 'video', 'img', 'file', 'a']),
  createdAt: z.string(),
});

/** The API's Post JSON. In a broadcast `likedByMe` is always false: each client keeps its own. */
export const PostPayload = z.object({
  id: z.string(),
  spaceId: z.string(),
  title: z.string().nullable(),
  /** Lexical's serialized editor state, already checked against the allow-list by edge-api. */
  content: z.unknown(),
  tags: z.array(z.string()),
  scheduledAt: z.string().nullable(),
  publishedAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  scheduled: z.boolean(),
  author: Person,
  attachments: z.array(PostAttachmentPayload),
  likes: z.number().int(),
  likedByMe: z.boolean(),
  commentsCount: z.number().int(),
});
export type PostPayload = z.infer<typeof PostPayload>;

/** The API's Comment JSON. */
export const CommentPayload = z.object({
  id: z.string(),
  postId: z.string(),
  content: z.unknown(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  user: Person,
});
export type CommentPayload = z.infer<typeof CommentPayload>;

/** A post became visible to the space's readers: written now, or its scheduled time came. */
export const PostCreatedEvent = z.object({ type: z.literal('post.created'), post: PostPayload });
export const PostUpdatedEvent = z.object({ type: z.literal('post.updated'), post: PostPayload });
export const PostDeletedEvent = z.object({
  type: z.literal('post.deleted'),
  id: z.string(),
  spaceId: z.string(),
});
/** The post's like count after a like or unlike (whose like it was is not said). */
export const PostLikedEvent = z.object({
  type: z.literal('post.liked'),
  id: z.string(),
  likes: z.number().int(),
});
export const CommentCreatedEvent = z.object({
  type: z.literal('comment.created'),
  postId: z.string(),
  comment: CommentPayload,
  commentsCount: z.number().int(),
});
export const CommentDeletedEvent = z.object({
  type: z.literal('comment.deleted'),
  postId: z.string(),
  id: z.string(),
  commentsCount: z.number().int(),
});

export const POST_EVENTS = [
  PostCreatedEvent,
  PostUpdatedEvent,
  PostDeletedEvent,
  PostLikedEvent,
  CommentCreatedEvent,
  CommentDeletedEvent,
] as const;
