// Exposed as `mfe_profile/MembersPage`: the members directory the shell renders at /members.
import '../index.css';

export { MembersPage as default } from '../features/members/components/members-page.tsx';
