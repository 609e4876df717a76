import { remoteBase, remoteFederation } from '@community/ui/app-config/federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { remoteFederationDev } from '../packages/ui/app-config/federation-dev.ts';
import { sharedRequirements } from '../packages/ui/app-config/shared-versions.ts';

const exposes = { './AdminPanel': './src/exposes/admin-panel.tsx' };

// The version and shared ranges this build records in remoteEntry.js (the shell checks them).
const requirements = sharedRequirements(import.meta.dirname);

export default defineConfig(({ command }) => ({
  // Served by the edge at /mfe/admin/ (MFE_BASE overrides it), so chunk URLs resolve there.
  base: remoteBase('admin', process.env),
  plugins: [
    // The dev server's JSX is remoteFederationDev's: no Fast Refresh (the shell's React is a production build).
    command === 'build' && react(),
    remoteFederation('mfe_admin', exposes, requirements),
    // `npm run dev`: /remoteEntry.js for the running platform (MFE_ADMIN_URL), with hot updates.
    remoteFederationDev('mfe_admin', exposes, requirements),
  ],
  // No index.html: remoteFederation builds remoteEntry.js, with a lazily imported chunk per exposed module.
  server: { port: 5177, strictPort: true },
}));
