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

const space = (id: string, name: string, type: Space['type']): Space => ({
  id,
  name,
  type,
  description: 'A space',
  color: '#3B82F6',
  inviteCode: null,
  adminId: 'u1',
  membersCount: 3,
  isMember: true,
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

  it('lists spaces in the order the server gives, with their type and a link to each', async () => {
    answer({
      items: [
        space('s1', 'General', 'PUBLIC'),
        space('s2', 'Board', 'PRIVATE'),
        space('s3', 'Masterclass', 'PAID'),
      ],
    });
    render(<SpaceList />);

    const links = await screen.findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/spaces/s1',
      '/spaces/s2',
      '/spaces/s3',
    ]);
    expect(links.map((link) => link.textContent)).toEqual([
      'GeneralPublic',
      'BoardPrivate',
      'MasterclassPaid',
    ]);
  });

  it('says so when there are no spaces', async () => {
    answer({ items: [] });
    render(<SpaceList />);
    expect(await screen.findByText('No spaces to show')).toBeTruthy();
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
