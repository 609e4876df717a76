import { FEATURE_KEYS } from '@community/domain';
import { toaster } from '@community/ui';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ImportDialog, type ImportDialogProps } from './import-dialog.tsx';

const HEADER = `First Name,Last Name,Pseudo,Email,Job,Company,Role,City,Status,${FEATURE_KEYS.join(',')}`;
const YES = 'Yes,Yes,Yes,Yes,Yes,Yes,Yes,Yes';
let toastSpy: MockInstance<(typeof toaster)['create']>;
const toasts = () => toastSpy.mock.calls.map(([options]) => (options as { title: string }).title);

beforeEach(() => {
  toastSpy = vi.spyOn(toaster, 'create');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function choose(name: string, content: string) {
  const input = screen.getByLabelText('Users file');
  fireEvent.change(input, { target: { files: [new File([content], name, { type: 'text/csv' })] } });
}

function setup(send: NonNullable<ImportDialogProps['send']>) {
  const onImported = vi.fn();
  const onClose = vi.fn();
  render(<ImportDialog adminId="admin-1" send={send} onImported={onImported} onClose={onClose} />);
  return { onImported, onClose };
}

describe('import dialog', () => {
  it('previews before writing: bad rows by number, duplicates from the server, users to create', async () => {
    const send = vi.fn(async (users: unknown[], dryRun: boolean) => ({
      created: dryRun ? users.length - 1 : users.length,
      errors: dryRun
        ? [{ index: 1, message: 'An account with this email already exists. (bo@example.com)' }]
        : [],
    }));
    setup(send);
    choose(
      'users.csv',
      [
        HEADER,
        `Ada,Lovelace,ada,ada@example.com,,,USER,,Active,${YES}`,
        `,Nameless,nn,nn@example.com,,,USER,,Active,${YES}`,
        `Bo,Diddley,bo,bo@example.com,,,HOST,,Blocked,${YES}`,
      ].join('\n'),
    );

    const preview = await screen.findByRole('region', { name: 'Import preview' });
    expect(
      within(preview).getByText('1 user will be created, 2 rows have errors and will be skipped.'),
    ).toBeTruthy();
    const errors = within(preview).getByRole('list', { name: 'Rows with errors' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'User at row 3 is missing required fields',
      'Row 4: An account with this email already exists. (bo@example.com)',
    ]);
    const table = within(preview).getByRole('table', { name: 'Users to create' });
    expect(within(table).getByText('Ada Lovelace')).toBeTruthy();
    // Only the preview ran: every request so far was a dry run.
    expect(send.mock.calls.map(([, dryRun]) => dryRun)).toEqual([true]);
  });

  it('imports the accepted rows with progress, then lists each failed row and stays open', async () => {
    let release: () => void = () => {};
    const send = vi.fn(async (users: unknown[], dryRun: boolean) => {
      if (!dryRun) await new Promise<void>((resolve) => (release = resolve));
      return { created: users.length, errors: [] };
    });
    const { onImported, onClose } = setup(send);
    choose(
      'users.csv',
      [
        HEADER,
        `Ada,Lovelace,ada,ada@example.com,,,USER,,Active,${YES}`,
        `,,x,x@example.com,,,USER,,Active,${YES}`,
      ].join('\n'),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));

    const progress = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('0');
    release();

    expect(await screen.findByText('Import completed with errors: 1 imported, 1 failed.')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
    expect(
      within(screen.getByRole('list', { name: 'Import errors' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['User at row 3 is missing required fields']);
    expect(toasts()).toContain('Import completed with errors');
    expect(toastSpy).toHaveBeenCalledWith(expect.objectContaining({ description: '1 imported, 1 failed' }));
    expect(onImported).toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says "N users imported successfully" and closes when every row went in', async () => {
    const send = vi.fn(async (users: unknown[], _dryRun: boolean) => ({ created: users.length, errors: [] }));
    const { onClose, onImported } = setup(send);
    choose(
      'users.json',
      JSON.stringify([
        { firstName: 'A', lastName: 'One', pseudo: 'a1', email: 'a1@example.com' },
        { firstName: 'B', lastName: 'Two', pseudo: 'b2', email: 'b2@example.com' },
      ]),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts()).toContain('2 users imported successfully');
    expect(onImported).toHaveBeenCalled();
    expect(send.mock.calls.map(([users, dryRun]) => [users.length, dryRun])).toEqual([
      [2, true],
      [2, false],
    ]);
  });

  it('re-imports a full export cleanly: the SUPER_ADMIN and existing members are skipped rows, not errors', async () => {
    // The server skips members who already exist (here everyone but the SUPER_ADMIN, who never leaves
    // the browser): a preview with nothing to create and a note per row.
    const send = vi.fn(async (users: { email: string }[], _dryRun: boolean) => ({
      created: 0,
      errors: [],
      skipped: users.map((user, index) => ({
        index,
        message: `Skipped: ${user.email} is already a member (an import adds accounts, it does not change them)`,
      })),
    }));
    setup(send);
    choose(
      'users.csv',
      [
        HEADER,
        `Olive,Owner,owner,owner@example.com,,,SUPER_ADMIN,,Active,${YES}`,
        `Ada,Lovelace,ada,ada@example.com,,,ADMIN,,Active,${YES}`,
        `Bo,Diddley,bo,bo@example.com,,,USER,,Blocked,${YES}`,
      ].join('\n'),
    );

    const preview = await screen.findByRole('region', { name: 'Import preview' });
    expect(within(preview).getByText('0 users will be created.')).toBeTruthy();
    expect(within(preview).queryByRole('list', { name: 'Rows with errors' })).toBeNull();
    const skipped = within(preview).getByRole('list', { name: 'Skipped rows' });
    expect(
      within(skipped)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Row 2: Skipped: owner@example.com is a Super Admin account, which an import never creates or changes',
      'Row 3: Skipped: ada@example.com is already a member (an import adds accounts, it does not change them)',
      'Row 4: Skipped: bo@example.com is already a member (an import adds accounts, it does not change them)',
    ]);
    expect(within(preview).getByText('3 rows skipped: already there, or never imported.')).toBeTruthy();
    // The SUPER_ADMIN row is never sent; nothing to import, so no import request either.
    expect(send.mock.calls.map(([users, dryRun]) => [users.length, dryRun])).toEqual([[2, true]]);
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends rows in batches of 500, not one request per row', async () => {
    const send = vi.fn(async (users: unknown[], _dryRun: boolean) => ({ created: users.length, errors: [] }));
    setup(send);
    const rows = Array.from({ length: 1100 }, (_, i) => `F,L${i},p${i},u${i}@example.com`);
    choose('users.csv', ['First Name,Last Name,Pseudo,Email', ...rows].join('\n'));
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));

    await waitFor(() => expect(toasts()).toContain('1100 users imported successfully'));
    expect(
      send.mock.calls.map(([users, dryRun]) => `${dryRun ? 'check' : 'import'} ${users.length}`),
    ).toEqual(['check 500', 'check 500', 'check 100', 'import 500', 'import 500', 'import 100']);
  });

  it('says "Failed to import users. Please check your file format." for an unreadable file', async () => {
    const send = vi.fn();
    setup(send);
    choose('users.csv', 'this is not, a users file\n1,2');

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Failed to import users. Please check your file format.',
    );
    expect(toasts()).toContain('Failed to import users. Please check your file format.');
    expect(send).not.toHaveBeenCalled();
  });
});
