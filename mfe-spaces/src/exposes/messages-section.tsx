// Exposed as `mfe_spaces/MessagesSection`: the sidebar's Messages section (members with the `messages`
// feature; renders nothing otherwise).
import '../index.css';

export { MessagesSection as default } from '../features/conversations/components/messages-section.tsx';
