// The deleteConfirm modal for a post: asks, deletes, and takes the post off every open wall at once
// (the room's post.deleted event does the same for everyone else).
import { referenceOf } from '@community/api-client';
import { POST_NOT_FOUND } from '@community/domain';
import { Button, closeModal, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useState } from 'react';
import { serverMessage, statusOf } from '../../../lib/error-message.ts';
import { ModalFrame } from '../../../lib/modal-frame.tsx';
import { deletePost } from '../api/posts-api.ts';
import { findOpenPost, postDeleted } from '../lib/walls.ts';

export const POST_DELETED = 'Post deleted'; // ours
export const POST_DELETE_FAILED = 'Failed to delete post'; // ours

export function DeletePostDialog({ postId }: { postId: string }) {
  const [busy, setBusy] = useState(false);
  const title = findOpenPost(postId)?.title;

  async function confirm() {
    setBusy(true);
    try {
      await deletePost(postId);
      postDeleted(postId);
      toast.success(POST_DELETED);
      closeModal();
    } catch (error) {
      if (statusOf(error) === 404) {
        postDeleted(postId);
        toast.error(POST_NOT_FOUND, undefined, { reference: referenceOf(error) });
        closeModal();
        return;
      }
      toast.error(POST_DELETE_FAILED, serverMessage(error), { reference: referenceOf(error) });
      setBusy(false);
    }
  }

  return (
    <ModalFrame
      title="Delete post"
      size="sm"
      description={
        title ? `"${title}" and its comments will be deleted.` : 'This post and its comments will be deleted.'
      }
      footer={
        <>
          <Button variant="outline" onClick={closeModal} disabled={busy}>
            Cancel
          </Button>
          <Button className={css({ colorPalette: 'danger' })} loading={busy} onClick={confirm}>
            Delete
          </Button>
        </>
      }
    >
      <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>This cannot be undone.</p>
    </ModalFrame>
  );
}
