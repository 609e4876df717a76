import { session } from '@community/api-client';
import { closeModal, modalStore, openModal } from '@community/ui';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { makeUser } from '../../../test/users.ts';
import { AdminPanel } from './admin-panel.tsx';

const admin = makeUser('a1', 'Adrian', { role: 'ADMIN' });
const routes = (role: string) => ({
  'GET /api/authorization': { body: { role } },
  'GET /api/admin-panel/users/a1': { body: { items: [makeUser('u1', 'Ann')], nextCursor: null } },
  'GET /api/admin-panel/community/a1': { body: { id: 'c1', name: 'Demo Community' } },
  'GET /api/admin-panel/urls/a1': { body: { items: [] } },
  'GET /api/community': {
    body: {
      id: 'c1',
      name: 'Demo',
      communityName: 'Demo',
      communityLogo: null,
      communityUrl: 'demo',
      ownerId: 'o1',
      ownerName: 'Olivia Owner',
    },
  },
  'GET /api/admin-panel/audit': { body: { items: [], nextCursor: null } },
});

beforeEach(() => {
  session.user = admin;
  session.status = 'signed-in';
  openModal('adminPanel');
});

afterEach(() => {
  cleanup();
  closeModal();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('admin panel', () => {
  it('has the menu Community Info, Users, Community, Audit log and opens on the first, then shows Users', async () => {
    mockApi(routes('ADMIN'));
    render(<AdminPanel />);
    const menu = screen.getByRole('navigation', { name: 'Admin Panel sections' });
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Community Info', 'Users', 'Community', 'Audit log']);
    expect(within(menu).getByRole('button', { name: 'Community Info' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await screen.findByRole('heading', { name: 'Community Info' })).toBeTruthy();
    fireEvent.click(within(menu).getByRole('button', { name: 'Users' }));
    expect(within(menu).getByRole('button', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { name: 'Manage Users' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Add User' })).toBeTruthy();
  });

  it('switches between the sections', async () => {
    mockApi(routes('SUPER_ADMIN'));
    render(<AdminPanel />);
    const menu = screen.getByRole('navigation', { name: 'Admin Panel sections' });
    fireEvent.click(within(menu).getByRole('button', { name: 'Community Info' }));
    expect(await screen.findByText('No URLs added yet')).toBeTruthy();
    fireEvent.click(within(menu).getByRole('button', { name: 'Community' }));
    expect(await screen.findByRole('form', { name: 'Generate Invitation Link' })).toBeTruthy();
    fireEvent.click(within(menu).getByRole('button', { name: 'Audit log' }));
    expect(await screen.findByText('No admin actions yet')).toBeTruthy();
  });

  it('reads the role from GET /api/authorization and refuses a role that is not an admin', async () => {
    const api = mockApi(routes('HOST'));
    render(<AdminPanel />);
    expect(await screen.findByText('You do not have permission to perform this action.')).toBeTruthy();
    expect(api.calls.map((call) => call.url)).toContain('/api/authorization');
  });

  it('returns to the current user’s profile when closed', async () => {
    mockApi(routes('ADMIN'));
    render(<AdminPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(modalStore.type).toBe('profile'));
    expect(modalStore.props).toEqual({ userId: 'a1' });
  });
});
