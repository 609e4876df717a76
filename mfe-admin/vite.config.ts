import { remoteBase, remoteFederation } from '@community/ui/app-config/federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sharedRequirements } from '../packages/ui/app-config/shared-versions.ts';

const exposes = { './AdminPanel': './src/exposes/admin-panel.tsx' };

export default defineConfig({
  // Served by the edge at /mfe/admin/ (MFE_BASE overrides it), so chunk URLs resolve there.
  base: remoteBase('admin', process.env),
  plugins: [react(), remoteFederation('mfe_admin', exposes, sharedRequirements(import.meta.dirname))],
  // No index.html: remoteFederation builds remoteEntry.js, with a lazily imported chunk per exposed module.
  server: { port: 5177 },
});
