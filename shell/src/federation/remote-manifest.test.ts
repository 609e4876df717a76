import { describe, expect, it, vi } from 'vitest';
import { MANIFEST_ELEMENT_ID, parseRemoteManifest, takeInlineManifest } from './remote-manifest.ts';

const remotes = {
  mfe_events: '/mfe/events/remoteEntry.js',
  mfe_spaces: '/mfe/spaces/remoteEntry.js',
  mfe_profile: '/mfe/profile/remoteEntry.js',
  mfe_admin: 'https://cdn.example.com/admin/remoteEntry.js',
};

describe('remote manifest', () => {
  it('accepts an address for every micro-frontend', () => {
    expect(parseRemoteManifest({ remotes })).toEqual({ remotes });
  });

  it('names the micro-frontend whose address is missing', () => {
    const { mfe_admin: _, ...withoutAdmin } = remotes;
    expect(() => parseRemoteManifest({ remotes: withoutAdmin })).toThrow('no address for mfe_admin');
  });

  it('keeps the versions the manifest names for some remotes', () => {
    const versions = { mfe_events: '1.4.0' };
    expect(parseRemoteManifest({ remotes, versions })).toEqual({ remotes, versions });
  });

  it('rejects a body without remotes', () => {
    expect(() => parseRemoteManifest({})).toThrow('no "remotes" object');
  });

  it('reads the copy the page arrived with once, then leaves the next load to ask the server', () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = MANIFEST_ELEMENT_ID;
    element.textContent = JSON.stringify({ remotes });
    document.head.append(element);
    expect(takeInlineManifest()).toEqual({ remotes });
    expect(document.getElementById(MANIFEST_ELEMENT_ID)).toBeNull();
    expect(takeInlineManifest()).toBeNull();
  });

  it('ignores a broken copy (the server is asked instead)', () => {
    const element = document.createElement('script');
    element.id = MANIFEST_ELEMENT_ID;
    element.textContent = '{"remotes":';
    document.head.append(element);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(takeInlineManifest()).toBeNull();
    vi.restoreAllMocks();
  });
});
