// The profile side panel (modal type `profile`): header, own-profile or member actions, and the tabs.
import { session } from '@community/api-client';
import { closeModal, Dialog, EmptyState, icons, Skeleton, Tabs } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useSearchParams } from 'wouter';
import { useUser } from '../api/use-user.ts';
import { AboutTab } from './about-tab.tsx';
import { OtherProfileActions, OwnProfileActions } from './profile-actions.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { PROFILE_TAB_PARAM, profileTabFrom } from './profile-tabs.ts';

function ProfileSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading profile"
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <div className={css({ display: 'flex', gap: '4', alignItems: 'center' })}>
        <Skeleton shape="circle" className={css({ w: '20', h: '20' })} />
        <div className={css({ flex: '1', display: 'flex', flexDirection: 'column', gap: '2' })}>
          <Skeleton shape="text" className={css({ w: '2/3', h: '6' })} />
          <Skeleton shape="text" className={css({ w: '1/3' })} />
          <Skeleton shape="text" className={css({ w: '1/2' })} />
        </div>
      </div>
      <Skeleton className={css({ h: '24' })} />
    </div>
  );
}

function ProfileContent({ userId }: { userId: string }) {
  const profile = useUser(userId);
  const { user: me } = useSnapshot(session);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = profileTabFrom(searchParams.get(PROFILE_TAB_PARAM));

  // Keep the open tab in the address (spec section 2), so a reload or a shared link shows the same tab.
  useEffect(() => {
    if (searchParams.get(PROFILE_TAB_PARAM) === tab) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(PROFILE_TAB_PARAM, tab);
        return next;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams, tab]);

  if (profile.status === 'loading') return <ProfileSkeleton />;
  if (profile.status === 'error')
    return <EmptyState icon={<icons.AlertTriangle />} title="Unable to load user" />;

  const { user } = profile;
  const isOwnProfile = me?.id === user.id;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      <ProfileHeader user={user} />
      {isOwnProfile ? <OwnProfileActions role={user.role} /> : <OtherProfileActions userId={user.id} />}
      <Tabs.Root
        value={tab}
        onValueChange={(details) =>
          setSearchParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set(PROFILE_TAB_PARAM, profileTabFrom(details.value));
              return next;
            },
            { replace: true },
          )
        }
      >
        <Tabs.List>
          <Tabs.Trigger value="about">About</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="about">
          <AboutTab user={user} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

export function ProfilePanel({ userId }: { userId?: string | undefined }) {
  const [, setSearchParams] = useSearchParams();

  function close() {
    closeModal();
    // The tab belongs to the open panel; a closed panel leaves a clean address.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PROFILE_TAB_PARAM);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <Dialog.Root
      open
      placement="end"
      size="panel"
      onOpenChange={(details) => (details.open ? undefined : close())}
    >
      <Dialog.Popup aria-label="Profile">
        <Dialog.CloseButton />
        <Dialog.Body className={css({ pt: '14' })}>
          {userId ? (
            <ProfileContent userId={userId} />
          ) : (
            <EmptyState icon={<icons.User />} title="User ID is not available" />
          )}
        </Dialog.Body>
      </Dialog.Popup>
    </Dialog.Root>
  );
}
