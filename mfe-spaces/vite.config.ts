import { remoteBase, remoteFederation } from '@community/ui/app-config/federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { remoteFederationDev } from '../packages/ui/app-config/federation-dev.ts';
import { sharedRequirements } from '../packages/ui/app-config/shared-versions.ts';

const exposes = {
  './SpaceList': './src/exposes/space-list.tsx',
  './SpacePage': './src/exposes/space-page.tsx',
  './InvitePage': './src/exposes/invite-page.tsx',
  './Modals': './src/exposes/modals.tsx',
  './CommunityWall': './src/exposes/community-wall.tsx',
  './ConversationPage': './src/exposes/conversation-page.tsx',
  './MessagesSection': './src/exposes/messages-section.tsx',
  './SpacesPage': './src/exposes/spaces-page.tsx',
  './MessagesPage': './src/exposes/messages-page.tsx',
};

// The version and shared ranges this build records in remoteEntry.js (the shell checks them).
const requirements = sharedRequirements(import.meta.dirname);

export default defineConfig(({ command }) => ({
  // Served by the edge at /mfe/spaces/ (MFE_BASE overrides it), so chunk URLs resolve there.
  base: remoteBase('spaces', process.env),
  plugins: [
    // The dev server's JSX is remoteFederationDev's: no Fast Refresh (the shell's React is a production build).
    command === 'build' && react(),
    remoteFederation('mfe_spaces', exposes, requirements),
    // `npm run dev`: /remoteEntry.js for the running platform (MFE_SPACES_URL), with hot updates.
    remoteFederationDev('mfe_spaces', exposes, requirements),
  ],
  // No index.html: remoteFederation builds remoteEntry.js, with a lazily imported chunk per exposed module.
  server: { port: 5175, strictPort: true },
}));
