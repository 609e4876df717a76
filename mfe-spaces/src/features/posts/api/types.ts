// What the posts routes answer (docs/api.md "Posts and comments"): the shapes live with the
// schemas in @community/domain, shared with edge-api; the wall's own names for them are here.
import type { PostPerson } from '@community/domain';

export type { Post, PostAttachment, PostComment, PostSort } from '@community/domain';
export { POST_SORTS } from '@community/domain';

export type PostAuthor = PostPerson;

export type Page<T> = { items: T[]; nextCursor: string | null };
