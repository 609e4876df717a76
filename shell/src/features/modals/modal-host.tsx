// Renders the micro-frontend component for the open modal type (spec section 2). Each modal owns its
// dialog (centred or side panel) and closes itself through the shared modal store. A feature's
// modals come from its micro-frontend's `Modals` module, which picks the dialog by `type`. Types whose
// feature is not built yet render nothing.
import { type ModalType, useModal } from '@community/ui';
import type { ComponentType } from 'react';
import {
  AdminPanel,
  EventsModals,
  ProfileModals,
  ProfilePanel,
  SpacesModals,
} from '../../federation/remotes.tsx';
import { useProfileLink } from './use-profile-link.ts';

const EVENT_MODALS: ModalType[] = ['viewEvent', 'createEvent', 'editEvent', 'createLivestream'];
const SPACE_MODALS: ModalType[] = [
  'createServer',
  'editSpace',
  'deleteSpace',
  'invite',
  'leaveSpace',
  'members',
  'addMembers',
  'serverSearch',
  'deleteMessage',
  // Direct messages live in mfe-spaces too (they share the chat).
  'createConversation',
  // The posts dialogs live in mfe-spaces too.
  'newPost',
  'editPost',
  'newComment',
  'deleteConfirm',
  'readMore',
];

// biome-ignore lint/suspicious/noExplicitAny: each modal declares its own props (ModalPropsByType)
const modalComponents: Partial<Record<ModalType, ComponentType<any>>> = {
  profile: ProfilePanel,
  adminPanel: AdminPanel,
  editProfile: ProfileModals,
  ...Object.fromEntries(EVENT_MODALS.map((type) => [type, EventsModals])),
  ...Object.fromEntries(SPACE_MODALS.map((type) => [type, SpacesModals])),
};

export function ModalHost() {
  useProfileLink();
  const { type, props } = useModal();
  if (!type) return null;
  const Modal = modalComponents[type];
  return Modal ? <Modal key={type} {...props} type={type} /> : null;
}
