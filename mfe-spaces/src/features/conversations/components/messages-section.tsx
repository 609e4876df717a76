// The member's conversations (the `messages` feature), most recent first, each with the other
// member's picture and online dot, name, last message, its time and the unread count, live from the
// user room: the sidebar's Messages section, and the Messages page (`/messages`, roomier, one row per
// line of the page). "New message" opens the createConversation dialog.
import { usePresence } from '@community/api-client';
import type { Conversation } from '@community/domain';
import { Avatar, Badge, Button, EmptyState, openModal, Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { Link, useRoute } from 'wouter';
import { canMessage, useCurrentUser } from '../../../lib/current-user.ts';
import { fullName } from '../../../lib/format.ts';
import { SidebarSection } from '../../../lib/sidebar-section.tsx';
import { useConversationList } from '../api/use-conversation-list.ts';
import { conversationTime, previewOf } from '../lib/conversation-list.ts';

/** Where the list is shown: the desktop sidebar, or the Messages page. */
export type ConversationListLayout = 'sidebar' | 'page';

const fullDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });

/** "3 unread messages" for screen readers; the badge shows the number (99+ past 99). */
const unreadLabel = (count: number) => `${count} unread message${count === 1 ? '' : 's'}`;

function ConversationRow({
  conversation,
  meId,
  active,
  layout,
}: {
  conversation: Conversation;
  meId: string;
  active: boolean;
  layout: ConversationListLayout;
}) {
  const { other, unreadCount, lastMessageAt } = conversation;
  const presence = usePresence(other.id, other.lastOfflineAt ?? null);
  const name = fullName(other);
  const preview = previewOf(conversation, meId);
  const page = layout === 'page';
  return (
    <li>
      <Link
        href={`/community/conversations/${encodeURIComponent(other.id)}`}
        aria-current={active ? 'page' : undefined}
        data-conversation-id={conversation.id}
        className={page ? pageRowClass : sidebarRowClass}
      >
        <Avatar name={name} src={other.imageUrl} size={page ? 'md' : 'sm'} online={presence.online} />
        <span className={css({ flex: '1', minW: '0', display: 'flex', flexDirection: 'column' })}>
          <span className={css({ display: 'flex', alignItems: 'baseline', gap: '2' })}>
            <span
              className={css({
                flex: '1',
                textStyle: 'sm',
                truncate: true,
                fontWeight: unreadCount > 0 ? 'semibold' : 'medium',
              })}
            >
              {name}
            </span>
            {page && lastMessageAt ? (
              <time
                dateTime={lastMessageAt}
                title={fullDateFormat.format(new Date(lastMessageAt))}
                className={css({ flexShrink: 0, textStyle: 'xs', color: 'fg.muted' })}
              >
                {conversationTime(lastMessageAt)}
              </time>
            ) : null}
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

const sidebarRowClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  px: '2',
  py: '1.5',
  borderRadius: 'l2',
  color: 'fg.default',
  _hover: { bg: 'bg.subtle' },
  '&[aria-current=page]': { bg: 'accent.subtle' },
});

const pageRowClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '4',
  py: '3',
  color: 'fg.default',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '-2px' },
});

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

export function ConversationList({ meId, layout }: { meId: string; layout: ConversationListLayout }) {
  const { state, reload, loadMore } = useConversationList(meId);
  const [, params] = useRoute<{ userId: string }>('/community/conversations/:userId');
  const activeUserId = params?.userId;

  if (state.status === 'loading') return <ListSkeleton />;
  if (state.status === 'error') {
    return (
      <EmptyState
        title="Unable to load conversations"
        reference={state.reference}
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
        className={
          layout === 'page'
            ? css({ display: 'flex', flexDirection: 'column', '& > li + li': { borderTopWidth: '1px' } })
            : css({ display: 'flex', flexDirection: 'column', gap: '0.5', px: '2', pb: '2' })
        }
      >
        {state.items.map((conversation) => (
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            meId={meId}
            active={conversation.other.id === activeUserId}
            layout={layout}
          />
        ))}
      </ul>
      {state.nextCursor ? (
        <div
          className={layout === 'page' ? css({ p: '3', borderTopWidth: '1px' }) : css({ px: '3', pb: '3' })}
        >
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
      // A divider from the Spaces section above, where there is one (not at the sidebar's top).
      className={css({ '&:not(:first-child)': { borderTopWidth: '1px', mt: '2' } })}
    >
      <ConversationList meId={user.id} layout="sidebar" />
    </SidebarSection>
  );
}
