// Which modal dialog is open, as one page-wide valtio store (spec section 2: "Modal dialogs are driven by
// a type name"). The shell's modal host renders the component for `type`; any micro-frontend opens or
// closes modals through the same singleton, shared by module federation.
import { proxy } from 'valtio/vanilla';
import { claimSingleton } from './lib/claim-singleton.ts';

claimSingleton('@community/ui/modal-store');

export const MODAL_TYPES = [
  'deleteConfirm',
  'editPost',
  'newPost',
  'newComment',
  'deleteMessage',
  'createServer',
  'deleteSpace',
  'editSpace',
  'invite',
  'leaveSpace',
  'members',
  'profile',
  'serverSearch',
  'readMore',
  'createConversation',
  'createLivestream',
  'createEvent',
  'viewEvent',
  'editEvent',
  'addMembers',
  'editProfile',
  'adminPanel',
] as const;

export type ModalType = (typeof MODAL_TYPES)[number];

/**
 * Props a modal needs, by type. Features add their entries by declaration merging:
 * `declare module '@community/ui' { interface ModalPropsByType { editSpace: { spaceId: string } } }`.
 */
export interface ModalPropsByType {
  profile: { userId: string };
  adminPanel: Record<string, never>;
}

/**
 * The open profile panel is in the address too: `?profile={userId}` beside `profile_popover_tab`,
 * so a shared link or a reload opens the same member's panel on the same tab (spec section 2).
 */
export const PROFILE_LINK_PARAM = 'profile';

export type ModalProps<T extends ModalType> = T extends keyof ModalPropsByType
  ? ModalPropsByType[T]
  : Record<string, unknown>;

export type ModalState = { type: ModalType | null; props: Record<string, unknown> };

export const modalStore: ModalState = proxy<ModalState>({ type: null, props: {} });

// Props may be left out only when the modal needs none.
type PropsArgument<P> = Record<string, never> extends P ? [props?: P] : [props: P];

/** Opens `type`, replacing whatever modal was open (only one modal shows at a time). */
export function openModal<T extends ModalType>(type: T, ...[props]: PropsArgument<ModalProps<T>>): void {
  modalStore.props = { ...(props ?? {}) };
  modalStore.type = type;
}

export function closeModal(): void {
  modalStore.type = null;
  modalStore.props = {};
}

export function isModalType(value: unknown): value is ModalType {
  return typeof value === 'string' && (MODAL_TYPES as readonly string[]).includes(value);
}
