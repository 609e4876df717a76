// The props each posts modal is opened with, added to the UI kit's modal registry (declaration
// merging, as lib/modal-props.ts does for the spaces dialogs) so every `openModal` call is checked.
// newPost and editPost are the editor dialogs (components/editor); newComment is the comments dialog
// (the list with the comment composer at its bottom); deleteConfirm deletes a post.
import '@community/ui';
import type { SpaceMemberRole } from '@community/domain';

export type PostModalType = 'newPost' | 'editPost' | 'newComment' | 'deleteConfirm' | 'readMore';

export const POST_MODAL_TYPES: readonly PostModalType[] = [
  'newPost',
  'editPost',
  'newComment',
  'deleteConfirm',
  'readMore',
];

declare module '@community/ui' {
  interface ModalPropsByType {
    /**
     * `spaceId`: the space the post goes to. `chooseSpace` (Home's composer): the form shows a "Post
     * in" picker of the spaces the member may post in, starting on `spaceId` when given, else on the
     * space they last posted in (lib/last-post-space.ts).
     */
    newPost: { spaceId: string; chooseSpace?: false } | { spaceId?: string; chooseSpace: true };
    editPost: { postId: string };
    /** `spaceRole`: the reader's role in the post's space, when known (moderators delete comments). */
    newComment: { postId: string; spaceRole?: SpaceMemberRole | null };
    deleteConfirm: { postId: string };
    readMore: { postId: string };
  }
}
