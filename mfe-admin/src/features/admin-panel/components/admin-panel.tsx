// The Admin Panel dialog (modal type `adminPanel`): a left menu and the selected section. Only the
// sections that work are listed; Community Info and Community come with the admin issue. Closing it
// returns to the current user's profile panel (spec section 2).
import { session } from '@community/api-client';
import { closeModal, Dialog, icons, openModal } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type ComponentType, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ManageUsers } from '../../users/components/manage-users.tsx';

type Section = {
  id: 'users';
  label: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean; className?: string }>;
};

const SECTIONS: Section[] = [{ id: 'users', label: 'Users', icon: icons.Users }];

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
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  '&[aria-current=page]': { bg: 'accent.subtle', color: 'accent.text' },
  '& svg': { w: '4', h: '4' },
});

export function AdminPanel() {
  const { user } = useSnapshot(session);
  const [active, setActive] = useState<Section['id']>('users');

  function backToProfile() {
    if (user) openModal('profile', { userId: user.id });
    else closeModal();
  }

  return (
    <Dialog.Root
      open
      size="xl"
      // The profile panel opens in its place; handing focus back to the old trigger would land outside it
      // and close it again.
      restoreFocus={false}
      onOpenChange={(details) => (details.open ? undefined : backToProfile())}
    >
      <Dialog.Popup className={css({ h: { base: '100dvh', md: 'min(90dvh, 48rem)' } })}>
        <Dialog.CloseButton />
        <Dialog.Header>
          <Dialog.Title>Admin Panel</Dialog.Title>
        </Dialog.Header>
        <div className={css({ display: 'flex', flex: '1', minH: '0', borderTopWidth: '1px' })}>
          <nav
            aria-label="Admin Panel sections"
            className={css({ w: '48', flexShrink: 0, p: '3', borderRightWidth: '1px' })}
          >
            <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
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
          <div className={css({ flex: '1', minW: '0', overflowY: 'auto', p: '6' })}>
            {active === 'users' && user ? <ManageUsers adminId={user.id} /> : null}
          </div>
        </div>
      </Dialog.Popup>
    </Dialog.Root>
  );
}
