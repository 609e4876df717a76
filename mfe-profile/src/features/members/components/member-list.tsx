// The directory's list for one search and sort: 4 skeleton rows while the first page loads, "No users
// found" when nothing matches, an error with Retry, and "Load more" for the next page.
import { referenceOf } from '@community/api-client';
import type { DirectoryMember } from '@community/domain';
import { Button, EmptyState, icons, RefreshingList, useCursorList } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type DirectoryFilter, listMembers } from '../api/members-api.ts';
import { MemberListSkeleton } from './member-list-skeleton.tsx';
import { MemberRow } from './member-row.tsx';

/** Spec section 2 (host list): the directory's empty state uses the same words. */
export const NO_USERS_FOUND = 'No users found';

export function MemberList({ filter }: { filter: DirectoryFilter }) {
  // The paging hook restarts whenever its key changes: one key per search and sort.
  const key = new URLSearchParams({ sort: filter.sort, search: filter.search }).toString();
  const members = useCursorList<string, DirectoryMember>(
    key,
    (_key, cursor, signal) => listMembers(filter, cursor, signal),
    { keepWhileSearching: true },
  );

  if (members.status === 'loading') return <MemberListSkeleton label="Loading members" />;
  if (members.status === 'error') {
    return (
      <EmptyState
        icon={<icons.AlertTriangle />}
        title="Unable to load members"
        reference={referenceOf(members.error)}
        action={
          <Button variant="outline" size="sm" onClick={members.reload}>
            Retry
          </Button>
        }
      />
    );
  }
  if (members.items.length === 0) return <EmptyState icon={<icons.Users />} title={NO_USERS_FOUND} />;

  return (
    <RefreshingList refreshing={members.refreshing}>
      <ul aria-label="Members" className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
        {members.items.map((member) => (
          <li key={member.id}>
            <MemberRow member={member} />
          </li>
        ))}
      </ul>
      {members.hasMore ? (
        <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2' })}>
          {members.loadMoreFailed ? (
            <p role="alert" className={css({ textStyle: 'sm', color: 'danger.text' })}>
              Unable to load more members
            </p>
          ) : null}
          <Button variant="outline" loading={members.loadingMore} onClick={members.loadMore}>
            Load more
          </Button>
        </div>
      ) : null}
    </RefreshingList>
  );
}
