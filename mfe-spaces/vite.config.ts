import { remoteBase, remoteFederation } from '@community/ui/app-config/federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sharedRequirements } from '../packages/ui/app-config/shared-versions.ts';

const exposes = {
  './SpaceList': './src/exposes/space-list.tsx',
  './SpacePage': './src/exposes/space-page.tsx',
  './InvitePage': './src/exposes/invite-page.tsx',
  './Modals': './src/exposes/modals.tsx',
  './CommunityWall': './src/exposes/community-wall.tsx',
  './ConversationPage': './src/exposes/conversation-page.tsx',
  './MessagesSection': './src/exposes/messages-section.tsx',
};

export default defineConfig({
  // Served by the edge at /mfe/spaces/ (MFE_BASE overrides it), so chunk URLs resolve there.
  base: remoteBase('spaces', process.env),
  plugins: [react(), remoteFederation('mfe_spaces', exposes, sharedRequirements(import.meta.dirname))],
  // No index.html: remoteFederation builds remoteEntry.js, with a lazily imported chunk per exposed module.
  server: { port: 5175 },
});
