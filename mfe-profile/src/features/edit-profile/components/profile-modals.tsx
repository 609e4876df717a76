// Picks the profile micro-frontend's dialog for a modal type (editProfile); unknown types render nothing.
import '../lib/modal-props.ts';
import { EditProfileDialog } from './edit-profile-dialog.tsx';

export type ProfileModalsProps = { type: string; returnTo?: unknown };

export function ProfileModals({ type, returnTo }: ProfileModalsProps) {
  switch (type) {
    case 'editProfile':
      return <EditProfileDialog returnTo={returnTo} />;
    default:
      return null;
  }
}
