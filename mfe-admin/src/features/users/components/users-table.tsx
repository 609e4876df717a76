// The Manage Users table (spec section 2), for wide screens: Name, Pseudo, Email, Job, Company, Role,
// City, Status, then the row actions (a compact menu: edit, delete, block or reactivate) and the
// Features button. Its layout is fixed: the compact columns keep their width and the text columns
// share the rest, cutting long values short (the full value on hover), so every column fits the
// screens it is shown on (1280 px and wider) however long an email or a job title is. Should it be
// narrower than its minimum width, it scrolls sideways with Actions and Features kept in view. Rows are memoised so a
// change to one user re-renders one row, however many pages are loaded.
import type { User } from '@community/domain';
import { Badge, Table } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { memo } from 'react';
import { FeaturesButton, nameOf, type OnUserAction, UserActionsMenu } from './user-actions.tsx';
import { UserStatus } from './user-status.tsx';

/**
 * The spec's columns. A compact column's width is fixed; a text column's percentage is its share of
 * what the compact ones leave (the browser scales the percentages down to fill the row).
 */
export const USER_COLUMNS = [
  { name: 'Name', width: css({ w: '16%' }) },
  { name: 'Pseudo', width: css({ w: '12%' }) },
  { name: 'Email', width: css({ w: '24%' }) },
  { name: 'Job', width: css({ w: '16%' }) },
  { name: 'Company', width: css({ w: '14%' }) },
  { name: 'Role', width: css({ w: '7rem' }) },
  { name: 'City', width: css({ w: '12%' }) },
  { name: 'Status', width: css({ w: '4.25rem' }) },
  { name: 'Actions', width: css({ w: '4.75rem' }) },
  { name: 'Features', width: css({ w: '5.75rem' }) },
] as const;

const muted = css({ color: 'fg.subtle' });
// One line, cut with an ellipsis (names, pseudos, emails).
const oneLine = css({ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
// Up to two lines (names, jobs, companies), a word too long for a line broken rather than hidden.
const twoLines = css({ lineClamp: '2', overflowWrap: 'break-word' });
// The Actions and Features columns stay at the right edge while a narrow table scrolls sideways.
const stickyFeatures = css({ position: 'sticky', right: '0', bg: 'bg.default' });
const stickyActions = css({
  position: 'sticky',
  // The Features column's width.
  right: '5.75rem',
  bg: 'bg.default',
  boxShadow: 'inset 1px 0 0 {colors.border.default}',
  // A sticky cell is a layer of its own, painted in page order: the cell whose menu is open is lifted
  // so its list is drawn over the sticky cells of the rows below.
  '&:has([aria-expanded=true])': { zIndex: '1' },
});
const stickyHeader = css({ bg: 'bg.subtle' });
// Narrower cell padding than the kit's table, so ten columns fit beside the panel's menu.
const denseTable = css({
  tableLayout: 'fixed',
  minW: '52rem',
  '& th, & td': { px: '2' },
  '& th:first-child, & td:first-child': { ps: '3' },
  '& th:last-child, & td:last-child': { pe: '3' },
});

/** A text cell's value, cut to fit its column, whole in its title; a dash when empty. */
function Text({ value, lines = 1 }: { value: string | null | undefined; lines?: 1 | 2 }) {
  if (!value) return <span className={muted}>—</span>;
  return (
    <span className={lines === 1 ? oneLine : twoLines} title={value}>
      {value}
    </span>
  );
}

const UserRow = memo(function UserRow({
  user,
  isSelf,
  onAction,
}: {
  user: User;
  isSelf: boolean;
  onAction: OnUserAction;
}) {
  return (
    <Table.Row>
      <Table.Cell className={css({ fontWeight: 'medium' })}>
        <Text value={nameOf(user)} lines={2} />
      </Table.Cell>
      <Table.Cell>
        <Text value={user.pseudo} />
      </Table.Cell>
      <Table.Cell>
        <Text value={user.email} />
      </Table.Cell>
      <Table.Cell>
        <Text value={user.job} lines={2} />
      </Table.Cell>
      <Table.Cell>
        <Text value={user.company} lines={2} />
      </Table.Cell>
      <Table.Cell>
        <Badge variant="outline">{user.role}</Badge>
      </Table.Cell>
      <Table.Cell>
        <Text value={user.address.city} />
      </Table.Cell>
      <Table.Cell>
        <UserStatus isBlocked={user.isBlocked} />
      </Table.Cell>
      <Table.Cell className={stickyActions}>
        <UserActionsMenu user={user} isSelf={isSelf} onAction={onAction} />
      </Table.Cell>
      <Table.Cell className={stickyFeatures}>
        <FeaturesButton user={user} compact onAction={onAction} />
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
      <Table.Root className={denseTable}>
        <colgroup>
          {USER_COLUMNS.map(({ name, width }) => (
            <col key={name} className={width} />
          ))}
        </colgroup>
        <Table.Head>
          <Table.Row>
            {USER_COLUMNS.map(({ name }) => (
              <Table.Header
                key={name}
                scope="col"
                className={
                  name === 'Actions'
                    ? cx(stickyActions, stickyHeader)
                    : name === 'Features'
                      ? cx(stickyFeatures, stickyHeader)
                      : undefined
                }
              >
                {name}
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
