// The shell as a Module Federation host (ADR 0028): the official `@module-federation/runtime`, with the
// shell's shared singletons registered under the versions it was built with. Imported lazily by
// remote-loader.ts once a page shows a micro-frontend, so the sign-in page loads none of it.
import { packageOf, SHARED_MODULES } from '@community/ui/app-config/federation';
import { createInstance, type ModuleFederation } from '@module-federation/runtime';
import { sharedModules } from './shared-modules.ts';

/** The shared singletons' versions this shell build provides (injected by shell/vite.config.ts). */
declare const __SHARED_VERSIONS__: Record<string, string>;

export type { ModuleFederation };

export function createHost(): ModuleFederation {
  return createInstance({
    name: 'shell',
    remotes: [],
    // Take the version already loaded (the shell's): the default, 'version-first', would load every
    // registered remote's entry on the first shared request to compare their versions.
    shareStrategy: 'loaded-first',
    shared: Object.fromEntries(
      SHARED_MODULES.map((specifier) => [
        specifier,
        {
          version: __SHARED_VERSIONS__[packageOf(specifier)] ?? '0.0.0',
          lib: () => sharedModules[specifier],
          // Each remote states its own range when it asks (its container's `init`); the runtime's
          // semver check refuses one this version does not satisfy.
          shareConfig: { singleton: true, requiredVersion: false },
        },
      ]),
    ),
  });
}
