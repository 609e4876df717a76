// A user's actions, the same in the desktop table and on the phone's cards: one compact "⋮" menu
// (edit, delete, block or reactivate; the spec's Actions column) and the Features button.
import type { User } from '@community/domain';
import { Button, icons, Menu } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { Pencil, SlidersHorizontal, Trash2 } from 'lucide-react';

export type UserAction = 'edit' | 'delete' | 'block' | 'reactivate' | 'features';
export type OnUserAction = (action: UserAction, user: User) => void;

export const nameOf = (user: User) => `${user.firstName} ${user.lastName}`;

const iconButton = css({ w: '8', h: '8', '& svg': { w: '4', h: '4' } });

function isUserAction(value: string): value is UserAction {
  return value === 'edit' || value === 'delete' || value === 'block' || value === 'reactivate';
}

export function UserActionsMenu({
  user,
  isSelf,
  onAction,
}: {
  user: User;
  /** The signed-in admin's own row: editable, but never deleted or blocked (the API refuses it too). */
  isSelf: boolean;
  onAction: OnUserAction;
}) {
  return (
    // Not portalled: the Admin Panel is a modal dialog, which hides what is outside it; fixed
    // positioning escapes the table's scroll area. Its list is built only while it is open.
    <Menu.Root
      lazyMount
      unmountOnExit
      positioning={{ strategy: 'fixed', placement: 'bottom-end' }}
      onSelect={(details) => {
        if (isUserAction(details.value)) onAction(details.value, user);
      }}
    >
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={iconButton}
          aria-label={`Actions for ${nameOf(user)}`}
          title="Actions"
        >
          <icons.MoreVertical aria-hidden />
        </Button>
      </Menu.Trigger>
      <Menu.Content portalled={false}>
        <Menu.Item value="edit" icon={<Pencil aria-hidden />}>
          Edit
        </Menu.Item>
        {isSelf ? null : (
          <Menu.Item value="delete" tone="danger" icon={<Trash2 aria-hidden />}>
            Delete
          </Menu.Item>
        )}
        {isSelf ? null : user.isBlocked ? (
          <Menu.Item value="reactivate" icon={<icons.CircleCheck aria-hidden />}>
            Reactivate
          </Menu.Item>
        ) : (
          <Menu.Item value="block" tone="danger" icon={<icons.Ban aria-hidden />}>
            Block
          </Menu.Item>
        )}
      </Menu.Content>
    </Menu.Root>
  );
}

/** Opens the Manage Features dialog; `compact` shows the icon only (the table's narrow column). */
export function FeaturesButton({
  user,
  compact = false,
  onAction,
}: {
  user: User;
  compact?: boolean;
  onAction: OnUserAction;
}) {
  return (
    <Button
      variant="outline"
      size={compact ? 'icon' : 'xs'}
      className={compact ? iconButton : undefined}
      aria-label={`Features of ${nameOf(user)}`}
      title="Manage features"
      onClick={() => onAction('features', user)}
    >
      <SlidersHorizontal aria-hidden />
      {compact ? null : 'Features'}
    </Button>
  );
}
