import { remoteBase, remoteFederation } from '@community/ui/app-config/federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { remoteFederationDev } from '../packages/ui/app-config/federation-dev.ts';
import { sharedRequirements } from '../packages/ui/app-config/shared-versions.ts';

const exposes = {
  './ProfilePanel': './src/exposes/profile-panel.tsx',
  './CompleteProfile': './src/exposes/complete-profile.tsx',
  './MembersPage': './src/exposes/members-page.tsx',
  './ProfileModals': './src/exposes/profile-modals.tsx',
};

// The version and shared ranges this build records in remoteEntry.js (the shell checks them).
const requirements = sharedRequirements(import.meta.dirname);

export default defineConfig(({ command }) => ({
  // Served by the edge at /mfe/profile/ (MFE_BASE overrides it), so chunk URLs resolve there.
  base: remoteBase('profile', process.env),
  plugins: [
    // The dev server's JSX is remoteFederationDev's: no Fast Refresh (the shell's React is a production build).
    command === 'build' && react(),
    remoteFederation('mfe_profile', exposes, requirements),
    // `npm run dev`: /remoteEntry.js for the running platform (MFE_PROFILE_URL), with hot updates.
    remoteFederationDev('mfe_profile', exposes, requirements),
  ],
  // No index.html: remoteFederation builds remoteEntry.js, with a lazily imported chunk per exposed module.
  server: { port: 5176, strictPort: true },
}));
