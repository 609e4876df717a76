// Exposed as `mfe_spaces/MessagesPage`: the Messages page (`/messages`), the member's conversations.
import '../index.css';

export { MessagesPage as default } from '../features/conversations/components/messages-page.tsx';
