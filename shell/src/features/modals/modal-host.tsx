// Renders the micro-frontend component for the open modal type (spec section 2). Each modal owns its
// dialog (centred or side panel) and closes itself through the shared modal store. Types whose
// feature is not built yet render nothing.
import { type ModalType, useModal } from '@community/ui';
import type { ComponentType } from 'react';
import { AdminPanel, ProfilePanel } from '../../federation/remotes.tsx';

// biome-ignore lint/suspicious/noExplicitAny: each modal declares its own props (ModalPropsByType)
const modalComponents: Partial<Record<ModalType, ComponentType<any>>> = {
  profile: ProfilePanel,
  adminPanel: AdminPanel,
};

export function ModalHost() {
  const { type, props } = useModal();
  if (!type) return null;
  const Modal = modalComponents[type];
  return Modal ? <Modal key={type} {...props} /> : null;
}
