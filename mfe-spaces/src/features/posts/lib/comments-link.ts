// The comments dialog (modal newComment) lives in the address as `?postId=` (spec section 2), so the
// address of an open dialog can be shared and the browser's Back button closes it:
// - a post card's Comments button adds `?postId=` as a new history entry (marked in its state) and
//   opens the dialog at once;
// - the page (a space, Home) follows the address: `?postId=` arriving (a link, a reload, Forward)
//   opens the dialog, `?postId=` leaving (Back) closes it;
// - closing the dialog takes `?postId=` away: by going back when the entry is the one its card added
//   (no extra entry left behind), otherwise (a link opened as is) by replacing the address.
import type { SpaceMemberRole } from '@community/domain';
import { closeModal, modalStore, openModal } from '@community/ui';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'wouter';

export const COMMENTS_LINK_PARAM = 'postId';
/** In the state of the history entry a Comments button added: which post's comments it opened. */
const OPENED_BY_CARD = 'commentsOpenedByCard';

/** The role is handed on only where it is known (a space's page); on Home the server decides. */
const commentsProps = (postId: string, spaceRole: SpaceMemberRole | null | undefined) =>
  spaceRole === undefined ? { postId } : { postId, spaceRole };

const showsCommentsOf = (postId: string) =>
  modalStore.type === 'newComment' && modalStore.props.postId === postId;

/**
 * What a post card's Comments button does: the dialog, and its post in a new history entry. Stable
 * for a role, so the wall's memoised cards do not render again for it.
 */
export function useOpenComments(spaceRole: SpaceMemberRole | null | undefined): (postId: string) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (postId: string) => {
      openModal('newComment', commentsProps(postId, spaceRole));
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(COMMENTS_LINK_PARAM, postId);
          return next;
        },
        { state: { [OPENED_BY_CARD]: postId } },
      );
    },
    [setParams, spaceRole],
  );
}

/** The page's side: the dialog follows `?postId=` as the address changes. */
export function useCommentsLink(spaceRole: SpaceMemberRole | null | undefined): void {
  const [params] = useSearchParams();
  const postId = params.get(COMMENTS_LINK_PARAM);
  useEffect(() => {
    if (postId) {
      if (!showsCommentsOf(postId)) openModal('newComment', commentsProps(postId, spaceRole));
    } else if (modalStore.type === 'newComment') {
      closeModal();
    }
    // Followed per address: the role arriving later must not open the dialog again.
  }, [postId]);
}

/** Closes the comments dialog of `postId` and takes `?postId=` out of the address. */
export function useCloseComments(postId: string): () => void {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get(COMMENTS_LINK_PARAM) === postId;
  return () => {
    closeModal();
    if (!inAddress) return;
    const state: unknown = window.history.state;
    if (state && typeof state === 'object' && (state as Record<string, unknown>)[OPENED_BY_CARD] === postId) {
      window.history.back();
      return;
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(COMMENTS_LINK_PARAM);
        return next;
      },
      { replace: true },
    );
  };
}
