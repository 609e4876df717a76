import { session } from '@community/api-client';
import { URL_ENTRIES_MAX } from '@community/domain';
import { toaster } from '@community/ui';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { makeUser } from '../../../test/users.ts';
import type { UrlEntry } from '../api/urls.ts';
import { CommunityInfo } from './community-info.tsx';

const admin = makeUser('a1', 'Adrian', { role: 'ADMIN', company: 'Demo Co' });
const entry = (id: string, overrides: Partial<UrlEntry> = {}): UrlEntry => ({
  id,
  url: `https://example.com/${id}`,
  label: `Link ${id}`,
  host: 'example.com',
  faviconUrl: 'https://example.com/favicon.ico',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  userId: 'a1',
  community: { id: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e05', name: 'Demo Community' },
  ...overrides,
});
const BASE = {
  'GET /api/admin-panel/community/a1': {
    body: { id: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e05', name: 'Demo Community' },
  },
};
let toastSpy: MockInstance<(typeof toaster)['create']>;
const toasts = () => toastSpy.mock.calls.map(([options]) => (options as { title: string }).title);

beforeEach(() => {
  session.user = admin;
  session.status = 'signed-in';
  toastSpy = vi.spyOn(toaster, 'create');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('community info', () => {
  it('shows the admin’s company and name and the URL list with favicon, host and community', async () => {
    mockApi({ ...BASE, 'GET /api/admin-panel/urls/a1': { body: { items: [entry('u1')] } } });
    render(<CommunityInfo userId="a1" />);

    expect(screen.getByText('Demo Co')).toBeTruthy();
    expect(screen.getByText('Adrian Doe')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'URLs' });
    const link = within(list).getByRole('link', { name: 'Link u1' });
    expect(link.getAttribute('href')).toBe('https://example.com/u1');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(list).getByText('example.com')).toBeTruthy();
    expect(within(list).getByText('Demo Community')).toBeTruthy();
    expect(list.querySelector('img')?.getAttribute('src')).toBe('https://example.com/favicon.ico');
    expect(list.style.maxHeight).toBe('300px');
  });

  it('says "No URLs added yet" when there are none', async () => {
    mockApi({ ...BASE, 'GET /api/admin-panel/urls/a1': { body: { items: [] } } });
    render(<CommunityInfo userId="a1" />);
    expect(await screen.findByText('No URLs added yet')).toBeTruthy();
  });

  it('edits company and first name, both required', async () => {
    const api = mockApi({
      ...BASE,
      'GET /api/admin-panel/urls/a1': { body: { items: [] } },
      'PATCH /api/admin-panel/a1': { body: { user: { ...admin, company: 'New Co', firstName: 'Adi' } } },
    });
    render(<CommunityInfo userId="a1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Info' }));
    const form = screen.getByRole('form', { name: 'Edit Info' });
    fireEvent.change(within(form).getByLabelText('Company'), { target: { value: ' ' } });
    fireEvent.change(within(form).getByLabelText('First Name'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText('Company is required')).toBeTruthy();
    expect(within(form).getByText('First name is required')).toBeTruthy();
    expect(api.writes()).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Company'), { target: { value: 'New Co' } });
    fireEvent.change(within(form).getByLabelText('First Name'), { target: { value: 'Adi' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('New Co')).toBeTruthy();
    expect(api.writes()[0]?.body).toEqual({ company: 'New Co', firstName: 'Adi' });
    expect(session.user?.firstName).toBe('Adi');
  });

  it('says "Failed to update community info" when the save fails', async () => {
    mockApi({
      ...BASE,
      'GET /api/admin-panel/urls/a1': { body: { items: [] } },
      'PATCH /api/admin-panel/a1': { status: 500, body: { error: 'Internal server error' } },
    });
    render(<CommunityInfo userId="a1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Info' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(toastSpy).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Failed to update community info',
          description: 'An error occurred while updating community info',
        }),
      ),
    );
  });

  it('deletes a URL, and says "Failed to delete URL" when that fails', async () => {
    mockApi({
      ...BASE,
      'GET /api/admin-panel/urls/a1': { body: { items: [entry('u1'), entry('u2')] } },
      'DELETE /api/admin-panel/urls/a1/u1': { body: { id: 'u1' } },
      'DELETE /api/admin-panel/urls/a1/u2': { status: 404, body: { error: 'URL not found' } },
    });
    render(<CommunityInfo userId="a1" />);

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Link u1' }));
    await waitFor(() => expect(screen.queryByText('Link u1')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Delete Link u2' }));

    await waitFor(() => expect(toasts()).toContain('Failed to delete URL'));
    expect(screen.getByText('Link u2')).toBeTruthy();
  });

  it('adds several URLs at once with Add Another URL and Remove, checking each row', async () => {
    const api = mockApi({
      ...BASE,
      'GET /api/admin-panel/urls/a1': { body: { items: [] } },
      'POST /api/admin-panel/urls/a1': {
        status: 201,
        body: {
          items: [entry('n1', { label: 'Docs' }), entry('n2', { label: null, host: 'blog.example.com' })],
        },
      },
    });
    render(<CommunityInfo userId="a1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add URLs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add URLs' });
    const rows = () => within(dialog).getAllByRole('listitem');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Another URL' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Another URL' }));
    expect(rows()).toHaveLength(3);
    fireEvent.change(within(rows()[0]!).getByLabelText('URL'), { target: { value: 'not a url' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save URLs' }));

    expect(await within(rows()[0]!).findByText('Please enter a valid URL')).toBeTruthy();
    expect(within(rows()[1]!).getByText('URL cannot be empty')).toBeTruthy();
    expect(api.writes()).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove URL 3' }));
    fireEvent.change(within(rows()[0]!).getByLabelText('URL'), {
      target: { value: 'https://example.com/docs' },
    });
    fireEvent.change(within(rows()[0]!).getByLabelText('Label'), { target: { value: 'Docs' } });
    fireEvent.change(within(rows()[1]!).getByLabelText('URL'), {
      target: { value: 'https://blog.example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save URLs' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add URLs' })).toBeNull());
    expect(api.writes()[0]?.body).toEqual({
      urls: [{ url: 'https://example.com/docs', label: 'Docs' }, { url: 'https://blog.example.com' }],
      communityId: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e05',
    });
    expect(screen.getByRole('link', { name: 'Docs' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'blog.example.com' })).toBeTruthy();
  });

  it('offers no more rows than the server takes in one request', async () => {
    mockApi({ ...BASE, 'GET /api/admin-panel/urls/a1': { body: { items: [] } } });
    render(<CommunityInfo userId="a1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add URLs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add URLs' });
    const addAnother = within(dialog).getByRole('button', { name: 'Add Another URL' });
    for (let i = 1; i < URL_ENTRIES_MAX; i++) fireEvent.click(addAnother);
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(URL_ENTRIES_MAX);
    expect((addAnother as HTMLButtonElement).disabled).toBe(true);
  });

  it('needs at least one URL', async () => {
    mockApi({ ...BASE, 'GET /api/admin-panel/urls/a1': { body: { items: [] } } });
    render(<CommunityInfo userId="a1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add URLs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add URLs' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove URL 1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save URLs' }));

    expect(await within(dialog).findByText('At least one URL is required')).toBeTruthy();
  });

  it('says "Failed to create URLs" when the server refuses', async () => {
    mockApi({
      ...BASE,
      'GET /api/admin-panel/urls/a1': { body: { items: [] } },
      'POST /api/admin-panel/urls/a1': { status: 500, body: { error: 'Internal server error' } },
    });
    render(<CommunityInfo userId="a1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add URLs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add URLs' });
    fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: 'https://example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save URLs' }));

    await waitFor(() => expect(toasts()).toContain('Failed to create URLs'));
    expect(screen.getByRole('dialog', { name: 'Add URLs' })).toBeTruthy();
  });
});
