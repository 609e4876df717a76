// What the posts routes answer (docs/api.md "Posts and comments"): a post with its author, counts,
// tags and attachments, and a comment with its writer. Content is a stored Lexical editor state.
import type { AttachmentType, UserSummary } from '@community/domain';

export type PostAuthor = UserSummary;

export type PostAttachment = {
  id: string;
  name: string;
  url: string;
  type: AttachmentType;
  createdAt: string;
};

export type Post = {
  id: string;
  spaceId: string;
  title: string | null;
  /** A Lexical editor state (`{ root: { children: [...] } }`); read with RichText. */
  content: unknown;
  tags: string[];
  scheduledAt: string | null;
  publishedAt: string;
  createdAt: string;
  updatedAt: string;
  /** Not yet published: only its author sees it. */
  scheduled: boolean;
  author: PostAuthor;
  attachments: PostAttachment[];
  likes: number;
  likedByMe: boolean;
  commentsCount: number;
};

export type PostComment = {
  id: string;
  postId: string;
  content: unknown;
  imageUrl: string | null;
  createdAt: string;
  user: PostAuthor;
};

export const POST_SORTS = ['recent', 'oldest', 'popular'] as const;
export type PostSort = (typeof POST_SORTS)[number];

export type Page<T> = { items: T[]; nextCursor: string | null };
