import { describe, expect, it } from 'vitest';
import { currentRemoteManifest, fetchRemoteFile, localRemotesOrigin } from './local-remotes.ts';

const CONFIGURED = {
  mfe_events: '/mfe/events/remoteEntry.js',
  mfe_spaces: '/mfe/spaces/remoteEntry.js',
  mfe_profile: '/mfe/profile/remoteEntry.js',
  mfe_admin: '/mfe/admin/remoteEntry.js',
};

describe('localRemotesOrigin', () => {
  it('is the local server on a local run', () => {
    const env = { LOCAL_REMOTES_URL: 'http://127.0.0.1:41000/' };
    expect(localRemotesOrigin(env, 'http://localhost:8787/events')).toBe('http://127.0.0.1:41000');
    expect(localRemotesOrigin(env, 'http://127.0.0.1:8787/events')).toBe('http://127.0.0.1:41000');
  });

  it('is never honoured in production: unset, a public host, or a request to a public host', () => {
    expect(localRemotesOrigin({}, 'http://localhost:8787/')).toBeNull();
    expect(
      localRemotesOrigin({ LOCAL_REMOTES_URL: 'https://evil.example/' }, 'http://localhost:8787/'),
    ).toBeNull();
    expect(
      localRemotesOrigin({ LOCAL_REMOTES_URL: 'http://127.0.0.1:41000' }, 'https://community.example/events'),
    ).toBeNull();
    expect(localRemotesOrigin({ LOCAL_REMOTES_URL: 'not a url' }, 'http://localhost:8787/')).toBeNull();
  });
});

describe('currentRemoteManifest', () => {
  const config = { mfeUrls: CONFIGURED, mfeVersions: {}, mfeApps: {} };

  it('is the configuration when there is no local server', async () => {
    expect(await currentRemoteManifest({}, config, 'https://community.example/')).toEqual({
      remotes: CONFIGURED,
    });
  });

  it('falls back to the configuration when the local server does not answer', async () => {
    const env = { LOCAL_REMOTES_URL: 'http://127.0.0.1:9' }; // discard port: nothing listens
    expect(await currentRemoteManifest(env, config, 'http://localhost:8787/')).toEqual({
      remotes: CONFIGURED,
    });
  });
});

describe('fetchRemoteFile from ASSETS', () => {
  const assets = (body: string, contentType: string) =>
    ({
      fetch: async () => new Response(body, { headers: { 'Content-Type': contentType } }),
    }) as unknown as Fetcher;

  it("answers 404 for a missing file instead of the single-page app's index.html", async () => {
    const response = await fetchRemoteFile(
      new Request('https://community.example/mfe/events/assets/events-page-NEW.js'),
      { ASSETS: assets('<!doctype html>', 'text/html; charset=utf-8') },
    );
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).not.toContain('text/html');
  });

  it('passes a file that exists through', async () => {
    const response = await fetchRemoteFile(
      new Request('https://community.example/mfe/events/remoteEntry.js'),
      { ASSETS: assets('export const modules = {}', 'text/javascript') },
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('export const modules = {}');
  });
});
