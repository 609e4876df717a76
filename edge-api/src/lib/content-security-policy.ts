// The security headers of the front end (the shell's pages and the files the Worker serves from
// ASSETS), computed from configuration so that pointing the app at other hosts (MAP_STYLE_URL, and
// each micro-frontend's MFE_*_URL) is a setting, never a rebuild of the shell. The default, with
// nothing configured, is exactly the policy shell/public/_headers carries (a unit test compares them).
import type { Config } from '../config.ts';

/** What the policy is computed from: the map style and the micro-frontends' addresses (the manifest's). */
export type PolicySources = Pick<Config, 'mapStyleUrl'> & {
  mfeUrls?: Partial<Record<string, string>> | readonly string[];
};

type Directives = Record<string, string[]>;

/** The same-origin policy the front end needs with every setting at its default. */
function basePolicy(): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://www.linkedin.com'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** `https://host[:port]` of an absolute http(s) URL; null for a path on our own origin. */
export function originOf(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const allow = (directives: Directives, name: string, source: string) => {
  const list = directives[name] ?? [];
  if (!list.includes(source)) list.push(source);
  directives[name] = list;
};

/** A development server on this machine (Vite's): its hot-reload client opens a WebSocket to it. */
const isLocalDevServer = (origin: string) =>
  /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin);

/**
 * The Content-Security-Policy for the front end under `config`.
 *
 * A map style on another host (MAP_STYLE_URL) is fetched, with its tiles, glyphs and sprites, by
 * maplibre (fetch, in the page and in its worker: connect-src) and may be drawn from images (img-src,
 * which already allows any https: host; named too so an http:// tile server on a local network works).
 * Only the style's own origin is known from configuration; a style whose tiles live on yet another
 * host needs that host here too.
 *
 * A micro-frontend on another origin (MFE_*_URL, and an app's entry in MFE_APPS, docs/api.md "Front
 * end"): the shell imports its `remoteEntry.js` and that imports its chunks (script-src), or the
 * federation runtime fetches an app's `mf-manifest.json` (connect-src) and adds its entry's script; Vite preloads the chunks with
 * `<link rel="modulepreload">` and its CSS with `<link rel="stylesheet">` (script-src, style-src);
 * the remote's own fetches of its files and images its CSS draws (connect-src, img-src, font-src).
 * A development server on this machine (http://localhost:…) also gets its `ws:` origin, for Vite's
 * hot reload. Only origins are named, never paths, and a same-origin address (`/mfe/…`) adds nothing.
 */
export function contentSecurityPolicy(config: PolicySources): string {
  const directives = basePolicy();
  const mapOrigin = originOf(config.mapStyleUrl);
  if (mapOrigin) {
    allow(directives, 'connect-src', mapOrigin);
    allow(directives, 'img-src', mapOrigin);
  }
  for (const url of Object.values(config.mfeUrls ?? {})) {
    const origin = url ? originOf(url) : null;
    if (!origin) continue;
    for (const name of ['script-src', 'style-src', 'connect-src', 'img-src', 'font-src'])
      allow(directives, name, origin);
    if (isLocalDevServer(origin)) allow(directives, 'connect-src', origin.replace(/^http:/, 'ws:'));
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Every security header of a front-end response: the policy above and the fixed ones _headers sets.
 * Set (not appended) on each file the Worker passes through, so a policy from _headers never doubles.
 */
export function frontEndSecurityHeaders(config: PolicySources): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}

/** `response` (from ASSETS) with the front end's security headers for `config`. */
export function withFrontEndSecurityHeaders(response: Response, config: PolicySources): Response {
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(frontEndSecurityHeaders(config)))
    secured.headers.set(name, value);
  return secured;
}
