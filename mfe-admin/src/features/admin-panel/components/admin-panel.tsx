// The Admin Panel dialog (modal type `adminPanel`, spec section 2): a left menu (Community Info, Users,
// Community, and our Audit log) and the selected section. The caller's role comes from
// GET /api/authorization (spec section 6). Closing it returns to the current user's profile panel.
import { session } from '@community/api-client';
import { PERMISSION_DENIED, type Role } from '@community/domain';
import { closeModal, Dialog, EmptyState, icons, openModal } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { Building2, History } from 'lucide-react';
import { type ComponentType, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { AuditLog } from '../../audit/components/audit-log.tsx';
import { CommunitySettings } from '../../community/components/community-settings.tsx';
import { CommunityInfo } from '../../community-info/components/community-info.tsx';
import { ManageUsers } from '../../users/components/manage-users.tsx';
import { canManageUsers, getAuthorization } from '../api/get-authorization.ts';

type SectionId = 'communityInfo' | 'users' | 'community' | 'audit';
type Section = {
  id: SectionId;
  label: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean; className?: string }>;
};

export const SECTIONS: Section[] = [
  { id: 'communityInfo', label: 'Community Info', icon: icons.Info },
  { id: 'users', label: 'Users', icon: icons.Users },
  { id: 'community', label: 'Community', icon: Building2 },
  { id: 'audit', label: 'Audit log', icon: History },
];

const menuItem = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  w: 'full',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  textStyle: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  cursor: 'pointer',
  textAlign: 'start',
  // Two to a row on a phone: a long name wraps rather than widening the menu.
  whiteSpace: { base: 'normal', md: 'nowrap' },
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  '&[aria-current=page]': { bg: 'accent.subtle', color: 'accent.text' },
  '& svg': { w: '4', h: '4', flexShrink: 0 },
});

/** The caller's role, or null until GET /api/authorization answers (or if it fails). */
function useRole(): Role | null {
  const [role, setRole] = useState<Role | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getAuthorization(controller.signal).then(
      (answer) => setRole(answer.role),
      (error: unknown) => {
        if (!controller.signal.aborted) console.error('[admin] authorization', error);
      },
    );
    return () => controller.abort();
  }, []);
  return role;
}

export function AdminPanel() {
  const { user } = useSnapshot(session);
  const role = useRole();
  // The first entry of the spec's menu (issue 26).
  const [active, setActive] = useState<SectionId>('communityInfo');
  const refused = role !== null && !canManageUsers(role);

  function backToProfile() {
    if (user) openModal('profile', { userId: user.id });
    else closeModal();
  }

  let content = null;
  if (refused) content = <EmptyState icon={<icons.Shield />} title={PERMISSION_DENIED} />;
  else if (user && active === 'communityInfo') content = <CommunityInfo userId={user.id} />;
  else if (user && active === 'users') content = <ManageUsers adminId={user.id} viewerRole={role} />;
  else if (active === 'community') content = <CommunitySettings />;
  else if (active === 'audit') content = <AuditLog />;

  return (
    <Dialog.Root
      open
      size="xl"
      // The profile panel opens in its place; handing focus back to the old trigger would land outside it
      // and close it again.
      restoreFocus={false}
      onOpenChange={(details) => (details.open ? undefined : backToProfile())}
    >
      <Dialog.Popup
        className={css({
          h: { base: '100dvh', md: 'min(90dvh, 48rem)' },
          w: { base: '100vw', md: 'min(96vw, 84rem)' },
        })}
      >
        <Dialog.CloseButton />
        <Dialog.Header>
          <Dialog.Title>Admin Panel</Dialog.Title>
        </Dialog.Header>
        <div
          className={css({
            display: 'flex',
            flexDirection: { base: 'column', md: 'row' },
            flex: '1',
            minH: '0',
            borderTopWidth: '1px',
          })}
        >
          <nav
            aria-label="Admin Panel sections"
            className={css({
              w: { base: 'full', md: '48' },
              flexShrink: 0,
              p: '3',
              borderRightWidth: { base: '0', md: '1px' },
              borderBottomWidth: { base: '1px', md: '0' },
            })}
          >
            {/* A phone shows every section at once, two to a row, instead of a row to swipe sideways. */}
            <ul
              className={css({
                display: 'grid',
                gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: '1fr' },
                gap: '1',
              })}
            >
              {SECTIONS.map(({ id, label, icon: Icon }) => (
                <li key={id}>
                  <button
                    type="button"
                    className={menuItem}
                    aria-current={active === id ? 'page' : undefined}
                    onClick={() => setActive(id)}
                  >
                    <Icon aria-hidden />
                    {label}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <div className={css({ flex: '1', minW: '0', overflowY: 'auto', p: { base: '4', md: '6' } })}>
            {content}
          </div>
        </div>
      </Dialog.Popup>
    </Dialog.Root>
  );
}
