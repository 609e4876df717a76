import { session } from '@community/api-client';
import type { Space, User } from '@community/domain';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SpaceList } from './space-list.tsx';

function answer(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

const space = (id: string, name: string, type: Space['type'], isMember = true): Space => ({
  id,
  name,
  type,
  description: 'A space',
  color: '#3B82F6',
  inviteCode: null,
  adminId: 'u1',
  membersCount: 3,
  isMember,
});

afterEach(() => {
  cleanup();
  session.user = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('space list', () => {
  it('shows skeletons while the spaces load', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    render(<SpaceList />);
    expect(screen.getByLabelText('Loading spaces')).toBeTruthy();
  });

  it("lists the member's own spaces in the order the server gives, with their type, then Browse spaces", async () => {
    answer({
      items: [
        space('s1', 'General', 'PUBLIC'),
        space('s4', 'Open house', 'PUBLIC', false),
        space('s2', 'Board', 'PRIVATE'),
        space('s3', 'Masterclass', 'PAID'),
        space('s5', 'Founders', 'PAID', false),
      ],
    });
    render(<SpaceList />);

    const links = await screen.findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/spaces/s1',
      '/spaces/s2',
      '/spaces/s3',
      '/spaces',
    ]);
    expect(links.map((link) => link.textContent)).toEqual([
      'GeneralPublic',
      'BoardPrivate',
      'MasterclassPaid',
      'Browse spaces',
    ]);
  });

  it('says so when the member is in no space, and still leads to the others', async () => {
    answer({ items: [space('s4', 'Open house', 'PUBLIC', false)] });
    render(<SpaceList />);
    expect(await screen.findByText('You are not in any space yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse spaces' }).getAttribute('href')).toBe('/spaces');
  });

  it('offers a retry when the spaces cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answer({ error: 'Internal server error' }, 500);
    render(<SpaceList />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('offers Create space with the spaces feature, and leaves the whole list out without it', async () => {
    answer({ items: [space('s1', 'General', 'PUBLIC')] });
    const member = (spaces: boolean) =>
      ({ id: 'me', role: 'USER', features: [{ feature: 'spaces', enabled: spaces }] }) as unknown as User;
    session.user = member(true);
    render(<SpaceList />);
    expect(await screen.findByRole('button', { name: 'Create space' })).toBeTruthy();
    // The switch goes off while the list is on screen (the shell updates the session user).
    session.user = member(false);
    await waitFor(() => expect(screen.queryByRole('link', { name: /General/ })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Create space' })).toBeNull();
  });
});
