import { remoteBase, remoteFederation } from '@community/ui/app-config/federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sharedRequirements } from '../packages/ui/app-config/shared-versions.ts';

const exposes = {
  './ProfilePanel': './src/exposes/profile-panel.tsx',
  './CompleteProfile': './src/exposes/complete-profile.tsx',
  './MembersPage': './src/exposes/members-page.tsx',
  './ProfileModals': './src/exposes/profile-modals.tsx',
};

export default defineConfig({
  // Served by the edge at /mfe/profile/ (MFE_BASE overrides it), so chunk URLs resolve there.
  base: remoteBase('profile', process.env),
  plugins: [react(), remoteFederation('mfe_profile', exposes, sharedRequirements(import.meta.dirname))],
  // No index.html: remoteFederation builds remoteEntry.js, with a lazily imported chunk per exposed module.
  server: { port: 5176 },
});
