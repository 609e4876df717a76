// The comments dialog (modal newComment, spec sections 2 and 4): the post's comments newest first,
// the next page when the reader scrolls within 100 px of the bottom, new and deleted comments live
// (polling every 10 s while the socket is offline), and the comment composer at the bottom.

import { isPassingFailure, referenceOf, relativeTime } from '@community/api-client';
import {
  COMMENTS_LOAD_FAILED,
  COMMENTS_LOADING,
  LOAD_MORE_THRESHOLD_PX,
  POST_NOT_FOUND,
  type SpaceMemberRole,
  type User,
} from '@community/domain';
import { Avatar, Button, closeModal, Dialog, ErrorReference, Spinner, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type ReactNode, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { serverMessage } from '../../../lib/error-message.ts';
import { fullName } from '../../../lib/format.ts';
import { Trash } from '../../../lib/icons.tsx';
import { deleteComment, fetchComments, fetchPost } from '../api/posts-api.ts';
import type { Post, PostComment } from '../api/types.ts';
import { useCloseComments } from '../lib/comments-link.ts';
import { CommentsStore } from '../lib/comments-store.ts';
import { canDeleteWrite, hasPostsFeature } from '../lib/permissions.ts';
import { listenToPostsRoom } from '../lib/posts-rooms.ts';
import { RichText } from '../lib/rich-text.tsx';
import {
  discardComment,
  retryComment,
  type UnsentComment,
  useUnsentComments,
} from '../lib/unsent-comments.ts';
import { commentsCounted, findOpenPost } from '../lib/walls.ts';
import { AttachmentCard } from './attachments/index.ts';
import { UnsentState } from './unsent-state.tsx';

export type PostState = { status: 'loading' } | { status: 'ready'; post: Post } | { status: 'missing' };

/** While the server is away, the post is looked for again this often (an open wall may have it by then). */
export const POST_RETRY_MS = 2000;

/**
 * The post a dialog was opened for: from an open wall, else from the API ("Post not found" closes it).
 * While the server is away (a reload during an outage, `?postId=`), it keeps looking rather than
 * saying the post is gone: the wall, served from the last good answers, usually has it a moment later.
 */
export function usePost(postId: string): PostState {
  const [state, setState] = useState<PostState>(() => {
    const held = findOpenPost(postId);
    return held ? { status: 'ready', post: held } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (state.status !== 'loading') return;
    const held = findOpenPost(postId);
    if (held) {
      setState({ status: 'ready', post: held });
      return;
    }
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    fetchPost(postId, controller.signal).then(
      ({ post }) => setState({ status: 'ready', post }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[posts] post', error);
        if (isPassingFailure(error)) {
          retry = setTimeout(() => setAttempt((count) => count + 1), POST_RETRY_MS);
          return;
        }
        toast.error(POST_NOT_FOUND, undefined, { reference: referenceOf(error) });
        setState({ status: 'missing' });
        closeModal();
      },
    );
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [postId, state.status, attempt]);
  return state;
}

/** A CommentsStore for the post, fed by its space's posts room while the dialog is open. */
export function useComments(postId: string, spaceId: string | null, api = { fetchComments }): CommentsStore {
  const [store] = useState(() => new CommentsStore(postId, api));
  useEffect(() => {
    store.revive();
    void store.load();
    return () => store.dispose();
  }, [store]);
  useEffect(() => {
    if (!spaceId) return;
    return listenToPostsRoom(spaceId, {
      onEvent: (event) => store.handleEvent(event),
      onConnectedChange: (connected) => store.setConnected(connected),
    });
  }, [spaceId, store]);
  return store;
}

function CommentItem({
  comment,
  canDelete,
  onDelete,
}: {
  comment: PostComment;
  canDelete: boolean;
  onDelete: (comment: PostComment) => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const name = fullName(comment.user);
  return (
    <li data-comment-id={comment.id} className={css({ display: 'flex', gap: '3', py: '3' })}>
      <Avatar name={name} src={comment.user.imageUrl} size="sm" />
      <div className={css({ flex: '1', minW: '0', display: 'grid', gap: '1' })}>
        <div className={css({ display: 'flex', alignItems: 'baseline', gap: '2' })}>
          <span className={css({ fontWeight: 'semibold', textStyle: 'sm' })}>{name}</span>
          <time dateTime={comment.createdAt} className={css({ textStyle: 'xs', color: 'fg.subtle' })}>
            {relativeTime(comment.createdAt)}
          </time>
          {canDelete && !confirming ? (
            <Button
              variant="ghost"
              size="xs"
              aria-label="Delete comment"
              className={css({ ms: 'auto' })}
              onClick={() => setConfirming(true)}
            >
              <Trash />
            </Button>
          ) : null}
        </div>
        <RichText content={comment.content} className={css({ textStyle: 'sm' })} />
        {comment.imageUrl ? (
          <AttachmentCard attachment={{ name: 'Image', url: comment.imageUrl, type: 'img' }} />
        ) : null}
        {confirming ? (
          <div
            aria-live="polite"
            className={css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'sm' })}
          >
            <span>Delete this comment?</span>
            <Button size="xs" variant="outline" onClick={() => setConfirming(false)} disabled={deleting}>
              Cancel
            </Button>
            <Button
              size="xs"
              className={css({ colorPalette: 'danger' })}
              loading={deleting}
              onClick={async () => {
                setDeleting(true);
                await onDelete(comment);
                setDeleting(false);
                setConfirming(false);
              }}
            >
              Delete
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The member's comments on this post that the server has not taken yet: newest first above the list,
 * "Not sent yet" while the outbox keeps sending them, or the server's refusal with Retry and Discard.
 */
function UnsentComments({
  items,
  me,
  onDelivered,
}: {
  items: readonly UnsentComment[];
  me: Pick<User, 'firstName' | 'lastName' | 'imageUrl'>;
  onDelivered: (comment: PostComment) => void;
}) {
  if (items.length === 0) return null;
  const name = fullName(me);
  return (
    <ol aria-label="Unsent comments" className={css({ divideY: '1px', opacity: 0.8 })}>
      {[...items].reverse().map((item) => (
        <li
          key={item.clientKey}
          data-unsent-comment={item.clientKey}
          className={css({ display: 'flex', gap: '3', py: '3' })}
        >
          <Avatar name={name} src={me.imageUrl} size="sm" />
          <div className={css({ flex: '1', minW: '0', display: 'grid', gap: '1' })}>
            <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
              <span className={css({ fontWeight: 'semibold', textStyle: 'sm' })}>{name}</span>
              <UnsentState
                item={item}
                onRetry={() => retryComment(item.clientKey, onDelivered)}
                onDiscard={() => discardComment(item.clientKey)}
              />
            </div>
            <RichText
              content={item.payload.content as PostComment['content']}
              className={css({ textStyle: 'sm' })}
            />
            {item.payload.imageUrl ? (
              <AttachmentCard attachment={{ name: 'Image', url: item.payload.imageUrl, type: 'img' }} />
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

export type CommentsListProps = {
  store: CommentsStore;
  me: Pick<User, 'id' | 'role' | 'features'>;
  spaceRole?: SpaceMemberRole | null | undefined;
  postId: string;
};

/** The scrolling list: loading, error, the comments, and more when near the bottom. */
export function CommentsList({ store, me, spaceRole, postId }: CommentsListProps) {
  const state = useSnapshot(store.state);

  async function remove(comment: PostComment) {
    try {
      await deleteComment(postId, comment.id);
      // The room's event may have come first, with the true count: count only if it has not.
      const count = store.state.commentsCount ?? findOpenPost(postId)?.commentsCount;
      if (store.remove(comment.id) && count !== undefined) commentsCounted(postId, Math.max(0, count - 1));
    } catch (error) {
      toast.error('Failed to delete comment', serverMessage(error), { reference: referenceOf(error) });
    }
  }

  let body: ReactNode;
  if (state.status === 'loading') {
    body = (
      <p role="status" className={css({ py: '6', textAlign: 'center', color: 'fg.muted', textStyle: 'sm' })}>
        {COMMENTS_LOADING}
      </p>
    );
  } else if (state.status === 'error') {
    body = (
      <div
        role="alert"
        className={css({ py: '6', textAlign: 'center', display: 'grid', gap: '2', justifyItems: 'center' })}
      >
        <p className={css({ color: 'danger.text', textStyle: 'sm' })}>{COMMENTS_LOAD_FAILED}</p>
        <ErrorReference reference={state.reference} />
        <Button size="sm" variant="outline" onClick={() => void store.load()}>
          Retry
        </Button>
      </div>
    );
  } else if (state.comments.length === 0) {
    body = (
      <p className={css({ py: '6', textAlign: 'center', color: 'fg.muted', textStyle: 'sm' })}>
        No comments yet. Be the first to comment.
      </p>
    );
  } else {
    body = (
      <ol aria-label="Comments" className={css({ divideY: '1px' })}>
        {(state.comments as readonly PostComment[]).map((comment) => (
          <CommentItem
            key={comment.id}
            comment={comment}
            canDelete={canDeleteWrite(comment.user.id, me, spaceRole)}
            onDelete={remove}
          />
        ))}
      </ol>
    );
  }

  return (
    <div
      data-testid="comments-scroller"
      onScroll={(event) => {
        const element = event.currentTarget;
        if (element.scrollHeight - element.scrollTop - element.clientHeight <= LOAD_MORE_THRESHOLD_PX) {
          void store.loadMore();
        }
      }}
      className={css({
        flex: '1',
        minH: '0',
        maxH: '60dvh',
        overflowY: 'auto',
        overscrollBehavior: 'contain',
      })}
    >
      {body}
      {state.status === 'ready' && state.hasMore ? (
        <div className={css({ display: 'flex', justifyContent: 'center', py: '2' })}>
          {state.loadingMore ? (
            <Spinner size="sm" label="Loading more comments" />
          ) : (
            <Button variant="ghost" size="xs" onClick={() => void store.loadMore()}>
              Load more comments
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}

export type CommentsDialogProps = {
  postId: string;
  spaceRole?: SpaceMemberRole | null | undefined;
  /** The composer at the bottom (the editor's, loaded lazily); given the post and a callback. */
  composer?: (props: { post: Post; onCommented: (comment: PostComment) => void }) => ReactNode;
};

function CommentsBody({ post, spaceRole, composer }: { post: Post } & Omit<CommentsDialogProps, 'postId'>) {
  const me = useCurrentUser();
  const store = useComments(post.id, post.spaceId);
  const onCommented = (comment: PostComment) => {
    const count = store.state.commentsCount ?? findOpenPost(post.id)?.commentsCount ?? post.commentsCount;
    if (store.added(comment)) commentsCounted(post.id, count + 1);
  };
  const unsent = useUnsentComments(post.id, onCommented);
  if (!me) return null;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', minH: '0' })}>
      {/* The post itself, short, so a comments link (`?postId=`) shows what is being discussed. */}
      <div
        className={css({ maxH: '40', overflowY: 'auto', textStyle: 'sm', pb: '3', borderBottomWidth: '1px' })}
      >
        <RichText content={post.content} />
      </div>
      <UnsentComments items={unsent} me={me} onDelivered={onCommented} />
      <CommentsList store={store} me={me} spaceRole={spaceRole} postId={post.id} />
      {/* Members of the space with the `posts` feature comment; an unknown role (Home) is left to the server. */}
      {!hasPostsFeature(me) || spaceRole === null ? (
        <p className={css({ textStyle: 'sm', color: 'fg.muted', textAlign: 'center', py: '2' })}>
          {spaceRole === null
            ? 'Only members of this space can comment.'
            : 'Commenting is not enabled for you.'}
        </p>
      ) : composer ? (
        composer({ post, onCommented })
      ) : null}
    </div>
  );
}

export function CommentsDialog({ postId, spaceRole, composer }: CommentsDialogProps) {
  const post = usePost(postId);
  const close = useCloseComments(postId);
  if (post.status === 'missing') return null;
  const title = post.status === 'ready' && post.post.title ? post.post.title : 'Comments';
  return (
    <Dialog.Root open size="lg" onOpenChange={(details) => (details.open ? undefined : close())}>
      <Dialog.Popup>
        <Dialog.CloseButton />
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
          {post.status === 'ready' ? (
            <Dialog.Description>
              {fullName(post.post.author)} · {relativeTime(post.post.publishedAt)}
            </Dialog.Description>
          ) : null}
        </Dialog.Header>
        <Dialog.Body className={css({ display: 'flex', flexDirection: 'column' })}>
          {post.status === 'ready' ? (
            <CommentsBody post={post.post} spaceRole={spaceRole} composer={composer} />
          ) : (
            <p
              role="status"
              className={css({ py: '6', textAlign: 'center', color: 'fg.muted', textStyle: 'sm' })}
            >
              {COMMENTS_LOADING}
            </p>
          )}
        </Dialog.Body>
      </Dialog.Popup>
    </Dialog.Root>
  );
}
