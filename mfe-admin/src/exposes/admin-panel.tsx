// Exposed as `mfe_admin/AdminPanel`: the dialog the shell's modal host renders for `adminPanel`.
import '../index.css';

export { AdminPanel as default } from '../features/admin-panel/components/admin-panel.tsx';
