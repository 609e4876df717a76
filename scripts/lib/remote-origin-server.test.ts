import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderSource, type RemoteOrigin, startRemoteOrigin } from './remote-origin-server.ts';

const SHELL = 'http://localhost:8787';
let tmp: string;
let origin: RemoteOrigin;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'remote-origin-'));
  await mkdir(path.join(tmp, 'build/assets'), { recursive: true });
  await writeFile(path.join(tmp, 'build/remoteEntry.js'), 'export const modules = {};');
  await writeFile(path.join(tmp, 'build/assets/page-AAA.js'), 'export default 1;');
  await writeFile(path.join(tmp, 'build/assets/page-AAA.css'), '.a{color:red}');
  await writeFile(path.join(tmp, 'secret.txt'), 'secret');
  origin = await startRemoteOrigin({
    source: folderSource(path.join(tmp, 'build')),
    allowedOrigins: [SHELL],
  });
});
afterAll(async () => {
  await origin.close();
  await rm(tmp, { recursive: true, force: true });
});

/** The status of a GET of `rawPath` exactly as written. */
const rawStatus = (rawPath: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(`${origin.url}${rawPath}`, { path: rawPath }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', reject);
  });

const get = (file: string, headers: Record<string, string> = { Origin: SHELL }) =>
  fetch(`${origin.url}/${file}`, { headers });

describe('a remote origin', () => {
  it("lets the shell's origin load the entry as a module script, not cached stale", async () => {
    const response = await get('remoteEntry.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(SHELL);
    expect(response.headers.get('vary')).toContain('Origin');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe('export const modules = {};');
  });

  it('serves hashed chunks and CSS to the shell, cached for good', async () => {
    const chunk = await get('assets/page-AAA.js');
    expect(chunk.headers.get('access-control-allow-origin')).toBe(SHELL);
    expect(chunk.headers.get('cache-control')).toContain('immutable');
    const css = await get('assets/page-AAA.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(css.headers.get('access-control-allow-origin')).toBe(SHELL);
  });

  it('allows no other origin', async () => {
    const response = await get('remoteEntry.js', { Origin: 'https://elsewhere.example' });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('answers a missing file 404, never a page, and nothing outside its folder', async () => {
    const missing = await get('assets/page-ZZZ.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).not.toContain('html');
    // Sent as they are (fetch would normalise them): dot segments, and encoded slashes.
    for (const raw of ['/../secret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e%2fsecret.txt'])
      expect(await rawStatus(raw)).toBe(404);
  });

  it('answers a preflight with the allowed origin', async () => {
    const response = await fetch(`${origin.url}/remoteEntry.js`, {
      method: 'OPTIONS',
      headers: { Origin: SHELL },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(SHELL);
  });
});
