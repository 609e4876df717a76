import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { MainNav } from './main-nav.tsx';

afterEach(cleanup);

const livewall = { features: [{ feature: 'livewall' as const, enabled: true }] };

function renderAt(path: string, user: Parameters<typeof MainNav>[0]['user']) {
  const { hook } = memoryLocation({ path });
  return render(
    <Router hook={hook}>
      <MainNav user={user} />
    </Router>,
  );
}

describe('main navigation', () => {
  it('offers Home (the wall) and Events to a member with livewall, marking the current page', () => {
    renderAt('/', livewall);
    const home = screen.getByRole('link', { name: 'Home' });
    expect(home.getAttribute('href')).toBe('/');
    expect(home.getAttribute('aria-current')).toBe('page');
    const events = screen.getByRole('link', { name: 'Events' });
    expect(events.getAttribute('href')).toBe('/events');
    expect(events.getAttribute('aria-current')).toBeNull();
  });

  it('marks Events on an event page', () => {
    renderAt('/events/e1', livewall);
    expect(screen.getByRole('link', { name: 'Events' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('offers Members only with the community feature, marking it on /members', () => {
    renderAt('/members?sort=recent', {
      features: [
        { feature: 'livewall', enabled: true },
        { feature: 'community', enabled: true },
      ],
    });
    const members = screen.getByRole('link', { name: 'Members' });
    expect(members.getAttribute('href')).toBe('/members');
    expect(members.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('hides Members without the community feature or with it switched off', () => {
    const { unmount } = renderAt('/', livewall);
    expect(screen.queryByRole('link', { name: 'Members' })).toBeNull();
    unmount();
    renderAt('/', { features: [{ feature: 'community', enabled: false }] });
    expect(screen.queryByRole('link', { name: 'Members' })).toBeNull();
  });

  it('keeps only Events without livewall, where home is the events page', () => {
    renderAt('/events', { features: [] });
    expect(screen.queryByRole('link', { name: 'Home' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Events' })).toBeTruthy();
  });
});
