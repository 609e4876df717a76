// `/spaces` and `/messages`: pages of their own behind the Spaces and Messages entries (the phone, which
// has no sidebar, reaches spaces and conversations only through them). mfe-spaces draws both: every
// space the member can see, and the member's conversations with their last messages.
import { MessagesPage, SpacesPage } from '../../federation/remotes.tsx';

export const SPACES_PATH = '/spaces';
export const MESSAGES_PATH = '/messages';

export function SpacesIndexPage() {
  return <SpacesPage />;
}

export function MessagesIndexPage() {
  return <MessagesPage />;
}
