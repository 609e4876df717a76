// The posts dialogs of `mfe_spaces/Modals`, chosen by the modal host's `type`: newPost and editPost
// (the editor's form), newComment (the comments dialog with the composer), deleteConfirm and readMore.
// The editor and composer load on first use, so nothing here makes a reader download Lexical.
import type { SpaceMemberRole } from '@community/domain';
import { Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { lazy, Suspense } from 'react';
import type { Post, PostComment } from '../api/types.ts';
import { POST_MODAL_TYPES, type PostModalType } from '../lib/post-modals.ts';
import { postSaved } from '../lib/walls.ts';
import { CommentsDialog, usePost } from './comments-dialog.tsx';
import { DeletePostDialog } from './delete-post-dialog.tsx';
import { ReadMoreDialog } from './read-more-dialog.tsx';

/** The editor's chunk (the forms; Lexical itself follows when a form opens). Home prefetches it. */
export const loadEditor = () => import('./editor/index.ts');
const PostFormDialog = lazy(() => loadEditor().then((module) => ({ default: module.PostFormDialog })));
const CommentComposer = lazy(() => loadEditor().then((module) => ({ default: module.CommentComposer })));

export const isPostModal = (type: string): type is PostModalType =>
  (POST_MODAL_TYPES as readonly string[]).includes(type);

export type PostsModalsProps = {
  type: PostModalType;
  spaceId?: string | undefined;
  /** newPost from Home: the form shows a picker of the spaces the member may post in. */
  chooseSpace?: boolean | undefined;
  postId?: string | undefined;
  spaceRole?: SpaceMemberRole | null | undefined;
};

function EditPost({ postId }: { postId: string }) {
  const state = usePost(postId);
  if (state.status !== 'ready') return null;
  return (
    <Suspense fallback={null}>
      <PostFormDialog mode="edit" spaceId={state.post.spaceId} post={state.post} onDone={postSaved} />
    </Suspense>
  );
}

const composer = ({ post, onCommented }: { post: Post; onCommented: (comment: PostComment) => void }) => (
  <Suspense fallback={<Skeleton className={css({ h: '20', w: 'full', borderRadius: 'l2' })} />}>
    <CommentComposer postId={post.id} spaceId={post.spaceId} onSent={onCommented} />
  </Suspense>
);

export function PostsModals({ type, spaceId, chooseSpace, postId, spaceRole }: PostsModalsProps) {
  if (type === 'newPost') {
    if (!spaceId && !chooseSpace) return missing(type);
    return (
      <Suspense fallback={null}>
        <PostFormDialog mode="new" spaceId={spaceId ?? null} chooseSpace={chooseSpace} onDone={postSaved} />
      </Suspense>
    );
  }
  if (!postId) return missing(type);
  switch (type) {
    case 'editPost':
      return <EditPost postId={postId} />;
    case 'newComment':
      return <CommentsDialog postId={postId} spaceRole={spaceRole} composer={composer} />;
    case 'deleteConfirm':
      return <DeletePostDialog postId={postId} />;
    case 'readMore':
      return <ReadMoreDialog postId={postId} />;
    default:
      return null;
  }
}

function missing(type: string) {
  console.error(`[posts] modal ${type} opened without its id`);
  return null;
}
