// The Messages page (`/messages`, the `messages` feature): the member's conversations as a page of its
// own (the phone's way to them; desktop has them in the sidebar too), each with the last message, its
// time and the unread count, live; "New message" starts one.
import { featureDisabledMessage } from '@community/domain';
import { Button, EmptyState, icons, openModal } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { page } from '@community/ui/styled-system/recipes';
import { canMessage, useCurrentUser } from '../../../lib/current-user.ts';
import { Plus } from '../../../lib/icons.tsx';
import { ConversationList } from './messages-section.tsx';

export function MessagesPage() {
  const user = useCurrentUser();
  if (!user) return null;
  // The switch can go off while the page is open (the session hears `features.changed`).
  const allowed = canMessage(user);
  const styles = page({ width: 'narrow' });
  return (
    <div className={styles.root}>
      <div className={styles.header}>
        <h1 className={styles.title}>Messages</h1>
        {allowed ? (
          <Button size="sm" onClick={() => openModal('createConversation')}>
            <Plus />
            New message
          </Button>
        ) : null}
      </div>
      {allowed ? (
        <div
          className={css({ bg: 'bg.default', borderWidth: '1px', borderRadius: 'l3', overflow: 'hidden' })}
        >
          <ConversationList meId={user.id} layout="page" />
        </div>
      ) : (
        <EmptyState icon={<icons.Ban />} title={featureDisabledMessage('messages')} />
      )}
    </div>
  );
}
