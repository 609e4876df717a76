// `mfe_spaces/Modals`: the shell's modal host renders this for every spaces modal type with the props
// it was opened with (`openModal('members', { spaceId })`); it picks the dialog by `type`.

import { type FeatureKey, hasFeature, type SpaceMemberRole } from '@community/domain';
import { closeModal } from '@community/ui';
import { useEffect } from 'react';
import { useCurrentUser } from '../../../lib/current-user.ts';
import type { SpaceModalType } from '../../../lib/modal-props.ts';
import { DeleteMessageDialog } from '../../chat/components/delete-message-dialog.tsx';
import { CreateConversationDialog } from '../../conversations/components/create-conversation-dialog.tsx';
import { InviteDialog } from '../../invites/components/invite-dialog.tsx';
import { AddMembersDialog } from '../../members/components/add-members-dialog.tsx';
import { MembersDialog } from '../../members/components/members-dialog.tsx';
import { isPostModal, PostsModals } from '../../posts/components/posts-modals.tsx';
import type { PostModalType } from '../../posts/lib/post-modals.ts';
import { ServerSearchDialog } from '../../search/components/server-search-dialog.tsx';
import { DeleteSpaceDialog, LeaveSpaceDialog } from './confirm-space-dialogs.tsx';
import { CreateSpaceDialog, EditSpaceDialog } from './space-form-dialog.tsx';

export type SpacesModalsProps = {
  type: SpaceModalType | PostModalType | (string & {});
  spaceId?: string;
  /** newPost from Home: the form picks the space (lib/post-modals.ts). */
  chooseSpace?: boolean;
  postId?: string;
  spaceRole?: SpaceMemberRole | null;
  spaceName?: string;
  messageId?: string;
  preview?: string;
  conversationId?: string;
};

/**
 * The dialogs that belong to a feature switch (docs/features.md): with it off the dialog is not
 * shown, also when the switch goes off while it is open (the session user changes live).
 */
const MODAL_FEATURES: Partial<Record<string, FeatureKey>> = {
  createConversation: 'messages',
  createServer: 'spaces',
  invite: 'spaces',
  newPost: 'posts',
  editPost: 'posts',
  newComment: 'posts',
};

export function SpacesModals(props: SpacesModalsProps) {
  const me = useCurrentUser();
  const feature = MODAL_FEATURES[props.type];
  const refused = Boolean(feature && !hasFeature(me, feature));
  // Close it rather than leave an invisible modal open (the next one would replace it anyway).
  useEffect(() => {
    if (refused) closeModal();
  }, [refused]);
  if (refused) return null;
  return <SpaceModal {...props} />;
}

function SpaceModal({
  type,
  spaceId,
  chooseSpace,
  spaceName,
  messageId,
  preview,
  postId,
  spaceRole,
  conversationId,
}: SpacesModalsProps) {
  if (type === 'createServer') return <CreateSpaceDialog />;
  if (type === 'createConversation') return <CreateConversationDialog />;
  // A direct message (the conversation page opens deleteMessage with a conversationId).
  if (type === 'deleteMessage' && conversationId && messageId)
    return <DeleteMessageDialog conversationId={conversationId} messageId={messageId} preview={preview} />;
  // newPost, editPost, newComment, deleteConfirm, readMore.
  if (isPostModal(type))
    return (
      <PostsModals
        type={type}
        spaceId={spaceId}
        chooseSpace={chooseSpace}
        postId={postId}
        spaceRole={spaceRole}
      />
    );
  // Every other spaces dialog is about one space.
  if (!spaceId) {
    console.error(`[spaces] modal ${type} opened without a spaceId`);
    return null;
  }
  switch (type) {
    case 'editSpace':
      return <EditSpaceDialog spaceId={spaceId} />;
    case 'deleteSpace':
      return <DeleteSpaceDialog spaceId={spaceId} spaceName={spaceName} />;
    case 'leaveSpace':
      return <LeaveSpaceDialog spaceId={spaceId} spaceName={spaceName} />;
    case 'invite':
      return <InviteDialog spaceId={spaceId} />;
    case 'members':
      return <MembersDialog spaceId={spaceId} />;
    case 'addMembers':
      return <AddMembersDialog spaceId={spaceId} />;
    case 'serverSearch':
      return <ServerSearchDialog spaceId={spaceId} />;
    case 'deleteMessage':
      return messageId ? (
        <DeleteMessageDialog spaceId={spaceId} messageId={messageId} preview={preview} />
      ) : null;
    default:
      return null;
  }
}
