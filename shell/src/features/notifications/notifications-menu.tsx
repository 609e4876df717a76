// The top bar's notifications menu: a bell with the unread count, opening the newest notifications
// (title, how long ago, an unread marker). Choosing one marks it read and goes to what it is about;
// "Mark all as read" clears the badge. Older ones load when the list is scrolled (or arrowed) to its end.
import { relativeTime } from '@community/api-client';
import { icons, Menu } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import type { UIEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { NotificationsBellButton } from './bell-button.tsx';
import { type NotificationsStore, notificationHref, notifications } from './notifications-store.ts';

const MARK_ALL = 'mark-all-read';
// How close to the end of the list (px) scrolling loads the next page.
const LOAD_MORE_MARGIN = 48;

export { badgeText } from './badge-text.ts';

export function NotificationsMenu({
  store = notifications,
  defaultOpen = false,
}: {
  store?: NotificationsStore;
  /** Opened at once: the menu was loaded by a click on the bell that stood in for it (notifications-bell.tsx). */
  defaultOpen?: boolean;
}) {
  const snap = useSnapshot(store.state);
  const [, navigate] = useLocation();
  const unread = snap.unreadCount;
  const lastId = snap.items.at(-1)?.id;

  const select = (value: string) => {
    if (value === MARK_ALL) {
      void store.markAllRead();
      return;
    }
    const item = store.state.items.find((candidate) => candidate.id === value);
    if (!item) return;
    void store.markRead(item.id);
    const href = notificationHref(item);
    if (href) navigate(href);
  };

  const scrolled = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - LOAD_MORE_MARGIN) void store.loadMore();
  };

  return (
    <Menu.Root
      defaultOpen={defaultOpen}
      positioning={{ placement: 'bottom-end' }}
      // The list is only in the page while open.
      lazyMount
      unmountOnExit
      onOpenChange={({ open }) => {
        if (open && snap.status === 'error') void store.load();
      }}
      onSelect={({ value }) => select(value)}
      // Arrowing onto the last item loads the next page too, so the keyboard reaches everything.
      onHighlightChange={({ highlightedValue }) => {
        if (highlightedValue && highlightedValue === lastId) void store.loadMore();
      }}
    >
      <Menu.Trigger asChild>
        <NotificationsBellButton unread={unread} />
      </Menu.Trigger>
      <Menu.Content
        aria-label="Notifications"
        onScroll={scrolled}
        className={css({ w: 'sm', maxW: 'calc(100vw - 2rem)', maxH: '28rem', overflowY: 'auto' })}
      >
        <Menu.Item
          value={MARK_ALL}
          disabled={unread === 0}
          closeOnSelect={false}
          icon={<icons.CircleCheck aria-hidden="true" />}
          className={css({
            fontWeight: 'medium',
            borderBottomWidth: '1px',
            borderColor: 'border.muted',
            mb: '1',
          })}
        >
          Mark all as read
        </Menu.Item>
        {snap.items.map((item) => {
          const isUnread = item.readAt === null;
          return (
            <Menu.Item
              key={item.id}
              value={item.id}
              data-unread={isUnread || undefined}
              className={css({ alignItems: 'flex-start' })}
            >
              <span
                aria-hidden="true"
                className={css({
                  flexShrink: 0,
                  mt: '1.5',
                  w: '2',
                  h: '2',
                  borderRadius: 'full',
                  bg: isUnread ? 'accent.default' : 'transparent',
                })}
              />
              <span className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' })}>
                <span className={css({ fontWeight: isUnread ? 'semibold' : 'normal', lineClamp: 2 })}>
                  {isUnread ? <span className={css({ srOnly: true })}>Unread: </span> : null}
                  {item.title}
                </span>
                <time dateTime={item.createdAt} className={css({ textStyle: 'xs', color: 'fg.subtle' })}>
                  {relativeTime(item.createdAt)}
                </time>
              </span>
            </Menu.Item>
          );
        })}
        {snap.status === 'loading' ? (
          <p role="status" className={css({ px: '2.5', py: '3', textStyle: 'sm', color: 'fg.muted' })}>
            Loading…
          </p>
        ) : snap.status === 'error' ? (
          <p role="alert" className={css({ px: '2.5', py: '3', textStyle: 'sm', color: 'danger.text' })}>
            Could not load notifications
          </p>
        ) : snap.items.length === 0 ? (
          // An item (disabled) rather than a paragraph, so a screen reader in the menu hears it.
          <Menu.Item
            value="empty"
            disabled
            className={css({ justifyContent: 'center', py: '6', color: 'fg.muted' })}
          >
            No notifications yet
          </Menu.Item>
        ) : snap.loadingMore ? (
          <p role="status" className={css({ px: '2.5', py: '2', textStyle: 'xs', color: 'fg.muted' })}>
            Loading older notifications…
          </p>
        ) : null}
      </Menu.Content>
    </Menu.Root>
  );
}
