import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  frontEndSecurityHeaders,
  originOf,
  withFrontEndSecurityHeaders,
} from './content-security-policy.ts';

const OFFLINE = { mapStyleUrl: '/map/offline-style.json' };
const TILES = { mapStyleUrl: 'https://tiles.example.com/style.json' };

/** The policy the static front end shipped in shell/public/_headers (the default must not change). */
const headersFile = readFileSync(
  fileURLToPath(new URL('../../../shell/public/_headers', import.meta.url)),
  'utf8',
);
const staticHeader = (name: string) =>
  headersFile
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith(`${name}:`))
    ?.slice(name.length + 1)
    .trim();

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('contentSecurityPolicy', () => {
  it('with the offline map is exactly the static policy of _headers', () => {
    expect(staticHeader('Content-Security-Policy')).toMatch(/^default-src/);
    expect(contentSecurityPolicy(OFFLINE)).toBe(staticHeader('Content-Security-Policy'));
  });

  it("with MAP_STYLE_URL on another host allows that host's origin to be fetched and drawn", () => {
    const policy = contentSecurityPolicy(TILES);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://tiles.example.com']);
    expect(directive(policy, 'img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https:',
      'https://tiles.example.com',
    ]);
    // Nothing else widens: scripts, workers and frames stay as they were.
    for (const name of [
      'default-src',
      'script-src',
      'worker-src',
      'frame-src',
      'object-src',
      'frame-ancestors',
    ])
      expect(directive(policy, name)).toEqual(directive(contentSecurityPolicy(OFFLINE), name));
  });

  it('allows a local http tile server by its origin, port included, and never a path', () => {
    const policy = contentSecurityPolicy({
      mapStyleUrl: 'http://192.168.1.5:8080/styles/basic/style.json?key=x',
    });
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'http://192.168.1.5:8080']);
    expect(policy).not.toContain('/styles/');
  });
});

describe('contentSecurityPolicy with micro-frontends on other origins', () => {
  const SAME_ORIGIN = {
    mfe_events: '/mfe/events/remoteEntry.js',
    mfe_spaces: '/mfe/spaces/remoteEntry.js',
    mfe_profile: '/mfe/profile/remoteEntry.js',
    mfe_admin: '/mfe/admin/remoteEntry.js',
  };

  it('adds nothing while every micro-frontend is served from our own origin', () => {
    expect(contentSecurityPolicy({ ...OFFLINE, mfeUrls: SAME_ORIGIN })).toBe(contentSecurityPolicy(OFFLINE));
  });

  it("allows a CDN remote's origin for its scripts, chunks, CSS and its fetches, nothing more", () => {
    const policy = contentSecurityPolicy({
      ...OFFLINE,
      mfeUrls: { ...SAME_ORIGIN, mfe_events: 'https://events.cdn.example/v42/remoteEntry.js' },
    });
    const cdn = 'https://events.cdn.example';
    expect(directive(policy, 'script-src')).toEqual(["'self'", cdn]);
    expect(directive(policy, 'style-src')).toEqual(["'self'", "'unsafe-inline'", cdn]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", cdn]);
    expect(directive(policy, 'font-src')).toEqual(["'self'", 'data:', cdn]);
    expect(policy).not.toContain('/v42');
    expect(policy).not.toContain('wss:');
    // A CDN is no dev server: no WebSocket; workers, frames and the rest stay as they were.
    for (const name of [
      'default-src',
      'worker-src',
      'frame-src',
      'object-src',
      'base-uri',
      'frame-ancestors',
    ])
      expect(directive(policy, name)).toEqual(directive(contentSecurityPolicy(OFFLINE), name));
  });

  it('names each remote origin once, with the map origin beside them', () => {
    const policy = contentSecurityPolicy({
      ...TILES,
      mfeUrls: {
        mfe_events: 'https://cdn.example/events/remoteEntry.js',
        mfe_spaces: 'https://cdn.example/spaces/remoteEntry.js',
        mfe_profile: 'https://profile.example:8443/remoteEntry.js',
        mfe_admin: '/mfe/admin/remoteEntry.js',
      },
    });
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      'https://cdn.example',
      'https://profile.example:8443',
    ]);
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'https://tiles.example.com',
      'https://cdn.example',
      'https://profile.example:8443',
    ]);
  });

  it("gives a local development server (Vite's) its ws: origin for hot reload", () => {
    const policy = contentSecurityPolicy({
      ...OFFLINE,
      mfeUrls: { ...SAME_ORIGIN, mfe_events: 'http://localhost:5174/remoteEntry.js' },
    });
    expect(directive(policy, 'script-src')).toEqual(["'self'", 'http://localhost:5174']);
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'http://localhost:5174',
      'ws://localhost:5174',
    ]);
    const loopback = contentSecurityPolicy({
      ...OFFLINE,
      mfeUrls: { ...SAME_ORIGIN, mfe_events: 'http://127.0.0.1:41234/remoteEntry.js' },
    });
    expect(directive(loopback, 'connect-src')).toContain('ws://127.0.0.1:41234');
    // Only on this machine: a plain-http host elsewhere gets no WebSocket source.
    const lan = contentSecurityPolicy({
      ...OFFLINE,
      mfeUrls: { ...SAME_ORIGIN, mfe_events: 'http://192.168.1.9:5174/remoteEntry.js' },
    });
    expect(directive(lan, 'connect-src')).toEqual(["'self'", 'http://192.168.1.9:5174']);
  });

  it('ignores an address that is not http(s) (it can never widen the policy)', () => {
    const policy = contentSecurityPolicy({
      ...OFFLINE,
      mfeUrls: { ...SAME_ORIGIN, mfe_events: 'javascript:alert(1)', mfe_spaces: 'data:text/javascript,1' },
    });
    expect(policy).toBe(contentSecurityPolicy(OFFLINE));
  });

  it('reaches the security headers of a page', () => {
    const mfeUrls = { ...SAME_ORIGIN, mfe_admin: 'https://admin.cdn.example/remoteEntry.js' };
    const headers = frontEndSecurityHeaders({ ...OFFLINE, mfeUrls });
    expect(directive(headers['Content-Security-Policy']!, 'script-src')).toEqual([
      "'self'",
      'https://admin.cdn.example',
    ]);
  });
});

describe('originOf', () => {
  it('is null for same-origin paths and anything not http(s)', () => {
    expect(originOf('/map/offline-style.json')).toBeNull();
    expect(originOf('map/style.json')).toBeNull();
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('https://Tiles.Example.com:443/a.json')).toBe('https://tiles.example.com');
  });
});

describe('frontEndSecurityHeaders', () => {
  it('are the headers of _headers, the policy computed', () => {
    const headers = frontEndSecurityHeaders(TILES);
    for (const name of ['X-Content-Type-Options', 'Referrer-Policy', 'X-Frame-Options', 'Permissions-Policy'])
      expect(headers[name]).toBe(staticHeader(name));
    expect(headers['Content-Security-Policy']).toBe(contentSecurityPolicy(TILES));
  });

  it('replace a policy already on the response (set, not appended), keeping status and body', async () => {
    const original = new Response('<!doctype html>', {
      status: 200,
      headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': "default-src 'self'" },
    });
    const secured = withFrontEndSecurityHeaders(original, TILES);
    expect(secured.headers.get('Content-Security-Policy')).toBe(contentSecurityPolicy(TILES));
    expect(secured.headers.get('Content-Type')).toBe('text/html');
    expect(await secured.text()).toBe('<!doctype html>');
  });
});
