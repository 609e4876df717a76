// New posts on their way to the server, kept in the page's outbox under their space's id (see
// outbox-views.ts): the post form hands a post over and closes; the walls show the unsent ones on top
// ("Not sent yet", or the server's refusal with Retry and Discard). Whenever one goes out, every open
// wall gets it (postSaved), whichever page sent it.
import { type OutboxItem, outbox } from '@community/api-client';
import type { Post } from '../api/types.ts';
import { type CreatePostBody, createPost } from '../components/editor/post-writes.ts';
import { discardUnsent, retryUnsent, sendThroughOutbox, useUnsent } from './outbox-views.ts';
import { postSaved } from './walls.ts';

export type PostAnswer = { post: Post };
export type NewPostBody = CreatePostBody & { clientKey: string };
export type UnsentPost = OutboxItem<NewPostBody>;

const sendItem = async (item: OutboxItem): Promise<PostAnswer> => {
  const answer = await createPost(item.payload as NewPostBody);
  postSaved(answer.post);
  return answer;
};

outbox.registerSender('post', sendItem);

export const sendPost = (payload: NewPostBody) =>
  sendThroughOutbox({ kind: 'post', target: payload.spaceId, payload }, sendItem);

/** A space's unsent posts, or (spaceId null: the community wall) all of them. */
export const useUnsentPosts = (spaceId: string | null) =>
  useUnsent<NewPostBody, PostAnswer>('post', spaceId ?? undefined, sendItem, () => {});

export const retryPost = (clientKey: string) => retryUnsent<PostAnswer>(clientKey, sendItem, () => {});

export const discardPost = discardUnsent;
