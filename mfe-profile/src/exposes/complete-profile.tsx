// Exposed as `mfe_profile/CompleteProfile`: the form of /auth/complete-profile.
import '../index.css';

export { CompleteProfile as default } from '../features/complete-profile/components/complete-profile.tsx';
