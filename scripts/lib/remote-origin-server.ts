// A micro-frontend's own origin on this machine: a small static server that sends what a CDN in
// front of a remote must send (README "Deploying", docs/api.md "Front end"), so the local topology
// `MFE_ORIGINS=separate npm start` and the journeys load remotes across origins as production does.
//
// - Access-Control-Allow-Origin: the shell's origin, on every file. The shell imports remoteEntry.js
//   as a module script, and module scripts, their chunks (also `<link rel="modulepreload">`) and the
//   CSS Vite's preload helper adds (`<link rel="stylesheet" crossorigin>`) are CORS requests: without
//   the header the browser refuses them.
// - Vary: Origin, since the answer depends on the Origin header (a shared cache must not hand one
//   origin's answer to another).
// - Cache-Control: remoteEntry.js `no-cache` (its address never changes, a deploy replaces it);
//   hashed files `immutable` for a year.
// - The right Content-Type (`text/javascript` for .js/.mjs: a module script with another type is
//   refused) and X-Content-Type-Options: nosniff.
// - 404 for a file that is not there, never a page.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createGzip } from 'node:zlib';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  // A host page served beside a remote (the bare-runtime-host journey).
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};

/** Finds the file to send for a path under the remote (`remoteEntry.js`, `assets/…`), or null. */
export type FileSource = (relativePath: string) => Promise<string | null>;

/** The headers a remote's files need when the shell is on another origin (exported for the docs' test). */
export function corsHeaders(requestOrigin: string | undefined, allowedOrigins: readonly string[]) {
  const headers: Record<string, string> = { Vary: 'Origin' };
  if (requestOrigin && allowedOrigins.includes(requestOrigin)) {
    headers['Access-Control-Allow-Origin'] = requestOrigin;
  }
  return headers;
}

/** Answers one request for a remote's file from `source`, with the CORS headers above. */
export async function sendRemoteFile(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  relativePath: string,
  source: FileSource,
  allowedOrigins: readonly string[],
): Promise<void> {
  const cors = corsHeaders(request.headers.origin, allowedOrigins);
  if (request.method === 'OPTIONS') {
    response.writeHead(204, {
      ...cors,
      'Access-Control-Allow-Methods': 'GET, HEAD',
      'Access-Control-Max-Age': '86400',
    });
    response.end();
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { ...cors, Allow: 'GET, HEAD, OPTIONS' });
    response.end();
    return;
  }
  const file = await source(decodeURIComponent(relativePath)).catch(() => null);
  const info = file ? await stat(file).catch(() => null) : null;
  if (!file || !info?.isFile()) {
    response.writeHead(404, { ...cors, 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' });
    response.end('Not found');
    return;
  }
  const hashed = relativePath.replace(/^\/+/, '').startsWith('assets/');
  const contentType = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
  // Compressed as a CDN would (the budgets of issue 13 count gzipped bytes).
  const gzip =
    /^(text\/|application\/json|image\/svg)/.test(contentType) &&
    /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  response.writeHead(200, {
    ...cors,
    Vary: 'Origin, Accept-Encoding',
    'Content-Type': contentType,
    ...(gzip ? { 'Content-Encoding': 'gzip' } : { 'Content-Length': String(info.size) }),
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  const body = createReadStream(file);
  if (gzip) body.pipe(createGzip()).pipe(response);
  else body.pipe(response);
}

export type RemoteOrigin = { url: string; port: number; close(): Promise<void> };

/**
 * Serves one remote at the root of its own origin (`http://127.0.0.1:<port>/remoteEntry.js`), the
 * files read from `source` on every request, so a deploy is visible at once.
 */
export async function startRemoteOrigin(options: {
  source: FileSource;
  /** The shell's origins (e.g. http://localhost:8787 and http://127.0.0.1:8787). */
  allowedOrigins: readonly string[];
  port?: number;
}): Promise<RemoteOrigin> {
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://remote');
    sendRemoteFile(request, response, pathname.slice(1), options.source, options.allowedOrigins).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Files straight from one folder (a build the journeys serve as it is). */
export const folderSource =
  (dir: string): FileSource =>
  async (relativePath) => {
    const clean = path.posix.normalize(relativePath).replace(/^\/+/, '');
    if (clean === '' || clean.startsWith('..')) return null;
    return path.join(dir, clean);
  };
