// The editor's writes (docs/api.md, Posts and comments): create and edit a post. Bodies are the
// domain's CreatePostInput / UpdatePostInput, checked by the form before they are sent.
import { api, SEND_OPTIONS } from '@community/api-client';
import type { CreatePostInput, UpdatePostInput } from '@community/domain';
import type { Post } from '../../api/types.ts';

/** What the form sends: the schema's input (before its defaults and transforms). */
export type CreatePostBody = Omit<CreatePostInput, 'attachments' | 'tags' | 'title' | 'scheduledAt'> & {
  title?: string | null | undefined;
  tags?: string[];
  attachments?: CreatePostInput['attachments'];
  scheduledAt?: string | null | undefined;
};

export type UpdatePostBody = Pick<UpdatePostInput, 'content'> & { title?: string | null; tags?: string[] };

/** Sent through the outbox, with its `clientKey`. */
export const createPost = (body: CreatePostBody) =>
  api.post<{ post: Post }>('/api/socket/posts', body, SEND_OPTIONS);

export const updatePost = (id: string, body: UpdatePostBody) =>
  api.put<{ post: Post }>(`/api/socket/posts/${encodeURIComponent(id)}`, body);
