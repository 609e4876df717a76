// The space page's header: colour, name, type, member count, who is here now, and the actions menu
// (spec section 2 modals), each shown only to those allowed: Invite and Edit to the space admin,
// Leave to members other than the admin, Delete to SUPER_ADMIN.
import type { Space, SpaceMemberRole } from '@community/domain';
import { Badge, Button, icons, Menu, openModal } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import type { ReactNode } from 'react';
import { Link, MoreVertical, Pencil, Trash } from '../../../lib/icons.tsx';
import { SPACE_TYPE_BADGE_CLASSES, SPACE_TYPE_LABELS } from '../lib/space-type.ts';
import { JoinSpaceButton } from './space-join.tsx';

export type SpaceAction = 'members' | 'invite' | 'edit' | 'search' | 'leave' | 'delete';

/** Which actions the menu offers, from the user's role in the space and in the community. */
export function spaceActions(role: SpaceMemberRole | null, isSuperAdmin: boolean): SpaceAction[] {
  const actions: SpaceAction[] = ['members'];
  if (role === 'ADMIN') actions.push('invite', 'edit');
  actions.push('search');
  if (role !== null && role !== 'ADMIN') actions.push('leave');
  if (isSuperAdmin) actions.push('delete');
  return actions;
}

const ACTION_LABELS: Record<SpaceAction, { label: string; icon: ReactNode }> = {
  members: { label: 'Members', icon: <icons.Users /> },
  invite: { label: 'Invite', icon: <Link /> },
  edit: { label: 'Edit', icon: <Pencil /> },
  search: { label: 'Search', icon: <icons.Search /> },
  leave: { label: 'Leave', icon: <icons.LogOut /> },
  delete: { label: 'Delete', icon: <Trash /> },
};

export type SpaceHeaderProps = {
  space: Space;
  role: SpaceMemberRole | null;
  isSuperAdmin: boolean;
  presence: ReactNode;
};

export function SpaceHeader({ space, role, isSuperAdmin, presence }: SpaceHeaderProps) {
  const actions = spaceActions(role, isSuperAdmin);
  const spaceId = space.id;

  function run(action: SpaceAction) {
    switch (action) {
      case 'members':
        return openModal('members', { spaceId });
      case 'invite':
        return openModal('invite', { spaceId });
      case 'edit':
        return openModal('editSpace', { spaceId });
      case 'search':
        return openModal('serverSearch', { spaceId });
      case 'leave':
        return openModal('leaveSpace', { spaceId, spaceName: space.name });
      case 'delete':
        return openModal('deleteSpace', { spaceId, spaceName: space.name });
    }
  }

  return (
    <header
      className={css({
        display: 'flex',
        alignItems: 'center',
        gap: '3',
        px: '5',
        py: '3',
        borderBottomWidth: '1px',
        bg: 'bg.default',
      })}
    >
      <span
        aria-hidden="true"
        className={css({ w: '3', h: '3', borderRadius: 'full', flexShrink: 0 })}
        style={{ backgroundColor: space.color }}
      />
      <div className={css({ flex: '1', minW: '0' })}>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
          <h1 className={css({ textStyle: 'lg', fontWeight: 'bold', truncate: true })}>{space.name}</h1>
          <Badge size="sm" className={SPACE_TYPE_BADGE_CLASSES[space.type]}>
            {SPACE_TYPE_LABELS[space.type]}
          </Badge>
          <button
            type="button"
            onClick={() => run('members')}
            className={css({
              display: 'inline-flex',
              alignItems: 'center',
              gap: '1',
              textStyle: 'xs',
              color: 'fg.muted',
              cursor: 'pointer',
              _hover: { color: 'fg.default', textDecoration: 'underline' },
              '& svg': { w: '3.5', h: '3.5' },
            })}
          >
            <icons.Users />
            {space.membersCount === 1 ? '1 member' : `${space.membersCount} members`}
          </button>
        </div>
        <p className={css({ textStyle: 'xs', color: 'fg.muted', truncate: true })}>{space.description}</p>
      </div>
      <div className={css({ hideBelow: 'sm' })}>{presence}</div>
      {role === null && space.type === 'PUBLIC' ? (
        // "Join" on a phone leaves the space's name room; its name is the same everywhere.
        <JoinSpaceButton space={space} size="sm" aria-label="Join space">
          Join<span className={css({ hideBelow: 'sm' })}>&nbsp;space</span>
        </JoinSpaceButton>
      ) : null}
      <Button variant="ghost" size="icon" aria-label="Search messages" onClick={() => run('search')}>
        <icons.Search />
      </Button>
      <Menu.Root onSelect={(details) => run(details.value as SpaceAction)}>
        <Menu.Trigger asChild>
          <Button variant="ghost" size="icon" aria-label="Space actions">
            <MoreVertical />
          </Button>
        </Menu.Trigger>
        <Menu.Content>
          {actions.map((action) => (
            <Menu.Item
              key={action}
              value={action}
              icon={ACTION_LABELS[action].icon}
              tone={action === 'delete' || action === 'leave' ? 'danger' : undefined}
            >
              {ACTION_LABELS[action].label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Root>
    </header>
  );
}
