import type { User } from '@community/domain';
import { toaster } from '@community/ui';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { makeUser as user } from '../../../test/users.ts';
import { ManageUsers, SEARCH_DEBOUNCE_MS } from './manage-users.tsx';

const LIST = '/api/admin-panel/users/admin-1';
const page = (items: User[], nextCursor: string | null = null) => ({ body: { items, nextCursor } });
// One pointer for the whole test, as a person has: the menus follow where it was.
let person: UserEvent;
let toastSpy: MockInstance<(typeof toaster)['create']>;
const toasts = () => toastSpy.mock.calls.map(([options]) => (options as { title: string }).title);

/**
 * Opens a user's ⋮ menu and picks an action in it with the keyboard. (In jsdom a click on an item of
 * a menu opened a second time never reaches Ark's onSelect; the browser journeys pick with the mouse.)
 */
async function choose(name: string, action: 'Edit' | 'Delete' | 'Block' | 'Reactivate') {
  await person.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  const item = await screen.findByRole('menuitem', { name: action });
  for (let step = 0; step < 4 && item.getAttribute('data-highlighted') === null; step++) {
    await person.keyboard('{ArrowDown}');
  }
  expect(item.getAttribute('data-highlighted')).not.toBeNull();
  await person.keyboard('{Enter}');
}

/** The actions a user's ⋮ menu offers (the menu is closed again afterwards). */
async function actionsOf(name: string) {
  await person.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  const menu = await screen.findByRole('menu');
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
  await person.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return items;
}

/** The screen the list is shown on: the table needs a wide one (happy-dom's window is 1024 px). */
function screenIs(width: 'wide' | 'narrow') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width === 'wide',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  screenIs('wide');
  person = userEvent.setup();
  toastSpy = vi.spyOn(toaster, 'create');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('manage users', () => {
  it('lists users with the spec columns, a blocked or active status, actions and features', async () => {
    const api = mockApi({
      [`GET ${LIST}`]: page([user('u1', 'Ann'), user('u2', 'Bob', { isBlocked: true })]),
    });
    render(<ManageUsers adminId="admin-1" viewerRole="ADMIN" />);

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Pseudo', 'Email', 'Job', 'Company', 'Role', 'City', 'Status', 'Actions', 'Features']);
    expect(within(table).getByRole('img', { name: 'Active' })).toBeTruthy();
    expect(within(table).getByRole('img', { name: 'Blocked' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Features of Ann Doe' })).toBeTruthy();
    expect(await actionsOf('Ann Doe')).toEqual(['Edit', 'Delete', 'Block']);
    expect(await actionsOf('Bob Doe')).toEqual(['Edit', 'Delete', 'Reactivate']);
    expect(api.calls.map((call) => call.url)).toEqual([`${LIST}?limit=50`]);
  });

  it('offers the admin their own row to edit, never to delete or block', async () => {
    mockApi({ [`GET ${LIST}`]: page([user('admin-1', 'Ada'), user('u1', 'Ann')]) });
    render(<ManageUsers adminId="admin-1" viewerRole="ADMIN" />);

    const table = await screen.findByRole('table');
    expect(within(table).getByRole('button', { name: 'Features of Ada Doe' })).toBeTruthy();
    expect(await actionsOf('Ada Doe')).toEqual(['Edit']);
    expect(await actionsOf('Ann Doe')).toEqual(['Edit', 'Delete', 'Block']);
  });

  it('says "No users found" when nothing matches', async () => {
    mockApi({ [`GET ${LIST}`]: page([]) });
    render(<ManageUsers adminId="admin-1" viewerRole="ADMIN" />);
    expect(await screen.findByText('No users found')).toBeTruthy();
  });

  it('loads the next page with the cursor, 50 rows at a time', async () => {
    const api = mockApi({
      [`GET ${LIST}?limit=50`]: page([user('u1', 'Ann')], 'c2'),
      [`GET ${LIST}?cursor=c2&limit=50`]: page([user('u2', 'Bob')]),
    });
    render(<ManageUsers adminId="admin-1" viewerRole="ADMIN" />);

    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Bob Doe')).toBeTruthy();
    expect(screen.getByText('Ann Doe')).toBeTruthy();
    expect(api.calls[1]?.url).toBe(`${LIST}?cursor=c2&limit=50`);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches once typing has paused for 500 ms', async () => {
    vi.useFakeTimers();
    const api = mockApi({ [`GET ${LIST}`]: page([]) });
    render(<ManageUsers adminId="admin-1" viewerRole="ADMIN" />);
    await act(async () => {});

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'c' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'cy' } });
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(api.calls).toHaveLength(1);

    await act(async () => {
      vi.advanceTimersByTime(1);
    });

    expect(api.calls.map((call) => call.url)).toEqual([`${LIST}?limit=50`, `${LIST}?search=cy&limit=50`]);
  });

  it('shows the "Failed to fetch users" toast when the list cannot be loaded', async () => {
    mockApi({ [`GET ${LIST}`]: { status: 500, body: { error: 'Internal server error' } } });
    render(<ManageUsers adminId="admin-1" viewerRole="ADMIN" />);

    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    await waitFor(() => expect(toasts()).toContain('Failed to fetch users'));
  });

  it('shows Add User to ADMIN and SUPER_ADMIN only; Export and Import to everyone in the panel', async () => {
    mockApi({ [`GET ${LIST}`]: page([user('u1', 'Ann')]) });
    const { rerender } = render(<ManageUsers adminId="admin-1" viewerRole="HOST" />);
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Add User' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import' })).toBeTruthy();

    rerender(<ManageUsers adminId="admin-1" viewerRole="SUPER_ADMIN" />);
    expect(screen.getByRole('button', { name: 'Add User' })).toBeTruthy();
    rerender(<ManageUsers adminId="admin-1" viewerRole="ADMIN" />);
    expect(screen.getByRole('button', { name: 'Add User' })).toBeTruthy();
  });

  it('refuses edit and delete to a role that may not, with the spec’s message', async () => {
    const api = mockApi({ [`GET ${LIST}`]: page([user('u1', 'Ann')]) });
    render(<ManageUsers adminId="admin-1" viewerRole="HOST" />);

    await choose('Ann Doe', 'Edit');
    await choose('Ann Doe', 'Delete');

    expect(toasts()).toEqual([
      'You do not have permission to perform this action.',
      'You do not have permission to perform this action.',
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.writes()).toEqual([]);
  });

  it('keeps an ADMIN from editing or deleting a SUPER_ADMIN', async () => {
    mockApi({ [`GET ${LIST}`]: page([user('o1', 'Olivia', { role: 'SUPER_ADMIN' })]) });
    render(<ManageUsers adminId="admin-1" viewerRole="ADMIN" />);

    await choose('Olivia Doe', 'Delete');

    expect(toasts()).toEqual(['You do not have permission to perform this action.']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('blocks a user only after the confirmation, then shows them blocked', async () => {
    const api = mockApi({
      [`GET ${LIST}`]: page([user('u1', 'Ann')]),
      'PATCH /api/admin-panel/users/u1?operation=block': {
        body: { user: user('u1', 'Ann', { isBlocked: true }) },
      },
    });
    render(<ManageUsers adminId="admin-1" viewerRole="ADMIN" />);

    await choose('Ann Doe', 'Block');
    const confirm = await screen.findByRole('alertdialog', { name: 'Block user' });
    expect(api.writes()).toEqual([]);

    fireEvent.click(within(confirm).getByRole('button', { name: 'Block' }));

    expect(await screen.findByRole('img', { name: 'Blocked' })).toBeTruthy();
    expect(api.writes()).toEqual([
      { method: 'PATCH', url: '/api/admin-panel/users/u1?operation=block', body: undefined },
    ]);
    expect(toasts()).toContain('Block user successfully');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await actionsOf('Ann Doe')).toEqual(['Edit', 'Delete', 'Reactivate']);
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const api = mockApi({ [`GET ${LIST}`]: page([user('u1', 'Ann', { isBlocked: true })]) });
    render(<ManageUsers adminId="admin-1" viewerRole="ADMIN" />);

    await choose('Ann Doe', 'Reactivate');
    const confirm = await screen.findByRole('alertdialog', { name: 'Reactivate user' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.writes()).toEqual([]);
  });

  it('reactivates with "Reactivate user successfully" and reports a refused status change', async () => {
    mockApi({
      [`GET ${LIST}`]: page([user('u1', 'Ann', { isBlocked: true }), user('o1', 'Olivia')]),
      'PATCH /api/admin-panel/users/u1?operation=reactivate': { body: { user: user('u1', 'Ann') } },
      'PATCH /api/admin-panel/users/o1?operation=block': {
        status: 403,
        body: { error: 'The community owner cannot be blocked or deleted.' },
      },
    });
    render(<ManageUsers adminId="admin-1" viewerRole="ADMIN" />);

    await choose('Ann Doe', 'Reactivate');
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reactivate' }),
    );
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Blocked' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await actionsOf('Ann Doe')).toEqual(['Edit', 'Delete', 'Block']);

    await choose('Olivia Doe', 'Block');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block' }));

    await waitFor(() => expect(toasts()).toContain('Failed to update user status'));
    expect(toasts()).toContain('Reactivate user successfully');
    expect(toastSpy).toHaveBeenCalledWith(
      expect.objectContaining({ description: 'The community owner cannot be blocked or deleted.' }),
    );
  });

  it('deletes a user after the confirmation and removes the row', async () => {
    const api = mockApi({
      [`GET ${LIST}`]: page([user('u1', 'Ann'), user('u2', 'Bob')]),
      'DELETE /api/admin-panel/users/u1': { body: { id: 'u1' } },
    });
    render(<ManageUsers adminId="admin-1" viewerRole="ADMIN" />);

    await choose('Ann Doe', 'Delete');
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete user' });
    expect(api.writes()).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('Ann Doe')).toBeNull());
    expect(screen.getByText('Bob Doe')).toBeTruthy();
    expect(toasts()).toContain('User deleted successfully');
  });

  it('says "Failed to delete user" when the server refuses', async () => {
    mockApi({
      [`GET ${LIST}`]: page([user('u1', 'Ann')]),
      'DELETE /api/admin-panel/users/u1': { status: 409, body: { error: 'This user administers spaces.' } },
    });
    render(<ManageUsers adminId="admin-1" viewerRole="ADMIN" />);

    await choose('Ann Doe', 'Delete');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(toasts()).toContain('Failed to delete user'));
    expect(screen.getByText('Ann Doe')).toBeTruthy();
  });

  it('adds a user through the form and reloads the list', async () => {
    const added = user('u9', 'Zoe');
    const api = mockApi({
      [`GET ${LIST}`]: page([user('u1', 'Ann')]),
      [`POST ${LIST}`]: { status: 201, body: { user: added } },
    });
    render(<ManageUsers adminId="admin-1" viewerRole="ADMIN" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    const fill = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fill('First Name', 'Zoe');
    fill('Last Name', 'Doe');
    fill('Pseudo', 'zoe');
    fill('Email', 'zoe@example.com');
    fill('Job', 'Pilot');
    fill('Company', 'Air');
    fill('City', 'Rome');
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'HOST' } });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));

    await waitFor(() => expect(toasts()).toContain('User added successfully'));
    expect(api.writes()[0]?.body).toEqual({
      firstName: 'Zoe',
      lastName: 'Doe',
      pseudo: 'zoe',
      email: 'zoe@example.com',
      job: 'Pilot',
      company: 'Air',
      role: 'HOST',
      city: 'Rome',
      password: '',
      confirmPassword: '',
      features: ['livewall', 'posts', 'community', 'messages', 'events', 'content', 'spaces', 'livestream'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add User' })).toBeNull());
    expect(api.calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('edits a user with their current values and updates the row', async () => {
    const ann = user('u1', 'Ann', { role: 'HOST', enabled: ['events'] });
    const api = mockApi({
      [`GET ${LIST}`]: page([ann]),
      'PATCH /api/admin-panel/users/u1?operation=edit': { body: { user: { ...ann, job: 'Captain' } } },
    });
    render(<ManageUsers adminId="admin-1" viewerRole="ADMIN" />);
    await choose('Ann Doe', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('ann@example.com');
    expect((within(dialog).getByLabelText('Role') as HTMLSelectElement).value).toBe('HOST');
    expect((within(dialog).getByLabelText('Events') as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Posts') as HTMLInputElement).checked).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Job'), { target: { value: 'Captain' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Captain')).toBeTruthy();
    expect(api.writes()[0]?.body).toMatchObject({ job: 'Captain', role: 'HOST', features: ['events'] });
    expect(toasts()).toContain('User updated successfully');
  });

  it('says "Something went wrong" and marks the field when the server refuses the form', async () => {
    mockApi({
      [`GET ${LIST}`]: page([user('u1', 'Ann')]),
      'PATCH /api/admin-panel/users/u1?operation=edit': {
        status: 409,
        body: {
          error: 'An account with this email already exists.',
          issues: [{ path: 'email', message: 'An account with this email already exists.' }],
        },
      },
    });
    render(<ManageUsers adminId="admin-1" viewerRole="ADMIN" />);
    await choose('Ann Doe', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByText('An account with this email already exists.')).toBeTruthy();
    expect(toasts()).toContain('Something went wrong');
    expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeTruthy();
  });
  it('shows a card per user on a narrow screen, with the same details and actions', async () => {
    screenIs('narrow');
    mockApi({ [`GET ${LIST}`]: page([user('admin-1', 'Ada'), user('u2', 'Bob', { isBlocked: true })]) });
    render(<ManageUsers adminId="admin-1" viewerRole="ADMIN" />);

    const list = await screen.findByRole('list', { name: 'Users' });
    expect(screen.queryByRole('table')).toBeNull();
    const bob = within(list).getByRole('listitem', { name: 'Bob Doe' });
    for (const text of ['@bob', 'bob@example.com', 'Engineer · Acme', 'Boston', 'USER', 'Blocked']) {
      expect(within(bob).getByText(text)).toBeTruthy();
    }
    expect(within(bob).getByRole('button', { name: 'Features of Bob Doe' })).toBeTruthy();
    expect(await actionsOf('Bob Doe')).toEqual(['Edit', 'Delete', 'Reactivate']);
    expect(await actionsOf('Ada Doe')).toEqual(['Edit']);
  });
});
