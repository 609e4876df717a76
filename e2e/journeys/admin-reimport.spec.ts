// A full export imports back cleanly (issue 8): the owner exports every user as users.csv and
// imports that very file. The preview has nothing to create and no errors; the SUPER_ADMIN row and
// the members who already exist are listed as skipped rows, each with its note.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible, openOwnProfile, showAdminSection, signInToEvents } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });

test('the owner exports every user and imports the file back: skipped rows with notes, no errors', async ({
  page,
}) => {
  await signInToEvents(page, 'owner@example.com');
  const profile = await openOwnProfile(page);
  await profile.getByRole('button', { name: 'Admin Panel' }).click();
  const panel = await showAdminSection(page, 'Users');
  await expect(panel.getByRole('heading', { name: 'Manage Users' })).toBeVisible();

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'users.csv' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const rows = csv.split('\r\n').filter((line) => line !== '').length - 1;
  expect(csv).toContain('owner@example.com');

  await panel.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Users' });
  await dialog.getByLabel('Users file').setInputFiles({
    name: 'users.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });

  const preview = dialog.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByText('0 users will be created.')).toBeVisible();
  await expectAccessible(page, 'import preview of a full export');
  await expect(preview.getByRole('list', { name: 'Rows with errors' })).toHaveCount(0);
  await expect(preview.getByText(`${rows} rows skipped: already there, or never imported.`)).toBeVisible();
  // The list shows the first 100 notes; every one is a skip, none an error.
  const skipped = preview.getByRole('list', { name: 'Skipped rows' });
  await expect(skipped.getByRole('listitem').first()).toContainText('Skipped: ');
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

  // The owner's and an admin's rows of that export, with one new member: the new one is imported,
  // the two others are skipped with their notes, and the dialog closes on success.
  const lines = csv.split('\r\n');
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const newcomer = `Rhea,Import${id},rhea${id},rhea-${id}@example.com,,,USER,,Active,Yes,No,No,No,Yes,No,No,No`;
  const file = [
    lines[0],
    lines.find((line) => line.includes(',owner@example.com,')),
    lines.find((line) => line.includes(',admin@example.com,')),
    newcomer,
  ].join('\r\n');
  await dialog.getByLabel('Users file').setInputFiles({
    name: 'users.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file),
  });
  await expect(preview.getByText('1 user will be created.')).toBeVisible();
  await expect(preview.getByText('2 rows skipped: already there, or never imported.')).toBeVisible();
  await expect(
    skipped.getByText(
      'Row 2: Skipped: owner@example.com is a Super Admin account, which an import never creates or changes',
    ),
  ).toBeVisible();
  await expect(
    skipped.getByText(
      'Row 3: Skipped: admin@example.com is already a member (an import adds accounts, it does not change them)',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('1 users imported successfully')).toBeVisible();
  await expect(page.getByText('2 rows skipped: already there, or never imported')).toBeVisible();
  await expect(dialog).toBeHidden();
});
