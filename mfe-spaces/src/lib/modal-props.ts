// The props each spaces modal is opened with (`openModal('members', { spaceId })`), added to the UI
// kit's modal registry by declaration merging so every `openModal` call is type-checked.
import '@community/ui';

export type SpaceModalType =
  | 'createServer'
  | 'editSpace'
  | 'deleteSpace'
  | 'invite'
  | 'leaveSpace'
  | 'members'
  | 'addMembers'
  | 'serverSearch'
  | 'deleteMessage'
  | 'createConversation';

declare module '@community/ui' {
  interface ModalPropsByType {
    createServer: Record<string, never>;
    editSpace: { spaceId: string };
    deleteSpace: { spaceId: string; spaceName: string };
    invite: { spaceId: string };
    leaveSpace: { spaceId: string; spaceName: string };
    members: { spaceId: string };
    addMembers: { spaceId: string };
    serverSearch: { spaceId: string };
    /** A space's message, or (with `conversationId`) a direct message. */
    deleteMessage:
      | { spaceId: string; messageId: string; preview: string }
      | { conversationId: string; messageId: string; preview: string };
    createConversation: Record<string, never>;
  }
}
