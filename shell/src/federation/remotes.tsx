// The micro-frontend screens the shell renders, with their props and loading placeholders.
import { css } from '@community/ui/styled-system/css';
import { type JSX, useEffect, useState } from 'react';
import { PageSkeleton, PanelSkeleton, SidebarSkeleton } from '../features/layout/components/skeletons.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { remoteComponent } from './remote-component.tsx';
import { appTitle } from './remote-loader.ts';

export const EventsPage = remoteComponent('mfe_events/EventsPage', <PageSkeleton />);

export const EventDetailPage = remoteComponent<{ id: string }>(
  'mfe_events/EventDetailPage',
  <PageSkeleton />,
);

/** The events modals (viewEvent, createEvent, editEvent, createLivestream), chosen by `type`. */
export const EventsModals = remoteComponent<{ type: string }>('mfe_events/Modals', null);

export const SpacePage = remoteComponent<{ id: string }>('mfe_spaces/SpacePage', <PageSkeleton />);

export const SpaceInvitePage = remoteComponent<{ inviteCode: string }>(
  'mfe_spaces/InvitePage',
  <PageSkeleton rows={2} />,
);

/** The spaces modals (createServer, editSpace, deleteSpace, invite, leaveSpace, members, addMembers, serverSearch, deleteMessage, createConversation). */
export const SpacesModals = remoteComponent<{ type: string }>('mfe_spaces/Modals', null);

export const SpaceList = remoteComponent('mfe_spaces/SpaceList', <SidebarSkeleton />);

/** `/spaces`: every space the member can see, with what they can do in each. */
export const SpacesPage = remoteComponent('mfe_spaces/SpacesPage', <PageSkeleton rows={2} />);

/** `/messages`: the member's conversations. */
export const MessagesPage = remoteComponent('mfe_spaces/MessagesPage', <PageSkeleton rows={2} />);

/** The direct conversation with one member (`/community/conversations/{userId}`). */
export const ConversationPage = remoteComponent<{ userId: string }>(
  'mfe_spaces/ConversationPage',
  <PageSkeleton rows={2} />,
);

/** The sidebar's Messages section (renders nothing without the `messages` feature). */
export const MessagesSection = remoteComponent('mfe_spaces/MessagesSection', null);

/** Home with the `livewall` feature: upcoming events and the community wall. */
export const CommunityWall = remoteComponent('mfe_spaces/CommunityWall', <PageSkeleton />);

export const ProfilePanel = remoteComponent<{ userId?: string | undefined }>(
  'mfe_profile/ProfilePanel',
  <PanelSkeleton />,
);

/** The members directory (`/members`, with the `community` feature). */
export const MembersPage = remoteComponent('mfe_profile/MembersPage', <PageSkeleton />);

/** The profile dialogs (editProfile), chosen by `type`. */
export const ProfileModals = remoteComponent<{ type: string }>('mfe_profile/ProfileModals', null);

export const CompleteProfile = remoteComponent(
  'mfe_profile/CompleteProfile',
  <div className={css({ maxW: 'md', mx: 'auto', mt: '16' })}>
    <PageSkeleton rows={3} />
  </div>,
);

export const AdminPanel = remoteComponent('mfe_admin/AdminPanel', <PanelSkeleton />);

const appComponents = new Map<string, ReturnType<typeof remoteComponent>>();

/**
 * `/apps/<name>`: a team's own micro-frontend (MFE_APPS in the manifest), built with any Module
 * Federation 2.0 toolchain (webpack, Rspack, Vite…): its exposed `./App` in the signed-in frame, on
 * the shell's React. An address the manifest does not name is a page not found.
 */
export function AppPage({ name }: { name: string }): JSX.Element {
  const [title, setTitle] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    appTitle(name).then(
      (found) => current && setTitle(found),
      () => current && setTitle(name), // the manifest failed: the area's error card says so
    );
    return () => {
      current = false;
    };
  }, [name]);
  if (title === null) return <NotFoundPage />;
  let App = appComponents.get(name);
  if (!App) {
    App = remoteComponent(`${name}/App`, <PageSkeleton rows={2} />);
    appComponents.set(name, App);
  }
  // The page's margins are the shell's (an app draws its content only), as around our own pages.
  return (
    <section aria-label={title ?? undefined} className={css({ p: { base: '4', md: '6' } })}>
      <App />
    </section>
  );
}
