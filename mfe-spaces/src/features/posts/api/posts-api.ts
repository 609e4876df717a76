// Posts and comments calls of docs/api.md: wall pages (one space or the whole community), one post,
// delete, like/unlike (PUT/DELETE, idempotent), and comment pages and deletes.
import { api, SEND_OPTIONS, withQuery } from '@community/api-client';
import type { Page, Post, PostComment, PostSort } from './types.ts';

export type PostsQuery = {
  /** Absent: the community wall (every space the member may read). */
  spaceId?: string | null | undefined;
  sortBy: PostSort;
  tags: readonly string[];
  limit?: number;
};

const postPath = (id: string) => `/api/socket/posts/${encodeURIComponent(id)}`;

export const fetchPosts = (query: PostsQuery, cursor: string | null, signal?: AbortSignal) =>
  api.get<Page<Post>>(
    withQuery('/api/posts', {
      spaceId: query.spaceId,
      cursor,
      sortBy: query.sortBy,
      tags: query.tags.join(','),
      limit: query.limit,
    }),
    { signal },
  );

export const fetchPost = (id: string, signal?: AbortSignal) =>
  api.get<{ post: Post }>(`/api/posts/${encodeURIComponent(id)}`, { signal });

export const deletePost = (id: string) => api.delete<{ id: string }>(postPath(id));

export type LikeAnswer = { id: string; likes: number; likedByMe: boolean };

/** PUT likes, DELETE unlikes; both may be repeated safely. */
export const setPostLike = (id: string, liked: boolean) =>
  liked ? api.put<LikeAnswer>(`${postPath(id)}/like`) : api.delete<LikeAnswer>(`${postPath(id)}/like`);

/** Newest first. */
export const fetchComments = (postId: string, cursor: string | null, signal?: AbortSignal) =>
  api.get<Page<PostComment>>(withQuery(`/api/posts/${encodeURIComponent(postId)}/comments`, { cursor }), {
    signal,
  });

export type CreateCommentBody = { content: unknown; imageUrl?: string | undefined; clientKey: string };

export const createComment = (postId: string, body: CreateCommentBody) =>
  api.post<{ comment: PostComment }>(
    `/api/socket/posts/comments/${encodeURIComponent(postId)}`,
    body,
    SEND_OPTIONS,
  );

export const deleteComment = (postId: string, commentId: string) =>
  api.delete<{ id: string }>(
    `/api/socket/posts/comments/${encodeURIComponent(postId)}/${encodeURIComponent(commentId)}`,
  );
