// The Messages section of the signed-in layout's sidebar (members with the `messages` feature): the
// member's conversations, most recent first, each with the other member's picture and online dot,
// name, last message and unread count, live from the user room; "New message" opens the
// createConversation dialog.
import { usePresence } from '@community/api-client';
import type { Conversation } from '@community/domain';
import { Avatar, Badge, Button, EmptyState, openModal, Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { Link, useRoute } from 'wouter';
import { canMessage, useCurrentUser } from '../../../lib/current-user.ts';
import { fullName } from '../../../lib/format.ts';
import { SidebarSection } from '../../../lib/sidebar-section.tsx';
import { useConversationList } from '../api/use-conversation-list.ts';
import { previewOf } from '../lib/conversation-list.ts';

/** "3 unread messages" for screen readers; the badge shows the number (99+ past 99). */
const unreadLabel = (count: number) => `${count} unread message${count === 1 ? '' : 's'}`;

function ConversationRow({
  conversation,
  meId,
  active,
}: {
  conversation: Conversation;
  meId: string;
  active: boolean;
}) {
  const { other, unreadCount } = conversation;
  const presence = usePresence(other.id, other.lastOfflineAt ?? null);
  const name = fullName(other);
  const preview = previewOf(conversation, meId);
  return (
    <li>
      <Link
        href={`/community/conversations/${encodeURIComponent(other.id)}`}
        aria-current={active ? 'page' : undefined}
        data-conversation-id={conversation.id}
        className={css({
          display: 'flex',
          alignItems: 'center',
          gap: '2.5',
          px: '2',
          py: '1.5',
          borderRadius: 'l2',
          color: 'fg.default',
          _hover: { bg: 'bg.subtle' },
          '&[aria-current=page]': { bg: 'accent.subtle' },
        })}
      >
        <Avatar name={name} src={other.imageUrl} size="sm" online={presence.online} />
        <span className={css({ flex: '1', minW: '0', display: 'flex', flexDirection: 'column' })}>
          <span
            className={css({
              textStyle: 'sm',
              truncate: true,
              fontWeight: unreadCount > 0 ? 'semibold' : 'medium',
            })}
          >
            {name}
          </span>
          <span
            data-testid="conversation-preview"
            className={css({
              textStyle: 'xs',
              color: unreadCount > 0 ? 'fg.default' : 'fg.muted',
              truncate: true,
            })}
          >
            {preview}
          </span>
        </span>
        {unreadCount > 0 ? (
          <Badge
            size="sm"
            aria-label={unreadLabel(unreadCount)}
            data-testid="unread-count"
            className={css({ bg: 'accent.default', color: 'accent.fg', borderRadius: 'full', flexShrink: 0 })}
          >
            {unreadCount > 99 ? '99+' : unreadCount}
          </Badge>
        ) : null}
      </Link>
    </li>
  );
}

function ListSkeleton() {
  return (
    <ul
      aria-busy="true"
      aria-label="Loading conversations"
      className={css({ px: '3', display: 'flex', flexDirection: 'column', gap: '3' })}
    >
      {Array.from({ length: 3 }, (_, index) => (
        <li key={index} className={css({ display: 'flex', alignItems: 'center', gap: '2', h: '8' })}>
          <Skeleton shape="circle" className={css({ w: '7', h: '7' })} />
          <Skeleton shape="text" className={css({ flex: '1' })} />
        </li>
      ))}
    </ul>
  );
}

function ConversationList({ meId }: { meId: string }) {
  const { state, reload, loadMore } = useConversationList(meId);
  const [, params] = useRoute<{ userId: string }>('/community/conversations/:userId');
  const activeUserId = params?.userId;

  if (state.status === 'loading') return <ListSkeleton />;
  if (state.status === 'error') {
    return (
      <EmptyState
        title="Unable to load conversations"
        action={
          <Button size="xs" variant="outline" onClick={reload}>
            Retry
          </Button>
        }
      />
    );
  }
  if (state.items.length === 0) return <EmptyState title="No conversations yet" />;
  return (
    <>
      <ul
        aria-label="Conversations"
        className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', px: '2', pb: '2' })}
      >
        {state.items.map((conversation) => (
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            meId={meId}
            active={conversation.other.id === activeUserId}
          />
        ))}
      </ul>
      {state.nextCursor ? (
        <div className={css({ px: '3', pb: '3' })}>
          <Button size="xs" variant="ghost" loading={state.loadingMore} onClick={loadMore}>
            Show more
          </Button>
        </div>
      ) : null}
    </>
  );
}

export function MessagesSection() {
  const user = useCurrentUser();
  if (!user || !canMessage(user)) return null;
  return (
    <SidebarSection
      id="messages-section-heading"
      title="Messages"
      action={{ label: 'New message', onClick: () => openModal('createConversation') }}
      className={css({ borderTopWidth: '1px', mt: '2' })}
    >
      <ConversationList meId={user.id} />
    </SidebarSection>
  );
}
