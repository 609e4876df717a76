import type { User } from '@community/domain';
import { Badge, Table } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { UserStatus } from './user-status.tsx';

export const USER_COLUMNS = ['Name', 'Pseudo', 'Email', 'Job', 'Company', 'Role', 'City', 'Status'] as const;

const muted = css({ color: 'fg.subtle' });
const orDash = (value: string | null | undefined) => value || <span className={muted}>—</span>;

export function UsersTable({ users }: { users: readonly User[] }) {
  return (
    <div className={css({ overflowX: 'auto', borderWidth: '1px', borderRadius: 'l2' })}>
      <Table.Root>
        <Table.Head>
          <Table.Row>
            {USER_COLUMNS.map((column) => (
              <Table.Header key={column} scope="col">
                {column}
              </Table.Header>
            ))}
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {users.map((user) => (
            <Table.Row key={user.id}>
              <Table.Cell className={css({ fontWeight: 'medium', whiteSpace: 'nowrap' })}>
                {user.firstName} {user.lastName}
              </Table.Cell>
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
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
