import { remoteBase, remoteFederation } from '@community/ui/app-config/federation';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const exposes = {
  './EventsPage': './src/exposes/events-page.tsx',
  './EventDetailPage': './src/exposes/event-detail-page.tsx',
  './Modals': './src/exposes/modals.tsx',
};

export default defineConfig({
  // Served by the edge at /mfe/events/ (MFE_BASE overrides it), so chunk URLs resolve there.
  base: remoteBase('events', process.env),
  plugins: [react(), federation(remoteFederation('mfe_events', exposes))],
  // No index.html: the build's entries are the exposed modules (remoteEntry.js is added by the plugin).
  build: { rolldownOptions: { input: Object.values(exposes) } },
  server: { port: 5174 },
});
