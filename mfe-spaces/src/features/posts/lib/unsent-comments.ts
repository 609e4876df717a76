// Comments on their way to the server, kept in the page's outbox (@community/api-client, outbox.ts)
// under the post's id: the composer hands a comment over and learns how its first attempt went; the
// comments dialog shows the post's unsent ones ("Not sent yet", or the server's refusal with Retry
// and Discard) and, when it opens (after a reload too), sends them again with their first clientKey.
import { isPassingFailure, type Outbox, type OutboxItem, outbox as pageOutbox } from '@community/api-client';
import { useEffect, useRef, useState } from 'react';
import { type CreateCommentBody, createComment } from '../api/posts-api.ts';
import type { PostComment } from '../api/types.ts';

export type CommentAnswer = { comment: PostComment };
export type UnsentComment = OutboxItem<CreateCommentBody>;

const sendItem = (item: OutboxItem) => createComment(item.target, item.payload as CreateCommentBody);

// Sent from the outbox even when the dialog is closed (after a reload, when the API is back).
pageOutbox.registerSender('comment', sendItem);

export type FirstAttempt = 'sent' | 'waiting' | 'refused';

/**
 * Stores the comment, then sends it until the server answers. `first` settles after the first attempt:
 * sent, waiting (a passing failure: the outbox goes on), or refused (the server's answer, in `delivered`).
 */
export function sendComment(postId: string, payload: CreateCommentBody, outbox: Outbox = pageOutbox) {
  outbox.add({ clientKey: payload.clientKey, kind: 'comment', target: postId, payload });
  let settle: (outcome: FirstAttempt) => void = () => {};
  const first = new Promise<FirstAttempt>((resolve) => (settle = resolve));
  const delivered = outbox
    .deliver<CommentAnswer>(payload.clientKey, async (item) => {
      try {
        return await sendItem(item);
      } catch (error) {
        if (isPassingFailure(error)) settle('waiting');
        throw error;
      }
    })
    .then((result) => {
      settle(result.ok ? 'sent' : 'refused');
      return result;
    });
  return { first, delivered };
}

/**
 * The post's unsent comments, kept current with the outbox; each one still waiting is sent (again)
 * when the dialog opens, and `onDelivered` gets the server's comment.
 */
export function useUnsentComments(
  postId: string,
  onDelivered: (comment: PostComment) => void,
  outbox: Outbox = pageOutbox,
): UnsentComment[] {
  const read = () => outbox.list<CreateCommentBody>('comment', postId);
  const [items, setItems] = useState(read);
  const delivered = useRef(onDelivered);
  delivered.current = onDelivered;
  useEffect(() => {
    setItems(read());
    return outbox.subscribe(() => setItems(read()));
  }, [postId, outbox]);

  useEffect(() => {
    let open = true;
    for (const item of read()) {
      if (item.refusal !== null) continue;
      void outbox.deliver<CommentAnswer>(item.clientKey, sendItem).then((result) => {
        if (open && result.ok) delivered.current(result.result.comment);
      });
    }
    return () => {
      open = false;
    };
  }, [postId, outbox]);
  return items;
}

/** The member's Retry after a refusal: the same clientKey again. */
export function retryComment(
  clientKey: string,
  onDelivered: (comment: PostComment) => void,
  outbox = pageOutbox,
) {
  void outbox.retry<CommentAnswer>(clientKey, sendItem).then((result) => {
    if (result.ok) onDelivered(result.result.comment);
  });
}

export const discardComment = (clientKey: string, outbox = pageOutbox) => outbox.remove(clientKey);
