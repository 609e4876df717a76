// Version skew between the shell and a micro-frontend deployed on its own (ADR 0017, issue #14): a
// remote built against a React, a router or a UI kit the running shell does not provide must be
// refused by name, not crash inside React. Both sides read versions here at build time: a
// micro-frontend records what it needs (`sharedRequirements`, written into its remoteEntry.js by
// remoteFederation: its container asks the federation runtime for each shared module with that range,
// ADR 0028), the shell what it provides (`providedSharedVersions`, registered with the runtime).
// Kept apart from ./federation.ts, which the shell's browser code imports too: this file reads disk.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The shared singletons whose versions matter (the packages behind SHARED_MODULES in ./federation.ts;
 * `react/jsx-runtime` is react's, the Panda runtimes are the UI kit's).
 */
export const VERSIONED_SHARED = [
  'react',
  'react-dom',
  'wouter',
  'valtio',
  'zod',
  '@community/ui',
  '@community/api-client',
] as const;

/** What a built micro-frontend says about itself in its remoteEntry.js (`export const build`). */
export type RemoteBuildInfo = { version: string; shared: Record<string, string> };

type PackageJson = {
  version?: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

const readPackage = (file: string): PackageJson => JSON.parse(readFileSync(file, 'utf8')) as PackageJson;

/** The version of `name` as installed for the package in `from` (node_modules, nearest first). */
export function installedVersion(name: string, from: string): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) return readPackage(file).version;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * A micro-frontend's own version and the range of each shared singleton it was built against, from
 * its package.json (dependencies, then peerDependencies). A workspace range (`*`, `workspace:…`) means
 * "the copy in this repository": it is recorded as a caret range of the installed version.
 */
export function sharedRequirements(appDir: string): RemoteBuildInfo {
  const pkg = readPackage(path.join(appDir, 'package.json'));
  const shared: Record<string, string> = {};
  for (const name of VERSIONED_SHARED) {
    const range = pkg.dependencies?.[name] ?? pkg.peerDependencies?.[name];
    if (!range) continue;
    const installed = installedVersion(name, appDir);
    shared[name] = (range === '*' || range.startsWith('workspace:')) && installed ? `^${installed}` : range;
  }
  return { version: pkg.version ?? '0.0.0', shared };
}

/** The versions of the shared singletons the shell in `shellDir` is built with (its installed copies). */
export function providedSharedVersions(shellDir: string): Record<string, string> {
  const provided: Record<string, string> = {};
  for (const name of VERSIONED_SHARED) {
    const version = installedVersion(name, shellDir);
    if (version) provided[name] = version;
  }
  return provided;
}
