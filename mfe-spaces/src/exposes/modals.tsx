// Exposed as `mfe_spaces/Modals`: the spaces dialogs (createServer, editSpace, deleteSpace, invite,
// leaveSpace, members, addMembers, serverSearch, deleteMessage, createConversation) and the posts dialogs (newPost, editPost,
// newComment, deleteConfirm, readMore), chosen by the modal host's `type`.
import '../index.css';

export { SpacesModals as default } from '../features/spaces/components/spaces-modals.tsx';
