// The micro-frontends of a local run (`npm start`, the test stacks) are served by a small Node server
// of the stack (scripts/lib/local-remotes.ts), not from ASSETS: wrangler dev reads its asset list at
// start, so a remote rebuilt while the platform runs had its new hashed chunks answered with
// index.html. That server reads the disk on every request (`npm run deploy:local -- events` replaces a
// remote in place) and says where each remote is served now (GET /remotes.json), so the manifest and
// the Content-Security-Policy follow a remote that moved to another origin without a restart.
//
// Production never sets LOCAL_REMOTES_URL: there the addresses are the MFE_*_URL variables and the
// files are ASSETS' or a CDN's. The setting is honoured only when both it and the request's host are
// this machine, like the development secrets (packages/realtime-protocol, dev-secrets.ts).
import { errorFields, isLocalHost } from '@community/realtime-protocol';
import type { Bindings, Config } from '../config.ts';
import { logEvent } from './request-trace.ts';

export type RemoteUrls = Config['mfeUrls'];
export type RemoteApps = Config['mfeApps'];

/** The local remotes server's origin, or null when this is not a local run. */
export function localRemotesOrigin(
  env: Pick<Bindings, 'LOCAL_REMOTES_URL'>,
  requestUrl: string,
): string | null {
  const setting = env.LOCAL_REMOTES_URL;
  if (!setting) return null;
  try {
    const server = new URL(setting);
    if (server.protocol !== 'http:' || !isLocalHost(server.hostname)) return null;
    if (!isLocalHost(new URL(requestUrl).hostname)) return null;
    return server.origin;
  } catch {
    return null;
  }
}

/** What the local remotes server says now: remotes pointed elsewhere, and apps added on this machine. */
async function localPointers(local: string): Promise<{ remotes: Record<string, unknown>; apps: RemoteApps }> {
  const response = await fetch(`${local}/remotes.json`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`status ${response.status}`);
  const { apps, ...remotes } = (await response.json()) as Record<string, unknown> & { apps?: RemoteApps };
  return { remotes, apps: apps ?? {} };
}

/** What `GET /mfe-manifest.json` answers (docs/api.md "Front end"). */
export type RemoteManifest = {
  remotes: RemoteUrls;
  versions?: Partial<Record<keyof RemoteUrls, string>>;
  apps?: RemoteApps;
};

/**
 * The manifest the shell reads: where each remote is now (the configured MFE_*_URL, or on a local run
 * what the local remotes server says: a remote moved to its own origin, or pointed back), MFE_*_VERSION
 * where set (the build each address must serve: the container checks it), and the apps (MFE_APPS, and
 * on a local run those added to the local remotes server).
 */
export async function currentRemoteManifest(
  env: Pick<Bindings, 'LOCAL_REMOTES_URL'>,
  config: Pick<Config, 'mfeUrls' | 'mfeVersions' | 'mfeApps'>,
  requestUrl: string,
): Promise<RemoteManifest> {
  const remotes = { ...config.mfeUrls };
  let apps = config.mfeApps;
  const local = localRemotesOrigin(env, requestUrl);
  if (local) {
    try {
      const pointed = await localPointers(local);
      for (const name of Object.keys(remotes) as (keyof RemoteUrls)[]) {
        const url = pointed.remotes[name];
        if (typeof url === 'string' && url !== '') remotes[name] = url;
      }
      apps = { ...apps, ...pointed.apps };
    } catch (error) {
      logEvent('error', 'Local remotes server unreachable', { error: errorFields(error) });
    }
  }
  const versions = config.mfeVersions;
  return {
    remotes,
    ...(Object.keys(versions).length > 0 ? { versions } : {}),
    ...(Object.keys(apps).length > 0 ? { apps } : {}),
  };
}

/** Every address the manifest loads from (the remotes' entries, the apps' manifests or entries). */
export const manifestAddresses = (manifest: RemoteManifest): string[] => [
  ...Object.values(manifest.remotes),
  ...Object.values(manifest.apps ?? {}).map((app) => app.entry),
];

/**
 * A micro-frontend file (`/mfe/<name>/…`): from the local remotes server on a local run, else from
 * ASSETS. Never a page: ASSETS answers an unknown path with the single-page app's index.html, which a
 * browser importing a chunk would take for a broken script ("Remote container initialization
 * failed"), so a missing file is a 404 here.
 */
export async function fetchRemoteFile(
  request: Request,
  env: Pick<Bindings, 'LOCAL_REMOTES_URL' | 'ASSETS'>,
): Promise<Response> {
  const local = localRemotesOrigin(env, request.url);
  if (local) {
    const { pathname, search } = new URL(request.url);
    // Uncompressed from the local server: the runtime compresses for the browser, as for ASSETS.
    const headers = new Headers(request.headers);
    headers.set('Accept-Encoding', 'identity');
    return fetch(`${local}${pathname}${search}`, { method: request.method, headers }).catch(
      (error: unknown) => {
        logEvent('error', 'Local remotes server unreachable', { error: errorFields(error) });
        return Response.json({ error: 'The local micro-frontend server is not answering' }, { status: 502 });
      },
    );
  }
  if (!env.ASSETS) return notFound();
  const response = await env.ASSETS.fetch(request);
  const isPage = (response.headers.get('content-type') ?? '').startsWith('text/html');
  return isPage ? notFound() : response;
}

const notFound = () =>
  Response.json({ error: 'Not found' }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
