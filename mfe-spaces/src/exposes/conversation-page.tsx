// Exposed as `mfe_spaces/ConversationPage`: the direct conversation (`/community/conversations/{userId}`),
// rendered by the shell with { userId }.
import '../index.css';

export { ConversationPage as default } from '../features/conversations/components/conversation-page.tsx';
