// Version skew (ADR 0017, issue #14): each micro-frontend is deployed on its own, so the shell may
// meet a remote built against a React, router or UI kit it does not provide. Its remoteEntry.js says
// what it was built against (`build`, packages/ui/app-config/shared-versions.ts); the shell checks that
// before running any of the remote's modules and refuses it by name (the section's error card),
// instead of letting two incompatible copies meet inside React. The rest of the app keeps working.
import type { RemoteContainer } from '@community/ui/app-config/federation';

/** The shared singletons' versions this shell build provides (injected by shell/vite.config.ts). */
declare const __SHARED_VERSIONS__: Record<string, string>;
export const providedVersions = (): Record<string, string> => __SHARED_VERSIONS__;

/**
 * Whether the `provided` version (x.y.z) satisfies the range a remote was built against. The rule, a
 * caret range's by major and minor only (a full semver parser is too heavy for the shell's first
 * load): same major, and at least the range's minor (`^19.3.1` takes 19.3.0 and 19.9.9, not 19.2 nor
 * 20.0). Below 1.0, and for `~`, the minor must be the same (`^0.4` takes 0.4.x only). Patch levels
 * are not compared (a patch never removes an API). A range of another form (`*`, `>=…`) is not checked.
 */
export function satisfies(provided: string, range: string): boolean {
  const want = /^\s*([~^]?)(\d+)(?:\.(\d+))?/.exec(range);
  const have = /^(\d+)\.(\d+)/.exec(provided);
  if (!want || !have) return true;
  const [, operator, major, minor = '0'] = want;
  const sameMinorOnly = operator === '~' || major === '0';
  return +have[1]! === +major! && (sameMinorOnly ? +have[2]! === +minor : +have[2]! >= +minor);
}

/** Why the shell refuses a remote's entry (shown in the section's error card). */
export class RemoteVersionError extends Error {
  override name = 'RemoteVersionError';
}

/**
 * Throws a RemoteVersionError when the entry is not the version the manifest names (`expected`) or
 * needs a shared module this shell cannot satisfy.
 */
export function checkRemoteVersions(
  name: string,
  container: RemoteContainer,
  provided: Record<string, string>,
  expected?: string,
): void {
  const build = container.build;
  if (expected && build?.version !== expected) {
    throw new RemoteVersionError(
      `${name}: the manifest expects version ${expected}, the server has ${build?.version ?? 'an unversioned build'}.`,
    );
  }
  for (const [module, range] of Object.entries(build?.shared ?? {})) {
    const version = provided[module];
    if (version && !satisfies(version, range)) {
      throw new RemoteVersionError(
        `${name} ${build!.version} needs ${module} ${range}; this app has ${version}.`,
      );
    }
  }
}
