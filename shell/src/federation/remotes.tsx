// The micro-frontend screens the shell renders, with their props and loading placeholders.
import { css } from '@community/ui/styled-system/css';
import { PageSkeleton, PanelSkeleton, SidebarSkeleton } from '../features/layout/components/skeletons.tsx';
import { remoteComponent } from './remote-component.tsx';

export const EventsPage = remoteComponent('mfe_events/EventsPage', <PageSkeleton />);

export const SpaceList = remoteComponent('mfe_spaces/SpaceList', <SidebarSkeleton />);

export const ProfilePanel = remoteComponent<{ userId?: string | undefined }>(
  'mfe_profile/ProfilePanel',
  <PanelSkeleton />,
);

export const CompleteProfile = remoteComponent(
  'mfe_profile/CompleteProfile',
  <div className={css({ maxW: 'md', mx: 'auto', mt: '16' })}>
    <PageSkeleton rows={3} />
  </div>,
);

export const AdminPanel = remoteComponent('mfe_admin/AdminPanel', <PanelSkeleton />);
