import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { releaseStore } from './remote-releases.ts';

let tmp: string;
beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'remote-releases-'));
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** A build folder like a micro-frontend's dist. */
async function build(name: string, files: Record<string, string>): Promise<string> {
  const dir = path.join(tmp, 'builds', name);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}
const read = async (file: string | null) => (file ? readFile(file, 'utf8') : null);

describe('releaseStore', () => {
  it("serves the live release's remoteEntry.js, and older hashed chunks an open page may still ask for", async () => {
    const store = releaseStore(path.join(tmp, 'events'));
    await store.publish(await build('v1', { 'remoteEntry.js': 'v1', 'assets/page-AAA.js': 'old chunk' }));
    await store.publish(await build('v2', { 'remoteEntry.js': 'v2', 'assets/page-BBB.js': 'new chunk' }));
    expect(await read(await store.resolve('remoteEntry.js'))).toBe('v2');
    expect(await read(await store.resolve('assets/page-BBB.js'))).toBe('new chunk');
    expect(await read(await store.resolve('assets/page-AAA.js'))).toBe('old chunk');
    expect(await store.resolve('assets/page-CCC.js')).toBeNull();
  });

  it('rolls back to the previous build, then further back', async () => {
    const store = releaseStore(path.join(tmp, 'events'));
    for (const version of ['v1', 'v2', 'v3'])
      await store.publish(await build(version, { 'remoteEntry.js': version }));
    expect(await store.rollback()).not.toBeNull();
    expect(await read(await store.resolve('remoteEntry.js'))).toBe('v2');
    await store.rollback();
    expect(await read(await store.resolve('remoteEntry.js'))).toBe('v1');
  });

  it('has nothing to roll back to with one build, and nothing to serve with none', async () => {
    const store = releaseStore(path.join(tmp, 'events'));
    expect(await store.resolve('remoteEntry.js')).toBeNull();
    await store.publish(await build('v1', { 'remoteEntry.js': 'v1' }));
    expect(await store.rollback()).toBeNull();
    expect(await read(await store.resolve('remoteEntry.js'))).toBe('v1');
  });

  it('never goes live with an incomplete build (no remoteEntry.js)', async () => {
    const store = releaseStore(path.join(tmp, 'events'));
    await store.publish(await build('v1', { 'remoteEntry.js': 'v1' }));
    const release = await store.prepare();
    await expect(store.goLive(release.id)).rejects.toThrow(/no remoteEntry.js/);
    expect(await read(await store.resolve('remoteEntry.js'))).toBe('v1');
  });

  it('keeps the last five builds', async () => {
    const store = releaseStore(path.join(tmp, 'events'));
    for (let version = 1; version <= 7; version++)
      await store.publish(
        await build(`v${version}`, { 'remoteEntry.js': `v${version}`, [`assets/c${version}.js`]: '' }),
      );
    expect(await store.history()).toHaveLength(5);
    expect(await store.resolve('assets/c2.js')).toBeNull();
    expect(await store.resolve('assets/c3.js')).not.toBeNull();
  });

  it('never answers outside its releases', async () => {
    await writeFile(path.join(tmp, 'secret.txt'), 'secret');
    const store = releaseStore(path.join(tmp, 'events'));
    await store.publish(await build('v1', { 'remoteEntry.js': 'v1' }));
    for (const attempt of ['../../../secret.txt', 'assets/../../../../secret.txt', '/../secret.txt', ''])
      expect(await store.resolve(attempt)).toBeNull();
  });
});
