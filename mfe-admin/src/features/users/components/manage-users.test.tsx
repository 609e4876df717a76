import type { User } from '@community/domain';
import { toaster } from '@community/ui';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManageUsers, SEARCH_DEBOUNCE_MS } from './manage-users.tsx';

const user = (id: string, firstName: string, isBlocked = false): User => ({
  id,
  firstName,
  lastName: 'Doe',
  pseudo: firstName.toLowerCase(),
  email: `${firstName.toLowerCase()}@example.com`,
  job: 'Engineer',
  company: 'Acme',
  address: { city: 'Boston' },
  bio: null,
  interests: [],
  imageUrl: null,
  lastOfflineAt: null,
  role: 'USER',
  phone: null,
  dateOfBirth: null,
  isBlocked,
  features: [],
});

let fetchMock: ReturnType<typeof vi.fn>;

function respondWith(...pages: { status?: number; body: unknown }[]) {
  for (const page of pages) {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify(page.body), {
        status: page.status ?? 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  }
}

const requestedUrls = () => fetchMock.mock.calls.map(([url]) => String(url));

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('manage users', () => {
  it('lists users with the spec columns and a blocked or active status', async () => {
    respondWith({ body: { items: [user('u1', 'Ann'), user('u2', 'Bob', true)], nextCursor: null } });
    render(<ManageUsers adminId="admin-1" />);

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Pseudo', 'Email', 'Job', 'Company', 'Role', 'City', 'Status']);
    expect(within(table).getByRole('img', { name: 'Active' })).toBeTruthy();
    expect(within(table).getByRole('img', { name: 'Blocked' })).toBeTruthy();
    expect(requestedUrls()).toEqual(['/api/admin-panel/users/admin-1']);
  });

  it('says "No users found" when nothing matches', async () => {
    respondWith({ body: { items: [], nextCursor: null } });
    render(<ManageUsers adminId="admin-1" />);
    expect(await screen.findByText('No users found')).toBeTruthy();
  });

  it('loads the next page with the cursor', async () => {
    respondWith(
      { body: { items: [user('u1', 'Ann')], nextCursor: 'c2' } },
      { body: { items: [user('u2', 'Bob')], nextCursor: null } },
    );
    render(<ManageUsers adminId="admin-1" />);

    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Bob Doe')).toBeTruthy();
    expect(requestedUrls()[1]).toBe('/api/admin-panel/users/admin-1?cursor=c2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches once typing has paused for 500 ms', async () => {
    vi.useFakeTimers();
    respondWith(
      { body: { items: [], nextCursor: null } },
      { body: { items: [user('u3', 'Cy')], nextCursor: null } },
    );
    render(<ManageUsers adminId="admin-1" />);
    await act(async () => {});

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'c' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'cy' } });
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => {
      vi.advanceTimersByTime(1);
    });

    expect(requestedUrls()).toEqual([
      '/api/admin-panel/users/admin-1',
      '/api/admin-panel/users/admin-1?search=cy',
    ]);
  });

  it('shows the "Failed to fetch users" toast when the list cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const create = vi.spyOn(toaster, 'create');
    respondWith({ status: 500, body: { error: 'Internal server error' } });
    render(<ManageUsers adminId="admin-1" />);

    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'error', title: 'Failed to fetch users' }),
    );
  });
});
