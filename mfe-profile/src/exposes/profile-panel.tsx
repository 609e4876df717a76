// Exposed as `mfe_profile/ProfilePanel`: the profile side panel the shell's modal host renders for the
// `profile` modal type, with the modal's props ({ userId }).
import '../index.css';

export { ProfilePanel as default } from '../features/profile-panel/components/profile-panel.tsx';
