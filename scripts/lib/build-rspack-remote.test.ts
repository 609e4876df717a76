import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRspackRemote } from './build-rspack-remote.ts';

const PUBLIC_PATH = 'http://127.0.0.1:4301/rspack_app/';
let outDir: string;
let built: { entry: string; manifest: string };

/** Text only React's own source has: its production build's name and React 19's internals key. */
const REACT_SOURCE = [
  'react.production',
  '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
  '__SECRET_INTERNALS',
  'ReactCurrentDispatcher',
];

type Manifest = {
  name: string;
  metaData: { publicPath: string; remoteEntry: { name: string; type: string } };
  shared: { name: string; singleton: boolean; requiredVersion: string }[];
  exposes: { path: string; assets: { js: { sync: string[] } } }[];
};

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'rspack-remote-'));
  built = await buildRspackRemote({ outDir, publicPath: PUBLIC_PATH });
});
afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

const readManifest = async () =>
  JSON.parse(await readFile(path.join(outDir, built.manifest), 'utf8')) as Manifest;

describe('buildRspackRemote', () => {
  it('writes the remote entry and the federation manifest', () => {
    expect(built).toEqual({ entry: 'remoteEntry.js', manifest: 'mf-manifest.json' });
    expect(existsSync(path.join(outDir, 'remoteEntry.js'))).toBe(true);
    expect(existsSync(path.join(outDir, 'mf-manifest.json'))).toBe(true);
  });

  it('names the remote rspack_app, a script-loaded (var) entry served from the public path', async () => {
    const manifest = await readManifest();
    expect(manifest.name).toBe('rspack_app');
    expect(manifest.metaData.remoteEntry).toMatchObject({ name: 'remoteEntry.js', type: 'var' });
    expect(manifest.metaData.publicPath).toBe(PUBLIC_PATH);
  });

  it('lists the ./App expose, whose chunk was written', async () => {
    const { exposes } = await readManifest();
    expect(exposes.map((expose) => expose.path)).toEqual(['./App']);
    const chunks = exposes[0]!.assets.js.sync;
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(existsSync(path.join(outDir, chunk))).toBe(true);
  });

  it('shares React and its JSX runtime as singletons the host provides', async () => {
    const { shared } = await readManifest();
    const byName = new Map(shared.map((entry) => [entry.name, entry]));
    expect(byName.get('react')).toMatchObject({ singleton: true, requiredVersion: '^19.0.0' });
    expect(byName.get('react/jsx-runtime')).toMatchObject({ singleton: true, requiredVersion: '^19.0.0' });
  });

  it('bundles no copy of React and no eval', async () => {
    const files = (await readdir(outDir)).filter((file) => file.endsWith('.js'));
    expect(files).toContain('remoteEntry.js');
    for (const file of files) {
      const text = await readFile(path.join(outDir, file), 'utf8');
      for (const marker of REACT_SOURCE) expect(text, `${file} holds React's source`).not.toContain(marker);
      expect(text, `${file} calls eval`).not.toMatch(/\beval\(/);
    }
  });
});
