// Comments on their way to the server, kept in the page's outbox under the post's id (see
// outbox-views.ts): the composer hands a comment over, the comments dialog lists the post's unsent
// ones ("Not sent yet", or the server's refusal with Retry and Discard).
import { type OutboxItem, outbox } from '@community/api-client';
import { type CreateCommentBody, createComment } from '../api/posts-api.ts';
import type { PostComment } from '../api/types.ts';
import { discardUnsent, retryUnsent, sendThroughOutbox, useUnsent } from './outbox-views.ts';

export type CommentAnswer = { comment: PostComment };
export type UnsentComment = OutboxItem<CreateCommentBody>;

const sendItem = (item: OutboxItem) => createComment(item.target, item.payload as CreateCommentBody);

// Sent from the outbox even when the dialog is closed (after a reload, when the API is back).
outbox.registerSender('comment', sendItem);

export const sendComment = (postId: string, payload: CreateCommentBody) =>
  sendThroughOutbox({ kind: 'comment', target: postId, payload }, sendItem);

export const useUnsentComments = (postId: string, onDelivered: (comment: PostComment) => void) =>
  useUnsent<CreateCommentBody, CommentAnswer>('comment', postId, sendItem, (answer) =>
    onDelivered(answer.comment),
  );

export const retryComment = (clientKey: string, onDelivered: (comment: PostComment) => void) =>
  retryUnsent<CommentAnswer>(clientKey, sendItem, (answer) => onDelivered(answer.comment));

export const discardComment = discardUnsent;
