import { treeshake } from '@community/ui/app-config/federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sharedUiLoaders } from '../packages/ui/app-config/shared-ui-loaders.ts';
import { providedSharedVersions } from '../packages/ui/app-config/shared-versions.ts';

// The edge (edge-api on workerd) serves the API, the sockets, the manifest and the micro-frontends on
// one origin; the dev and preview servers forward those paths to it. The edge refuses state-changing
// requests from another origin, so the forwarded requests say they come from the edge's own.
const EDGE_ORIGIN = process.env.EDGE_ORIGIN ?? 'http://localhost:8787';
const toEdge = { target: EDGE_ORIGIN, changeOrigin: true, headers: { origin: EDGE_ORIGIN } };
const edgePaths = {
  '/api': toEdge,
  '/mfe': toEdge,
  '/mfe-manifest.json': toEdge,
  '/parties': { ...toEdge, ws: true },
};

export default defineConfig({
  // The micro-frontends are loaded at run time (src/federation) and get React, the router, the stores
  // and the UI kit from this build (packages/ui/app-config/federation.ts, ADR 0028).
  plugins: [react(), sharedUiLoaders()],
  define: {
    // The versions of the shared modules this build registers with the federation runtime: a remote
    // built for others is refused by name (src/federation/federation-host.ts, remote-versions.ts).
    __SHARED_VERSIONS__: JSON.stringify(providedSharedVersions(import.meta.dirname)),
    // @module-federation/runtime's build target (the define its own bundler plugins set): the browser
    // only, so its Node loaders are left out (1.8 KB gz of the runtime's 21.3).
    ENV_TARGET: JSON.stringify('web'),
  },
  build: {
    rolldownOptions: {
      treeshake,
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 2 },
            { name: 'part', entriesAware: true, entriesAwareMergeThreshold: 0 },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: edgePaths },
  preview: { port: 4173, proxy: edgePaths },
});
