// The Manage Users list on narrower screens (phones, tablets, small laptops): a card per user
// instead of the table, so nothing needs a sideways swipe. A card holds what the table's columns
// hold (name and pseudo, email, job and company, role, city, status) and the same actions: the ⋮
// menu and Features.
import type { User } from '@community/domain';
import { Badge, icons } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { memo } from 'react';
import { FeaturesButton, nameOf, type OnUserAction, UserActionsMenu } from './user-actions.tsx';
import { UserStatus } from './user-status.tsx';

const oneLine = css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const detail = css({ display: 'flex', alignItems: 'center', gap: '1.5', minW: '0', color: 'fg.muted' });
const detailIcon = css({ w: '3.5', h: '3.5', flexShrink: 0, color: 'fg.subtle' });

const UserCard = memo(function UserCard({
  user,
  isSelf,
  onAction,
}: {
  user: User;
  isSelf: boolean;
  onAction: OnUserAction;
}) {
  const name = nameOf(user);
  const work = [user.job, user.company].filter(Boolean).join(' · ');
  return (
    <li
      aria-label={name}
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '1',
        p: '3',
        borderWidth: '1px',
        borderRadius: 'l2',
        bg: 'bg.default',
        textStyle: 'sm',
      })}
    >
      <div className={css({ display: 'flex', alignItems: 'flex-start', gap: '2' })}>
        <div className={css({ display: 'flex', flexDirection: 'column', flex: '1', minW: '0' })}>
          <span className={cx(oneLine, css({ fontWeight: 'semibold' }))} title={name}>
            {name}
          </span>
          <span className={cx(oneLine, css({ color: 'fg.muted' }))} title={`@${user.pseudo}`}>
            @{user.pseudo}
          </span>
        </div>
        <UserActionsMenu user={user} isSelf={isSelf} onAction={onAction} />
      </div>
      <span className={detail}>
        <icons.Mail aria-hidden className={detailIcon} />
        <span className={oneLine} title={user.email}>
          {user.email}
        </span>
      </span>
      {work ? (
        <span className={detail}>
          <icons.Briefcase aria-hidden className={detailIcon} />
          <span className={oneLine} title={work}>
            {work}
          </span>
        </span>
      ) : null}
      {user.address.city ? (
        <span className={detail}>
          <icons.MapPin aria-hidden className={detailIcon} />
          <span className={oneLine} title={user.address.city}>
            {user.address.city}
          </span>
        </span>
      ) : null}
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2', mt: '1' })}>
        <Badge variant="outline">{user.role}</Badge>
        <UserStatus isBlocked={user.isBlocked} labelled />
        <span className={css({ ms: 'auto' })}>
          <FeaturesButton user={user} onAction={onAction} />
        </span>
      </div>
    </li>
  );
});

export function UserCards({
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
    // One column on a phone, two or more where there is room (a tablet, a small laptop).
    <ul
      aria-label="Users"
      className={css({
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(18rem, 1fr))',
        gap: '2',
      })}
    >
      {users.map((user) => (
        <UserCard key={user.id} user={user} isSelf={user.id === selfId} onAction={onAction} />
      ))}
    </ul>
  );
}
