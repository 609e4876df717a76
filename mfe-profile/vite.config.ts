import { remoteBase, remoteFederation } from '@community/ui/app-config/federation';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const exposes = {
  './ProfilePanel': './src/exposes/profile-panel.tsx',
  './CompleteProfile': './src/exposes/complete-profile.tsx',
  './MembersPage': './src/exposes/members-page.tsx',
  './ProfileModals': './src/exposes/profile-modals.tsx',
};

export default defineConfig({
  // Served by the edge at /mfe/profile/ (MFE_BASE overrides it), so chunk URLs resolve there.
  base: remoteBase('profile', process.env),
  plugins: [react(), federation(remoteFederation('mfe_profile', exposes))],
  // No index.html: the build's entries are the exposed modules (remoteEntry.js is added by the plugin).
  build: { rolldownOptions: { input: Object.values(exposes) } },
  server: { port: 5176 },
});
