import { session, setFeatures } from '@community/api-client';
import type { FeatureKey, User } from '@community/domain';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useSnapshot } from 'valtio';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { handleUserRoomFrame } from '../../realtime/user-room.ts';
import { BottomTabBar, MainNav } from './main-nav.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

afterEach(() => {
  cleanup();
  session.user = null;
  session.status = 'loading';
});

const on = (...keys: FeatureKey[]) => ({ features: keys.map((feature) => ({ feature, enabled: true })) });
const everything = on('livewall', 'events', 'spaces', 'messages', 'community');

function renderAt(path: string, user: Parameters<typeof MainNav>[0]['user']) {
  const { hook } = memoryLocation({ path });
  return render(
    <Router hook={hook}>
      <MainNav user={user} />
    </Router>,
  );
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const linkNames = () =>
  within(mainNav())
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('main navigation', () => {
  it('offers Home, Events, Spaces, Messages and Members, each with its switch, in that order', () => {
    renderAt('/', everything);
    expect(linkNames()).toEqual(['Home', 'Events', 'Spaces', 'Messages', 'Members']);
    const hrefs = within(mainNav())
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/', '/events', '/spaces', '/messages', '/members']);
  });

  it('leaves out the entries whose switch is off or missing', () => {
    renderAt('/events', {
      features: [
        { feature: 'events', enabled: true },
        { feature: 'spaces', enabled: false },
        { feature: 'community', enabled: true },
      ],
    });
    expect(linkNames()).toEqual(['Events', 'Members']);
  });

  it('marks the current entry, also on the pages under it', () => {
    const cases: [string, string][] = [
      ['/', 'Home'],
      ['/events/e1', 'Events'],
      ['/spaces/s1', 'Spaces'],
      ['/spaces', 'Spaces'],
      ['/community/conversations/u2', 'Messages'],
      ['/messages', 'Messages'],
      ['/members', 'Members'],
    ];
    for (const [path, label] of cases) {
      const { unmount } = renderAt(path, everything);
      const current = within(mainNav())
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page');
      expect(
        current.map((link) => link.textContent),
        path,
      ).toEqual([label]);
      unmount();
    }
  });

  it('gives phones the same entries in the bottom tab bar, with the current one marked', () => {
    const { hook } = memoryLocation({ path: '/spaces/s1' });
    render(
      <Router hook={hook}>
        <BottomTabBar user={on('events', 'spaces', 'messages')} />
      </Router>,
    );
    expect(linkNames()).toEqual(['Events', 'Spaces', 'Messages']);
    expect(screen.getByRole('link', { name: 'Spaces' }).getAttribute('aria-current')).toBe('page');
  });

  it('drops and adds entries the moment the user room says the switches changed', async () => {
    session.user = { id: 'me', ...everything } as unknown as User;
    session.status = 'signed-in';
    function LiveNav() {
      const { user } = useSnapshot(session);
      return <MainNav user={user} />;
    }
    const { hook } = memoryLocation({ path: '/events' });
    render(
      <Router hook={hook}>
        <LiveNav />
      </Router>,
    );
    expect(linkNames()).toEqual(['Home', 'Events', 'Spaces', 'Messages', 'Members']);

    const frame = JSON.stringify({
      type: 'features.changed',
      features: [
        { feature: 'livewall', enabled: true },
        { feature: 'events', enabled: false },
        { feature: 'messages', enabled: true },
      ],
    });
    // valtio tells its readers in a microtask: let it run inside act.
    await act(async () =>
      handleUserRoomFrame(
        frame,
        {
          onToast: () => {},
          onNotification: () => {},
          onSessionEnded: () => {},
          onFeaturesChanged: setFeatures,
        },
        { userId: 'me', path: () => '/events' },
      ),
    );
    expect(linkNames()).toEqual(['Home', 'Messages']);
  });
});

describe('skip link', () => {
  it('moves focus to the main content', () => {
    render(
      <>
        <SkipLink />
        <button type="button">Top bar</button>
        <main id={MAIN_CONTENT_ID} tabIndex={-1}>
          Content
        </main>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Skip to content' });
    fireEvent.click(link);
    expect(document.activeElement?.id).toBe(MAIN_CONTENT_ID);
  });
});
