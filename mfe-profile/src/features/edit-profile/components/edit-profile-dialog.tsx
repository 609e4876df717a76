// The editProfile modal: the wizard in a centred dialog (full screen on phones). It edits the
// signed-in user's own profile; saving closes it, back to the profile panel when it came from there.
import { session } from '@community/api-client';
import { USER_ID_MISSING, type User } from '@community/domain';
import { closeModal, Dialog, EmptyState, icons, openModal } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { ProfileWizard } from './profile-wizard.tsx';

export type EditProfileDialogProps = {
  /** 'profile': closing shows the own profile panel again (the wizard was opened from it). */
  returnTo?: unknown;
};

export function EditProfileDialog({ returnTo }: EditProfileDialogProps) {
  const { user: signedIn } = useSnapshot(session);
  // The profile as it was when the dialog opened: what Save compares against.
  const [user] = useState(() => signedIn as User | null);
  const userId = signedIn?.id;
  const close = () => {
    if (returnTo === 'profile' && userId) openModal('profile', { userId });
    else closeModal();
  };
  return (
    <Dialog.Root
      open
      size="lg"
      closeOnInteractOutside={false}
      confirmDiscard
      onOpenChange={(details) => (details.open ? undefined : close())}
    >
      <Dialog.Popup
        className={css({
          // Phones get the whole screen: four steps of fields need the room.
          w: { base: '100vw', sm: '2xl' },
          maxW: '100vw',
          h: { base: '100dvh', sm: 'auto' },
          maxH: { base: '100dvh', sm: 'calc(100dvh - 2rem)' },
          borderRadius: { base: '0', sm: 'l3' },
        })}
      >
        <Dialog.CloseButton />
        <Dialog.Header>
          <Dialog.Title>Edit Profile</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          {user ? (
            <ProfileWizard user={user} onSaved={close} />
          ) : (
            <EmptyState icon={<icons.AlertTriangle />} title={USER_ID_MISSING} />
          )}
        </Dialog.Body>
      </Dialog.Popup>
    </Dialog.Root>
  );
}
