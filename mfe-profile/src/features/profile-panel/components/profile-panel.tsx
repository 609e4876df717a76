// The profile side panel (modal type `profile`): the header from one GET /api/users/{id}, own-profile or
// member actions, and the tabs About, Activity, Events, Spaces, Media. A tab's data loads the first
// time the tab is shown, so opening the panel costs one call.
import { session } from '@community/api-client';
import { featureDisabledMessage, USER_ID_MISSING, USER_LOAD_FAILED, USER_NOT_FOUND } from '@community/domain';
import {
  Button,
  canOpenProfile,
  closeModal,
  Dialog,
  EmptyState,
  icons,
  PROFILE_LINK_PARAM,
  Skeleton,
  Tabs,
} from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type ReactNode, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useSearchParams } from 'wouter';
import { type ProfileUser, useUser } from '../api/use-user.ts';
import { AboutTab } from './about-tab.tsx';
import { ActivityTab } from './activity-tab.tsx';
import { EventsTab } from './events-tab.tsx';
import { MediaTab } from './media-tab.tsx';
import { OtherProfileActions, OwnProfileActions } from './profile-actions.tsx';
import { ProfileHeader } from './profile-header.tsx';
import {
  PROFILE_TAB_LABELS,
  PROFILE_TAB_PARAM,
  type ProfileTab,
  profileTabFrom,
  profileTabsFor,
} from './profile-tabs.ts';
import { ScrollingTabList } from './scrolling-tab-list.tsx';
import { SpacesTab } from './spaces-tab.tsx';

function ProfileSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading profile"
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <Skeleton className={css({ h: '28', borderRadius: 'l2' })} />
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

/**
 * The open member and tab, kept in the address (spec section 2, and PROFILE_LINK_PARAM) so a reload
 * or a shared link shows the same panel on the same tab.
 */
function useProfileTab(userId: string): [ProfileTab, (tab: ProfileTab) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = profileTabFrom(searchParams.get(PROFILE_TAB_PARAM));

  const setTab = (next: ProfileTab) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set(PROFILE_TAB_PARAM, next);
        return params;
      },
      { replace: true },
    );

  // A missing or unknown value is written back as the tab actually shown.
  useEffect(() => {
    if (searchParams.get(PROFILE_TAB_PARAM) === tab && searchParams.get(PROFILE_LINK_PARAM) === userId)
      return;
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set(PROFILE_LINK_PARAM, userId);
        params.set(PROFILE_TAB_PARAM, tab);
        return params;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams, tab, userId]);

  return [tab, setTab];
}

function tabContent(tab: ProfileTab, user: ProfileUser, isOwnProfile: boolean): ReactNode {
  switch (tab) {
    case 'about':
      return <AboutTab user={user} isOwnProfile={isOwnProfile} />;
    case 'activity':
      return <ActivityTab userId={user.id} />;
    case 'events':
      return <EventsTab userId={user.id} />;
    case 'spaces':
      return <SpacesTab userId={user.id} />;
    case 'media':
      return <MediaTab userId={user.id} />;
  }
}

function ProfileContent({ userId }: { userId: string }) {
  // One's own profile is in the session already: the panel shows it at once and refreshes it.
  const [seed] = useState(() => (session.user?.id === userId ? session.user : null));
  const { user: me } = useSnapshot(session);
  const allowed = !me || canOpenProfile(me, userId);
  // Not asked while refused: it would only answer 403.
  const profile = useUser(allowed ? userId : undefined, seed);
  const [chosenTab, setTab] = useProfileTab(userId);
  const tabs = profileTabsFor(me);
  const tab = tabs.includes(chosenTab) ? chosenTab : 'about';

  // Another member's profile needs `community` (one's own does not): say so, also when the switch
  // goes off while the panel is open, rather than showing what the API now refuses.
  if (!allowed) return <EmptyState icon={<icons.Ban />} title={featureDisabledMessage('community')} />;
  if (profile.status === 'loading') return <ProfileSkeleton />;
  if (profile.status === 'error') {
    if (profile.refused) return <EmptyState icon={<icons.Ban />} title={profile.refused} />;
    if (profile.notFound) return <EmptyState icon={<icons.User />} title={USER_NOT_FOUND} />;
    return (
      <EmptyState
        icon={<icons.AlertTriangle />}
        title={USER_LOAD_FAILED}
        reference={profile.reference}
        action={
          <Button size="sm" variant="outline" onClick={profile.retry}>
            <icons.RefreshCw aria-hidden="true" />
            Retry
          </Button>
        }
      />
    );
  }

  const { user } = profile;
  const isOwnProfile = me?.id === user.id;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      <ProfileHeader user={user} />
      {isOwnProfile ? <OwnProfileActions role={user.role} /> : <OtherProfileActions userId={user.id} />}
      {/* lazyMount: a tab's content (and its calls) starts the first time it is shown, then stays. */}
      <Tabs.Root value={tab} lazyMount onValueChange={(details) => setTab(profileTabFrom(details.value))}>
        <ScrollingTabList>
          {tabs.map((value) => (
            <Tabs.Trigger key={value} value={value}>
              {PROFILE_TAB_LABELS[value]}
            </Tabs.Trigger>
          ))}
        </ScrollingTabList>
        {tabs.map((value) => (
          <Tabs.Content key={value} value={value}>
            {tabContent(value, user, isOwnProfile)}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

export function ProfilePanel({ userId }: { userId?: string | undefined }) {
  const [, setSearchParams] = useSearchParams();

  function close() {
    closeModal();
    // The member and tab belong to the open panel; a closed panel leaves a clean address.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PROFILE_TAB_PARAM);
        next.delete(PROFILE_LINK_PARAM);
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
      // Closed by its button, Escape or a click outside; focus moving (to a toast, a portalled menu)
      // must not close it and lose the tab the member was on. The dialog traps focus anyway.
      onFocusOutside={(event) => event.preventDefault()}
    >
      <Dialog.Popup aria-label="Profile">
        <Dialog.CloseButton />
        <Dialog.Body className={css({ pt: '14' })}>
          {userId ? (
            <ProfileContent key={userId} userId={userId} />
          ) : (
            <EmptyState icon={<icons.User />} title={USER_ID_MISSING} />
          )}
        </Dialog.Body>
      </Dialog.Popup>
    </Dialog.Root>
  );
}
