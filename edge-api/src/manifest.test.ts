// GET /mfe-manifest.json (docs/api.md): where the shell finds each micro-frontend, and which build.
import { KNOWN_DEV_SECRETS } from '@community/realtime-protocol';
import { describe, expect, it } from 'vitest';
import { app } from './app.ts';
import type { Bindings } from './config.ts';

const env = (vars: Partial<Bindings>) =>
  ({
    DATABASE_URL: 'postgres://unused',
    AUTH_SECRET: KNOWN_DEV_SECRETS.AUTH_SECRET,
    REALTIME_SECRET: KNOWN_DEV_SECRETS.REALTIME_SECRET,
    ...vars,
  }) as Bindings;

type Manifest = {
  remotes: Record<string, string>;
  versions?: Record<string, string>;
  apps?: Record<string, { entry: string; title: string }>;
};
const answer = (vars: Partial<Bindings>) => app.request('http://localhost/mfe-manifest.json', {}, env(vars));

const manifest = async (vars: Partial<Bindings>) =>
  (await (await app.request('http://localhost/mfe-manifest.json', {}, env(vars))).json()) as Manifest;

describe('micro-frontend manifest', () => {
  it('names no versions unless MFE_*_VERSION is set', async () => {
    expect(await manifest({})).toEqual({
      remotes: {
        mfe_events: '/mfe/events/remoteEntry.js',
        mfe_spaces: '/mfe/spaces/remoteEntry.js',
        mfe_profile: '/mfe/profile/remoteEntry.js',
        mfe_admin: '/mfe/admin/remoteEntry.js',
      },
    });
  });

  it('names the build a remote address must serve (MFE_EVENTS_VERSION)', async () => {
    const body = await manifest({
      MFE_EVENTS_URL: 'https://cdn.example.com/events/1.4.0/remoteEntry.js',
      MFE_EVENTS_VERSION: '1.4.0',
    });
    expect(body.remotes.mfe_events).toBe('https://cdn.example.com/events/1.4.0/remoteEntry.js');
    expect(body.versions).toEqual({ mfe_events: '1.4.0' });
  });

  it('lists a team’s own apps (MFE_APPS), each shown at /apps/<name>', async () => {
    const apps = {
      rspack_app: { entry: 'https://apps.example.com/rspack/mf-manifest.json', title: 'Rspack app' },
    };
    expect((await manifest({ MFE_APPS: JSON.stringify(apps) })).apps).toEqual(apps);
    expect((await manifest({})).apps).toBeUndefined();
  });

  it.each([
    ['not JSON', '{rspack_app:'],
    ['a platform name', JSON.stringify({ mfe_events: { entry: '/x/mf-manifest.json', title: 'X' } })],
    ['an entry that is no address', JSON.stringify({ tools: { entry: 'javascript:alert(1)', title: 'X' } })],
    ['no title', JSON.stringify({ tools: { entry: '/x/mf-manifest.json' } })],
  ])('answers 503 naming MFE_APPS when it holds %s', async (_case, value) => {
    const response = await answer({ MFE_APPS: value });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: string }).error).toMatch(/MFE_APPS|mfeApps/);
  });
});
