import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  firstScreenHead,
  firstScreenHints,
  firstScreenModules,
  forgetFirstScreenFiles,
  MANIFEST_ELEMENT_ID,
} from './first-screen.ts';

const manifest = {
  remotes: {
    mfe_events: '/mfe/events/remoteEntry.js',
    mfe_spaces: '/mfe/spaces/remoteEntry.js',
    mfe_profile: 'https://cdn.example.com/profile/remoteEntry.js',
    mfe_admin: '/mfe/admin/remoteEntry.js',
  },
};
const eventsFiles = {
  exposes: [
    {
      path: './EventsPage',
      assets: {
        js: { sync: ['assets/events-page-1.js', 'assets/shared-2.js'], async: [] },
        css: { sync: ['assets/shared-2.css'], async: [] },
      },
    },
  ],
};
const profileFiles = {
  exposes: [
    {
      path: './ProfilePanel',
      assets: { js: { sync: ['assets/panel-3.js'], async: [] }, css: { sync: [], async: [] } },
    },
  ],
};

function files(byUrl: Record<string, unknown>) {
  return vi.fn(async (url: URL) =>
    url.href in byUrl ? Response.json(byUrl[url.href]) : new Response('Not found', { status: 404 }),
  );
}

beforeEach(forgetFirstScreenFiles);

describe('firstScreenModules', () => {
  it("names the route's screen, and the profile panel a link opens over it", () => {
    expect(firstScreenModules(new URL('https://c.example/events'))).toEqual(['mfe_events/EventsPage']);
    expect(firstScreenModules(new URL('https://c.example/spaces/abc'))).toEqual(['mfe_spaces/SpacePage']);
    expect(firstScreenModules(new URL('https://c.example/spaces/invite/x1'))).toEqual([
      'mfe_spaces/InvitePage',
    ]);
    expect(firstScreenModules(new URL('https://c.example/?profile=u1'))).toEqual([
      'mfe_spaces/CommunityWall',
      'mfe_profile/ProfilePanel',
    ]);
    expect(firstScreenModules(new URL('https://c.example/auth/login'))).toEqual([]);
  });
});

describe('firstScreenHints', () => {
  it("preloads the entry as the shell imports it, then the screen's chunks and style sheets beside it", async () => {
    const read = files({
      'https://c.example/mfe/events/mf-manifest.json': eventsFiles,
      'https://cdn.example.com/profile/mf-manifest.json': profileFiles,
    });
    const hints = await firstScreenHints(
      ['mfe_events/EventsPage', 'mfe_profile/ProfilePanel'],
      { ...manifest, versions: { mfe_events: '1.4.0' } },
      'https://c.example/events?profile=u1',
      read,
    );
    expect(hints).toEqual({
      modules: [
        'https://c.example/mfe/events/remoteEntry.js?v=1.4.0',
        'https://c.example/mfe/events/assets/events-page-1.js',
        'https://c.example/mfe/events/assets/shared-2.js',
        'https://cdn.example.com/profile/remoteEntry.js',
        'https://cdn.example.com/profile/assets/panel-3.js',
      ],
      styles: ['https://c.example/mfe/events/assets/shared-2.css'],
    });
  });

  it('leaves out a remote whose file list cannot be read, and keeps a list for a while', async () => {
    const read = files({ 'https://c.example/mfe/events/mf-manifest.json': eventsFiles });
    const now = Date.now();
    const missing = await firstScreenHints(
      ['mfe_spaces/SpacePage'],
      manifest,
      'https://c.example/',
      read,
      now,
    );
    expect(missing).toEqual({ modules: [], styles: [] });
    await firstScreenHints(['mfe_events/EventsPage'], manifest, 'https://c.example/', read, now);
    await firstScreenHints(['mfe_events/EventsPage'], manifest, 'https://c.example/', read, now + 1_000);
    expect(read).toHaveBeenCalledTimes(2);
    await firstScreenHints(['mfe_events/EventsPage'], manifest, 'https://c.example/', read, now + 60_000);
    expect(read).toHaveBeenCalledTimes(3);
  });
});

describe('a remote that does not answer', () => {
  it('holds the page at most a second, then it is served without that remote’s preloads', async () => {
    vi.useFakeTimers();
    try {
      const hanging = vi.fn(() => new Promise<Response>(() => {}));
      const hints = firstScreenHints(['mfe_events/EventsPage'], manifest, 'https://c.example/', hanging);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await hints).toEqual({ modules: [], styles: [] });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('firstScreenHead', () => {
  it('writes the manifest as inert JSON that cannot close its element, and the preload links', () => {
    const head = firstScreenHead(
      { remotes: { ...manifest.remotes, mfe_admin: '/mfe/admin/</script><script>x()</script>' } },
      { modules: ['https://c.example/a.js?v=1&x="'], styles: ['https://c.example/a.css'] },
    );
    expect(head).toContain(`<script type="application/json" id="${MANIFEST_ELEMENT_ID}">`);
    expect(head).not.toContain('</script><script>');
    expect(head).toContain('\\u003c/script>');
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="https://c.example/a.js?v=1&amp;x=&quot;">',
    );
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="https://c.example/a.css">');
    const json = head.slice(head.indexOf('>') + 1, head.indexOf('</script>'));
    expect(JSON.parse(json).remotes.mfe_admin).toBe('/mfe/admin/</script><script>x()</script>');
  });

  it('with a session cookie, says so and preloads the session check the shell makes', () => {
    const hints = { modules: [], styles: [] };
    expect(firstScreenHead(manifest, hints)).not.toContain('/api/auth/me');
    const signedIn = firstScreenHead(manifest, hints, true);
    expect(signedIn).toContain('<meta name="first-screen" content="signed-in">');
    expect(signedIn).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/me">',
    );
  });
});
