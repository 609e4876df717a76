// The bell with the unread count, shared by the notifications menu (its trigger) and the plain button
// that stands in for the menu until its first opening (notifications-bell.tsx).
import { Button, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import type { ComponentProps } from 'react';
import { badgeText } from './badge-text.ts';

/** The bell with the unread count: the menu's trigger once the menu is loaded, a plain button before. */
export function NotificationsBellButton({
  unread,
  ...props
}: { unread: number } & ComponentProps<typeof Button>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      className={css({ position: 'relative' })}
      {...props}
    >
      <icons.Bell aria-hidden="true" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notifications-badge"
          className={css({
            position: 'absolute',
            top: '0',
            right: '0',
            minW: '4.5',
            h: '4.5',
            px: '1',
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            borderRadius: 'full',
            bg: 'danger.default',
            color: 'danger.fg',
            fontSize: '2xs',
            fontWeight: 'bold',
            lineHeight: '1',
          })}
        >
          {badgeText(unread)}
        </span>
      ) : null}
    </Button>
  );
}
