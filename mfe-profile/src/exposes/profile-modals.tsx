// Exposed as `mfe_profile/ProfileModals`: the profile dialogs the shell's modal host renders by type
// (editProfile), with the props they were opened with.
import '../index.css';
import { ProfileModals } from '../features/edit-profile/components/profile-modals.tsx';

export default ProfileModals;
