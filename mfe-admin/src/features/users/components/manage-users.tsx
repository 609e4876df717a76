// The Users section of the Admin Panel (spec sections 2, 6 and 8): the "Manage Users" table (a card
// per user on narrow screens) with a search box (500 ms debounce) and server pagination ("Load more", 50 rows a page), so 10,000 users
// never load or render at once; Add User (ADMIN and SUPER_ADMIN only), Export and Import; per row
// edit, delete, block or reactivate (each confirmed first) and the Features dialog.

import { ApiError, referenceOf, session } from '@community/api-client';
import {
  PERMISSION_DENIED,
  type Role,
  USER_BLOCKED,
  USER_DELETE_FAILED,
  USER_DELETED,
  USER_REACTIVATED,
  USER_STATUS_UPDATE_FAILED,
  USERS_FETCH_FAILED,
  type User,
} from '@community/domain';
import {
  Button,
  EmptyState,
  Input,
  icons,
  RefreshingList,
  Spinner,
  toast,
  useCursorList,
  useDebouncedValue,
  useMediaQuery,
} from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { Upload, UserPlus } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { canManageUsers } from '../../admin-panel/api/get-authorization.ts';
import { getAdminUsers } from '../api/get-admin-users.ts';
import { deleteUser, setUserBlocked } from '../api/user-writes.ts';
import { ExportMenu } from './export-menu.tsx';
import { FeaturesDialog } from './features-dialog.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { nameOf, type UserAction } from './user-actions.tsx';
import { UserCards } from './user-cards.tsx';
import { UserFormDialog } from './user-form-dialog.tsx';
import { UsersTable } from './users-table.tsx';

export const SEARCH_DEBOUNCE_MS = 500;
/**
 * Panda's `xl` breakpoint (80rem, 1280 px): from here on the table has room for its ten columns beside
 * the panel's menu; narrower screens get a card per user.
 */
export const TABLE_QUERY = '(min-width: 80rem)';

type OpenDialog =
  | { kind: 'add' }
  | { kind: 'edit' | 'features' | 'delete' | 'block' | 'reactivate'; user: User }
  | { kind: 'import' };

const reasonOf = (error: unknown) => (error instanceof ApiError ? error.message : undefined);

const CONFIRM = {
  delete: {
    title: 'Delete user',
    description: (user: User) => `${nameOf(user)}'s account will be deleted. This cannot be undone.`,
    confirmLabel: 'Delete',
    destructive: true,
  },
  block: {
    title: 'Block user',
    description: (user: User) =>
      `${nameOf(user)} will be signed out everywhere and cannot sign in until reactivated.`,
    confirmLabel: 'Block',
    destructive: true,
  },
  reactivate: {
    title: 'Reactivate user',
    description: (user: User) => `${nameOf(user)} will be able to sign in again.`,
    confirmLabel: 'Reactivate',
    destructive: false,
  },
} as const;

export type ManageUsersProps = {
  adminId: string;
  /** The caller's role from GET /api/authorization; null while it loads. */
  viewerRole: Role | null;
};

export function ManageUsers({ adminId, viewerRole: role }: ManageUsersProps) {
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useCursorList(
    debouncedSearch,
    (query, cursor, signal) => getAdminUsers(adminId, query, cursor, signal),
    { keepWhileSearching: true },
  );
  const { setItems, reload } = users;
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const canManage = canManageUsers(role);
  const wide = useMediaQuery(TABLE_QUERY);

  // Spec section 8: a failed fetch is reported with the toast "Failed to fetch users".
  const failed = users.status === 'error' || users.loadMoreFailed;
  const reference = failed ? referenceOf(users.error) : null;
  useEffect(() => {
    if (failed) toast.error(USERS_FETCH_FAILED, undefined, { reference });
  }, [failed, reference]);

  const replaceUser = useCallback(
    (saved: User) => {
      setItems((items) => items.map((item) => (item.id === saved.id ? saved : item)));
      // Editing one's own row: the page-wide session (top bar, profile) shows the new values too.
      if (session.user?.id === saved.id) session.user = saved;
    },
    [setItems],
  );

  const onAction = useCallback(
    (action: UserAction, user: User) => {
      // Spec section 6: only ADMIN and SUPER_ADMIN edit or delete, and an ADMIN never touches a
      // SUPER_ADMIN (the server refuses both anyway). The edit form offers only the assignable roles,
      // so a SUPER_ADMIN's account is not edited from here.
      const superAdmin = user.role === 'SUPER_ADMIN';
      const denied =
        (action === 'edit' && (!canManage || superAdmin)) ||
        (action === 'delete' && (!canManage || (superAdmin && role !== 'SUPER_ADMIN')));
      if (denied) {
        toast.error(PERMISSION_DENIED);
        return;
      }
      setDialog({ kind: action, user });
    },
    [canManage, role],
  );

  async function confirmAction(kind: 'delete' | 'block' | 'reactivate', user: User) {
    if (kind === 'delete') {
      try {
        await deleteUser(user.id);
        toast.success(USER_DELETED);
        setItems((items) => items.filter((item) => item.id !== user.id));
      } catch (error) {
        console.error('[admin] delete user', error);
        toast.error(USER_DELETE_FAILED, reasonOf(error), { reference: referenceOf(error) });
      }
      return;
    }
    try {
      replaceUser(await setUserBlocked(user.id, kind === 'block'));
      toast.success(kind === 'block' ? USER_BLOCKED : USER_REACTIVATED);
    } catch (error) {
      console.error('[admin] user status', error);
      toast.error(USER_STATUS_UPDATE_FAILED, reasonOf(error), { reference: referenceOf(error) });
    }
  }

  const close = useCallback(() => setDialog(null), []);
  const confirming =
    dialog?.kind === 'delete' || dialog?.kind === 'block' || dialog?.kind === 'reactivate'
      ? { kind: dialog.kind, user: dialog.user }
      : null;

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
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {canManage ? (
            <Button size="sm" onClick={() => setDialog({ kind: 'add' })}>
              <UserPlus aria-hidden />
              Add User
            </Button>
          ) : null}
          <ExportMenu adminId={adminId} />
          <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'import' })}>
            <Upload aria-hidden />
            Import
          </Button>
        </div>
      </div>
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
      {users.status === 'loading' ? (
        <div className={css({ display: 'grid', placeItems: 'center', py: '10', color: 'accent.default' })}>
          <Spinner label="Loading users" />
        </div>
      ) : users.status === 'error' ? (
        <EmptyState
          title={USERS_FETCH_FAILED}
          reference={reference}
          action={
            <Button variant="outline" size="sm" onClick={reload}>
              Retry
            </Button>
          }
        />
      ) : users.items.length === 0 ? (
        <EmptyState icon={<icons.Users />} title="No users found" />
      ) : (
        <RefreshingList refreshing={users.refreshing}>
          {wide ? (
            <UsersTable users={users.items} selfId={adminId} onAction={onAction} />
          ) : (
            <UserCards users={users.items} selfId={adminId} onAction={onAction} />
          )}
          <LoadMore list={users} />
        </RefreshingList>
      )}

      {dialog?.kind === 'add' ? <UserFormDialog adminId={adminId} onSaved={reload} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? (
        <UserFormDialog adminId={adminId} user={dialog.user} onSaved={replaceUser} onClose={close} />
      ) : null}
      {dialog?.kind === 'features' ? (
        <FeaturesDialog user={dialog.user} onSaved={replaceUser} onClose={close} />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={CONFIRM[confirming.kind].title}
          description={CONFIRM[confirming.kind].description(confirming.user)}
          confirmLabel={CONFIRM[confirming.kind].confirmLabel}
          destructive={CONFIRM[confirming.kind].destructive}
          onConfirm={() => confirmAction(confirming.kind, confirming.user)}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'import' ? (
        <ImportDialog adminId={adminId} onImported={reload} onClose={close} />
      ) : null}
    </section>
  );
}
