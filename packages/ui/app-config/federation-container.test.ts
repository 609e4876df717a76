// @vitest-environment node
// A container as containerSource writes it, loaded by the official @module-federation/runtime (the
// shell's host library): the protocol's init/get, the shared modules taken from the host's share
// scope, and the runtime's semver check refusing a React the host cannot satisfy. (The built
// containers are loaded in a browser by the journeys: micro-frontends, skew, dev loop, foundation.)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusalOf } from '../../../shell/src/federation/remote-versions.ts';
import { containerSource } from './federation.ts';

// In Node the runtime would load an entry as a classic script; a host plugin imports the ES module.
// (vitest's import drops an address's query, so the manifest's version in `?v=` is checked in a
// browser: the bare-runtime host journey.)
const importEntry: ModuleFederationRuntimePlugin = {
  name: 'import-entry',
  loadEntry: ({ remoteInfo }) => import(remoteInfo.entry),
};

const react = { version: '19.3.1', useState: () => 'the host’s useState' };
let dir = '';
let hosts = 0;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'community-container-'));
  delete (globalThis as Record<string, unknown>).__communityShared__;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Writes a container exposing `./Page` (which reads React and the kit's Button), returns its URL. */
async function container(shared: Record<string, string>, version = '1.0.0'): Promise<string> {
  await writeFile(
    path.join(dir, 'page.mjs'),
    [
      'const { useState } = globalThis.__communityShared__["react"];',
      'const { Button } = await globalThis.__communityShared__["@community/ui"](["Button"]);',
      'export default { useState, Button };',
    ].join('\n'),
  );
  const loaders = ['  "./Page": () => import("./page.mjs"),'];
  const entry = path.join(dir, `remoteEntry-${++hosts}.mjs`);
  await writeFile(
    entry,
    containerSource('mfe_events', loaders, { version, shared }, ['react', '@community/ui']),
  );
  return pathToFileURL(entry).href;
}

/** A host of the official runtime sharing React and the kit whole (as any standard host would). */
function host(entry: string) {
  return createInstance({
    name: `host_${hosts}`,
    remotes: [{ name: 'mfe_events', entry, type: 'module' }],
    shareStrategy: 'loaded-first',
    shared: {
      react: {
        version: '19.3.1',
        lib: () => react,
        shareConfig: { singleton: true, requiredVersion: false },
      },
      '@community/ui': {
        version: '1.1.0',
        lib: () => ({ Button: 'the host’s Button' }),
        shareConfig: { singleton: true, requiredVersion: false },
      },
    },
    plugins: [importEntry],
  });
}

describe('a micro-frontend container under @module-federation/runtime', () => {
  it('takes the host’s shared modules and serves its exposed module', async () => {
    const entry = await container({ react: '^19.3.1', '@community/ui': '^1.1.0' });
    const page = await host(entry).loadRemote<{ default: { useState: unknown; Button: unknown } }>(
      'mfe_events/Page',
    );
    expect(page?.default.useState).toBe(react.useState);
    expect(page?.default.Button).toBe('the host’s Button');
  });

  it('is refused by the runtime’s semver check, before its module runs, and says why', async () => {
    const entry = await container({ react: '^20.0.0' }, '2.0.0');
    const error = await host(entry)
      .loadRemote('mfe_events/Page')
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect((refusalOf(error) as Error).message).toBe(
      'mfe_events 2.0.0 needs react ^20.0.0; this app has 19.3.1.',
    );
    expect((globalThis as Record<string, unknown>).__communityShared__).toEqual({});
  });
});
