import { remoteBase, remoteFederation } from '@community/ui/app-config/federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const exposes = { './AdminPanel': './src/exposes/admin-panel.tsx' };

export default defineConfig({
  // Served by the edge at /mfe/admin/ (MFE_BASE overrides it), so chunk URLs resolve there.
  base: remoteBase('admin', process.env),
  plugins: [react(), remoteFederation('mfe_admin', exposes)],
  // No index.html: remoteFederation builds remoteEntry.js, with a lazily imported chunk per exposed module.
  server: { port: 5177 },
});
