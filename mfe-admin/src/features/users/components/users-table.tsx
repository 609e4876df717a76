// The Manage Users table (spec section 2): Name, Pseudo, Email, Job, Company, Role, City, Status, then
// the row actions (edit, delete, block or reactivate) and the Features button. Rows are memoised so a
// change to one user re-renders one row, however many pages are loaded.
import type { User } from '@community/domain';
import { Badge, Button, icons, Table } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { Pencil, SlidersHorizontal, Trash2 } from 'lucide-react';
import { memo } from 'react';
import { UserStatus } from './user-status.tsx';

export const USER_COLUMNS = [
  'Name',
  'Pseudo',
  'Email',
  'Job',
  'Company',
  'Role',
  'City',
  'Status',
  'Actions',
  'Features',
] as const;

export type UserAction = 'edit' | 'delete' | 'block' | 'reactivate' | 'features';
export type OnUserAction = (action: UserAction, user: User) => void;

const muted = css({ color: 'fg.subtle' });
// On wider screens Actions and Features stay in view at the right edge while the table scrolls sideways.
const stickyFeatures = css({
  position: { base: 'static', md: 'sticky' },
  right: '0',
  w: '7.5rem',
  minW: '7.5rem',
  bg: 'bg.default',
});
const stickyActions = css({
  position: { base: 'static', md: 'sticky' },
  // The Features column's width.
  right: '7.5rem',
  bg: 'bg.default',
  boxShadow: 'inset 1px 0 0 {colors.border.default}',
});
const stickyHeader = css({ bg: 'bg.subtle' });
const orDash = (value: string | null | undefined) => value || <span className={muted}>—</span>;
const actionsCell = css({ display: 'flex', alignItems: 'center', gap: '0.5' });
const iconButton = css({ w: '8', h: '8', '& svg': { w: '4', h: '4' } });
const dangerIcon = css({ color: 'danger.text' });

const UserRow = memo(function UserRow({
  user,
  isSelf,
  onAction,
}: {
  user: User;
  /** The signed-in admin's own row: editable, but never deleted or blocked (the API refuses it too). */
  isSelf: boolean;
  onAction: OnUserAction;
}) {
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <Table.Row>
      <Table.Cell className={css({ fontWeight: 'medium', whiteSpace: 'nowrap' })}>{name}</Table.Cell>
      <Table.Cell>{user.pseudo}</Table.Cell>
      <Table.Cell>{user.email}</Table.Cell>
      <Table.Cell>{orDash(user.job)}</Table.Cell>
      <Table.Cell>{orDash(user.company)}</Table.Cell>
      <Table.Cell>
        <Badge variant="outline">{user.role}</Badge>
      </Table.Cell>
      <Table.Cell>{orDash(user.address.city)}</Table.Cell>
      <Table.Cell>
        <UserStatus isBlocked={user.isBlocked} />
      </Table.Cell>
      <Table.Cell className={stickyActions}>
        <div className={actionsCell}>
          <Button
            variant="ghost"
            size="icon"
            className={iconButton}
            aria-label={`Edit ${name}`}
            title="Edit"
            onClick={() => onAction('edit', user)}
          >
            <Pencil aria-hidden />
          </Button>
          {isSelf ? null : (
            <Button
              variant="ghost"
              size="icon"
              className={iconButton}
              aria-label={`Delete ${name}`}
              title="Delete"
              onClick={() => onAction('delete', user)}
            >
              <Trash2 aria-hidden className={dangerIcon} />
            </Button>
          )}
          {isSelf ? null : user.isBlocked ? (
            <Button
              variant="ghost"
              size="icon"
              className={iconButton}
              aria-label={`Reactivate ${name}`}
              title="Reactivate"
              onClick={() => onAction('reactivate', user)}
            >
              <icons.CircleCheck aria-hidden />
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="icon"
              className={iconButton}
              aria-label={`Block ${name}`}
              title="Block"
              onClick={() => onAction('block', user)}
            >
              <icons.Ban aria-hidden className={dangerIcon} />
            </Button>
          )}
        </div>
      </Table.Cell>
      <Table.Cell className={stickyFeatures}>
        <Button
          variant="outline"
          size="xs"
          aria-label={`Features of ${name}`}
          onClick={() => onAction('features', user)}
        >
          <SlidersHorizontal aria-hidden />
          Features
        </Button>
      </Table.Cell>
    </Table.Row>
  );
});

export function UsersTable({
  users,
  selfId,
  onAction,
}: {
  users: readonly User[];
  /** The signed-in admin's id. */
  selfId: string | undefined;
  onAction: OnUserAction;
}) {
  return (
    <div className={css({ overflowX: 'auto', borderWidth: '1px', borderRadius: 'l2' })}>
      <Table.Root>
        <Table.Head>
          <Table.Row>
            {USER_COLUMNS.map((column) => (
              <Table.Header
                key={column}
                scope="col"
                className={
                  column === 'Actions'
                    ? cx(stickyActions, stickyHeader)
                    : column === 'Features'
                      ? cx(stickyFeatures, stickyHeader)
                      : undefined
                }
              >
                {column}
              </Table.Header>
            ))}
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {users.map((user) => (
            <UserRow key={user.id} user={user} isSelf={user.id === selfId} onAction={onAction} />
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
