// Module federation settings every app builds with (vite.config.ts of the shell and of each
// micro-frontend), so the shared-dependency list exists once. The shell is the host and provides these
// modules; a remote only falls back to its own copy if the host did not provide a compatible one.
// Each entry is a singleton: two Reacts break hooks, and two copies of valtio, wouter, the UI kit or the
// API client would split the modal store, the toaster, the router location and the session in two.

/** The remote containers the shell loads, with the key of each in `GET /mfe-manifest.json`. */
export const REMOTE_NAMES = ['mfe_events', 'mfe_spaces', 'mfe_profile', 'mfe_admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

// Workspace packages carry no version of their own; every app builds against the same checkout.
const workspace = { singleton: true, version: '0.0.0', requiredVersion: '*' };

export const sharedDependencies = {
  react: { singleton: true },
  'react-dom': { singleton: true },
  wouter: { singleton: true },
  valtio: { singleton: true },
  // Every app validates with the shared domain schemas; one zod (~30 KB gz) instead of one per remote.
  zod: { singleton: true },
  '@community/ui': workspace,
  '@community/api-client': workspace,
};

export function hostFederation() {
  return {
    name: 'shell',
    // Remotes are registered at runtime from /mfe-manifest.json (shell/src/federation), so a
    // micro-frontend can be redeployed at a new address without rebuilding the shell.
    remotes: {},
    shared: sharedDependencies,
    dts: false,
  };
}

export function remoteFederation(name: RemoteName, exposes: Record<string, string>) {
  return {
    name,
    filename: 'remoteEntry.js',
    exposes,
    shared: sharedDependencies,
    dts: false,
  };
}

/**
 * Where a micro-frontend's built files are served (`/mfe/<folder>/` by the edge, docs/api.md);
 * `MFE_BASE` overrides it at build time, e.g. for a CDN.
 */
export function remoteBase(folder: string, env: Record<string, string | undefined>): string {
  const base = env.MFE_BASE ?? `/mfe/${folder}/`;
  return base.endsWith('/') ? base : `${base}/`;
}
