import { session } from '@community/api-client';
import { Avatar, openModal, Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { homePathFor } from '../../../routing/redirect-rules.ts';
import { useCommunity } from '../../community/api/use-community.ts';
import { NotificationsBell } from '../../notifications/notifications-bell.tsx';
import { MainNav } from './main-nav.tsx';

export function TopBar() {
  const { user } = useSnapshot(session);
  const { community, failed } = useCommunity();
  const fullName = user ? `${user.firstName} ${user.lastName}` : '';

  return (
    <header
      className={css({
        gridArea: 'top',
        // Stays at the top while the page scrolls: the navigation is always one click away (and
        // reaching it does not scroll the page, which back/forward then restores).
        position: 'sticky',
        top: '0',
        zIndex: 'sticky',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: '4',
        h: 'topbar',
        px: '4',
        bg: 'bg.default',
        borderBottomWidth: '1px',
      })}
    >
      <div className={css({ display: 'flex', alignItems: 'center', gap: '4', minW: '0' })}>
        <Link
          href={homePathFor(user)}
          className={css({ textStyle: 'lg', fontWeight: 'bold', color: 'fg.default', truncate: true })}
        >
          {community ? (
            community.communityName
          ) : failed ? (
            'Community'
          ) : (
            // Named while the community loads: a link holding only a skeleton has no name (axe link-name).
            <>
              <span className={css({ srOnly: true })}>Home</span>
              <Skeleton shape="text" className={css({ w: '40' })} />
            </>
          )}
        </Link>
        <MainNav user={user} />
      </div>
      {user ? (
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexShrink: 0 })}>
          <NotificationsBell />
          <button
            type="button"
            aria-label={`Open the profile of ${fullName}`}
            onClick={() => openModal('profile', { userId: user.id })}
            className={css({
              borderRadius: 'full',
              cursor: 'pointer',
              _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
            })}
          >
            <Avatar name={fullName} src={user.imageUrl} size="sm" />
          </button>
        </div>
      ) : null}
    </header>
  );
}
