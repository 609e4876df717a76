// How a local run serves the micro-frontends, so that one can be redeployed while the platform runs
// (`npm run deploy:local -- events`) and moved to another origin without a restart.
//
// Each remote's builds live in a release store (remote-releases.ts) under <dataDir>/remotes/<name>/,
// read from disk on every request. Two topologies (`MFE_ORIGINS`):
// - `same-origin` (default, what `npm start` always did): everything on the platform's origin; the
//   Worker forwards /mfe/<name>/… to the remotes server below (LOCAL_REMOTES_URL), since wrangler dev
//   only knows the asset files that existed when it started.
// - `separate`: each remote on its own origin (http://127.0.0.1:<port>/, remote-origin-server.ts, with
//   the CORS headers a CDN sends), built with that address as its base, and MFE_<NAME>_URL pointing
//   there, like a production deploy of each remote on its own.
//
// The remotes server (127.0.0.1 only) also holds where a remote is pointed now, for a journey or a
// team that serves a build elsewhere: PUT /remotes/<mfe_name> {"url": …} and DELETE to point back;
// and the apps added on this machine (a team's own micro-frontend, MFE_APPS' local counterpart):
// PUT /apps/<name> {"entry": …, "title": …}, DELETE to remove. GET /remotes.json gives those pointers
// (the apps under `apps`); the Worker lays them over MFE_*_URL and MFE_APPS for the manifest and the
// Content-Security-Policy (edge-api/src/lib/local-remotes.ts).
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { MICRO_FRONTENDS, type MicroFrontend } from './assemble-assets.ts';
import { buildRemote } from './build-remote.ts';
import { type RemoteOrigin, sendRemoteFile, startRemoteOrigin } from './remote-origin-server.ts';
import { type ReleaseStore, releaseStore } from './remote-releases.ts';

export type Topology = 'same-origin' | 'separate';

/** What deploy:local needs to find (written into <dataDir>/stack.json). */
export type LocalRemotesState = {
  topology: Topology;
  /** The remotes server: /mfe/<name>/…, /remotes.json, /remotes/<mfe_name>. */
  url: string;
  /** <dataDir>/remotes: one release store per micro-frontend. */
  dir: string;
  /** Each remote's own origin (`separate`). */
  origins: Partial<Record<MicroFrontend, string>>;
};

export type LocalRemotes = {
  state: LocalRemotesState;
  /** Worker settings: LOCAL_REMOTES_URL, and MFE_<NAME>_URL for `separate`. */
  vars: Record<string, string>;
  close(): Promise<void>;
};

export function topologyFrom(value: string | undefined): Topology {
  if (!value || value === 'same-origin' || value === 'one') return 'same-origin';
  if (value === 'separate') return 'separate';
  throw new Error(`MFE_ORIGINS must be "separate" or "same-origin" (the default), not "${value}"`);
}

/** Where a remote's build must say its files are (Vite's base) under the topology. */
export function remoteBaseFor(state: LocalRemotesState, name: MicroFrontend): string {
  const origin = state.origins[name];
  return state.topology === 'separate' && origin ? `${origin}/` : `/mfe/${name}/`;
}

export const remoteStore = (remotesDir: string, name: MicroFrontend): ReleaseStore =>
  releaseStore(path.join(remotesDir, name));

const mfeKey = (name: MicroFrontend) => `mfe_${name}`;
const envName = (name: MicroFrontend) => `MFE_${name.toUpperCase()}_URL`;

export async function startLocalRemotes(options: {
  root: string;
  dataDir: string;
  topology: Topology;
  /** The platform's origins (the shell's), which the remotes' CORS headers allow. */
  shellOrigins: readonly string[];
  /** API-only runs may have no built micro-frontends. */
  required: boolean;
  log?: (line: string) => void;
}): Promise<LocalRemotes> {
  const dir = path.join(options.dataDir, 'remotes');
  // Each start serves the builds `npm start` just made; earlier deploys are not carried over.
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) await closer().catch(() => {});
  };
  try {
    const stores = new Map(MICRO_FRONTENDS.map((name) => [name, remoteStore(dir, name)]));
    const origins: LocalRemotesState['origins'] = {};
    const vars: Record<string, string> = {};
    for (const name of MICRO_FRONTENDS) {
      const store = stores.get(name)!;
      const dist = path.join(options.root, `mfe-${name}/dist`);
      if (options.topology === 'same-origin') {
        if (existsSync(path.join(dist, 'remoteEntry.js'))) await store.publish(dist);
        else if (options.required) throw new Error(`mfe-${name}/dist is missing: run \`npm run build\``);
        continue;
      }
      const origin: RemoteOrigin = await startRemoteOrigin({
        source: store.resolve,
        allowedOrigins: options.shellOrigins,
      });
      closers.push(origin.close);
      origins[name] = origin.url;
      // Its chunks and CSS are addressed from its own origin: built with that base, as a team's
      // build for a CDN is (MFE_BASE).
      options.log?.(`building mfe-${name} for ${origin.url}/`);
      const release = await store.prepare();
      await buildRemote(name, { base: `${origin.url}/`, outDir: release.dir });
      await store.goLive(release.id);
      vars[envName(name)] = `${origin.url}/remoteEntry.js`;
    }

    const pointers = new Map<string, string>();
    const apps = new Map<string, { entry: string; title: string }>();
    const server = http.createServer((request, response) => {
      handle(request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
    });
    const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
      const { pathname } = new URL(request.url ?? '/', 'http://remotes');
      const file = /^\/mfe\/([a-z]+)\/(.+)$/.exec(pathname);
      const store = file ? stores.get(file[1] as MicroFrontend) : undefined;
      if (file && store) {
        await sendRemoteFile(request, response, file[2]!, store.resolve, options.shellOrigins);
        return;
      }
      if (pathname === '/remotes.json' && request.method === 'GET') {
        response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        const pointed = Object.fromEntries(pointers);
        response.end(
          JSON.stringify(apps.size > 0 ? { ...pointed, apps: Object.fromEntries(apps) } : pointed),
        );
        return;
      }
      const app = /^\/apps\/([a-z][a-z0-9_]{0,39})$/.exec(pathname);
      if (app && !app[1]!.startsWith('mfe_')) {
        if (request.method === 'PUT' && request.headers['content-type'] === 'application/json') {
          const body = JSON.parse(await readBody(request)) as { entry?: unknown; title?: unknown };
          if (typeof body.entry !== 'string' || !/^(https?:\/\/|\/)/.test(body.entry)) {
            response.writeHead(400).end('entry must be an http(s) URL or a path');
            return;
          }
          if (typeof body.title !== 'string' || !body.title.trim() || body.title.length > 60) {
            response.writeHead(400).end('title must be 1 to 60 characters');
            return;
          }
          apps.set(app[1]!, { entry: body.entry, title: body.title.trim() });
          options.log?.(`app ${app[1]} added from ${body.entry}`);
          response.writeHead(204).end();
          return;
        }
        if (request.method === 'DELETE') {
          apps.delete(app[1]!);
          response.writeHead(204).end();
          return;
        }
      }
      const pointer = /^\/remotes\/(mfe_[a-z]+)$/.exec(pathname);
      const known = pointer && MICRO_FRONTENDS.some((name) => mfeKey(name) === pointer[1]);
      // JSON only: a page elsewhere cannot send it without a CORS preflight, which is never allowed.
      if (known && request.method === 'PUT' && request.headers['content-type'] === 'application/json') {
        const body = JSON.parse(await readBody(request)) as { url?: unknown };
        if (typeof body.url !== 'string' || !/^(https?:\/\/|\/)/.test(body.url)) {
          response.writeHead(400).end('url must be an http(s) URL or a path');
          return;
        }
        pointers.set(pointer[1]!, body.url);
        options.log?.(`${pointer[1]} now loads from ${body.url}`);
        response.writeHead(204).end();
        return;
      }
      if (known && request.method === 'DELETE') {
        pointers.delete(pointer[1]!);
        options.log?.(`${pointer[1]} points back to its own deployment`);
        response.writeHead(204).end();
        return;
      }
      response.writeHead(404, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' });
      response.end('Not found');
    };
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    closers.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    vars.LOCAL_REMOTES_URL = url;
    return { state: { topology: options.topology, url, dir, origins }, vars, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) {
    body += chunk;
    if (body.length > 10_000) throw new Error('body too large');
  }
  return body;
}

/**
 * Points the running platform's `name` at `url` (a build served elsewhere), or back to its own
 * deployment with null. No restart: the next manifest and page policy use it.
 */
export async function pointRemote(
  remotesUrl: string,
  name: MicroFrontend,
  url: string | null,
): Promise<void> {
  const response = await fetch(`${remotesUrl}/remotes/${mfeKey(name)}`, {
    method: url === null ? 'DELETE' : 'PUT',
    headers: { 'content-type': 'application/json' },
    ...(url === null ? {} : { body: JSON.stringify({ url }) }),
  });
  if (!response.ok) throw new Error(`Pointing ${name} failed: ${response.status} ${await response.text()}`);
}

/**
 * Adds a team's own micro-frontend to the running platform at /apps/<name> (`entry`: its
 * mf-manifest.json or remoteEntry.js), or removes it with null. No restart, as for pointRemote.
 */
export async function addApp(
  remotesUrl: string,
  name: string,
  app: { entry: string; title: string } | null,
): Promise<void> {
  const response = await fetch(`${remotesUrl}/apps/${name}`, {
    method: app === null ? 'DELETE' : 'PUT',
    headers: { 'content-type': 'application/json' },
    ...(app === null ? {} : { body: JSON.stringify(app) }),
  });
  if (!response.ok) throw new Error(`Adding app ${name} failed: ${response.status} ${await response.text()}`);
}
