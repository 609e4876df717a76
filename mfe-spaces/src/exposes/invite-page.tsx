// Exposed as `mfe_spaces/InvitePage`: the invite link page (`/spaces/invite/{inviteCode}`).
import '../index.css';

export { InvitePage as default } from '../features/invites/components/invite-page.tsx';
