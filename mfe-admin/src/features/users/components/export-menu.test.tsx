import { FEATURE_KEYS } from '@community/domain';
import { toaster } from '@community/ui';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { makeUser } from '../../../test/users.ts';
import { ExportMenu, exportUsers } from './export-menu.tsx';

const LIST = '/api/admin-panel/users/admin-1';
let blobs: Blob[];
let downloads: string[];

beforeEach(() => {
  blobs = [];
  downloads = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:users';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('export menu', () => {
  it('exports every page of users as users.csv, then says "Users exported successfully"', async () => {
    const toastSpy = vi.spyOn(toaster, 'create');
    const api = mockApi({
      [`GET ${LIST}?limit=1000`]: { body: { items: [makeUser('u1', 'Ann')], nextCursor: 'c2' } },
      [`GET ${LIST}?cursor=c2&limit=1000`]: {
        body: { items: [makeUser('u2', '=Bob', { isBlocked: true })], nextCursor: null },
      },
    });
    render(<ExportMenu adminId="admin-1" />);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'users.csv' }));

    await waitFor(() => expect(downloads).toEqual(['users.csv']));
    expect(api.calls).toHaveLength(2);
    const text = (await blobs[0]!.text()).replace(/^\ufeff/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      `First Name,Last Name,Pseudo,Email,Job,Company,Role,City,Status,${FEATURE_KEYS.join(',')}`,
    );
    expect(lines[2]).toBe(
      "'=Bob,Doe,'=bob,'=bob@example.com,Engineer,Acme,USER,Boston,Blocked,Yes,Yes,Yes,Yes,Yes,Yes,Yes,Yes",
    );
    expect(toastSpy).toHaveBeenCalledWith(expect.objectContaining({ title: 'Users exported successfully' }));
  });

  it('exports users.json', async () => {
    mockApi({ [`GET ${LIST}?limit=1000`]: { body: { items: [makeUser('u1', 'Ann')], nextCursor: null } } });

    await exportUsers('admin-1', 'json');

    expect(downloads).toEqual(['users.json']);
    expect(JSON.parse(await blobs[0]!.text())[0]).toMatchObject({ email: 'ann@example.com', city: 'Boston' });
  });

  it('says "Failed to fetch users" when a page cannot be read, and saves nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const toastSpy = vi.spyOn(toaster, 'create');
    mockApi({ [`GET ${LIST}?limit=1000`]: { status: 500, body: { error: 'Internal server error' } } });

    await exportUsers('admin-1', 'csv');

    expect(downloads).toEqual([]);
    expect(toastSpy).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'error', title: 'Failed to fetch users' }),
    );
  });
});
