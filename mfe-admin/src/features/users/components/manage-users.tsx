// The Users section of the Admin Panel: "Manage Users" table with a search box (500 ms debounce)
// and cursor pagination. Add/Export/Import and the row actions come with the admin issue.
import { Button, EmptyState, Input, icons, Spinner, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useEffect, useState } from 'react';
import { useCursorList } from '../../../lib/use-cursor-list.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { getAdminUsers } from '../api/get-admin-users.ts';
import { UsersTable } from './users-table.tsx';

export const SEARCH_DEBOUNCE_MS = 500;

export function ManageUsers({ adminId }: { adminId: string }) {
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useCursorList(debouncedSearch, (query, cursor, signal) =>
    getAdminUsers(adminId, query, cursor, signal),
  );

  // Spec section 8: a failed fetch is reported with the toast "Failed to fetch users".
  const failed = users.status === 'error' || users.loadMoreFailed;
  useEffect(() => {
    if (failed) toast.error('Failed to fetch users');
  }, [failed]);

  return (
    <section
      aria-labelledby="manage-users-heading"
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '3',
        })}
      >
        <h3 id="manage-users-heading" className={css({ textStyle: 'lg', fontWeight: 'semibold' })}>
          Manage Users
        </h3>
        <div className={css({ position: 'relative', w: { base: 'full', sm: '72' } })}>
          <icons.Search
            aria-hidden="true"
            className={css({
              position: 'absolute',
              left: '3',
              top: '50%',
              transform: 'translateY(-50%)',
              w: '4',
              h: '4',
              color: 'fg.subtle',
            })}
          />
          <Input
            type="search"
            aria-label="Search users"
            placeholder="Search users"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={css({ ps: '9' })}
          />
        </div>
      </div>
      {users.status === 'loading' ? (
        <div className={css({ display: 'grid', placeItems: 'center', py: '10', color: 'accent.default' })}>
          <Spinner label="Loading users" />
        </div>
      ) : users.status === 'error' ? (
        <EmptyState
          title="Failed to fetch users"
          action={
            <Button variant="outline" size="sm" onClick={users.reload}>
              Retry
            </Button>
          }
        />
      ) : users.items.length === 0 ? (
        <EmptyState icon={<icons.Users />} title="No users found" />
      ) : (
        <>
          <UsersTable users={users.items} />
          {users.hasMore ? (
            <div className={css({ display: 'flex', justifyContent: 'center' })}>
              <Button variant="outline" size="sm" loading={users.loadingMore} onClick={users.loadMore}>
                Load more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
