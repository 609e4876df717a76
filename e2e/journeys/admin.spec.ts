// Admin Panel journeys (issue 5): user management end to end, export and import, invitations, and
// the panel's absence for members. Names are unique per run, so the journeys pass again and again
// on the same stack.
import { readFile } from 'node:fs/promises';
import { type Download, expect, type Locator, type Page, test } from '@playwright/test';
import {
  expectAccessible,
  openEmailTo,
  openOwnProfile,
  showAdminSection,
  signInToEvents,
} from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });

const FEATURES = ['livewall', 'posts', 'community', 'messages', 'events', 'content', 'spaces', 'livestream'];
const HEADER = `First Name,Last Name,Pseudo,Email,Job,Company,Role,City,Status,${FEATURES.join(',')}`;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openAdminPanel(page: Page, email = 'admin@example.com') {
  await signInToEvents(page, email);
  const profile = await openOwnProfile(page);
  await profile.getByRole('button', { name: 'Admin Panel' }).click();
  const panel = await showAdminSection(page, 'Users');
  await expect(panel.getByRole('heading', { name: 'Manage Users' })).toBeVisible();
  await expectAccessible(page, 'admin panel: users');
  return panel;
}

async function search(panel: Locator, text: string) {
  await panel.getByRole('searchbox', { name: 'Search users' }).fill(text);
  // The list applies a search after its debounce: wait until every listed user matches, so a row
  // is not acted on while the unfiltered list is still shown.
  const userRows = panel.getByRole('row').filter({ has: panel.page().getByRole('cell') });
  await expect(userRows.filter({ hasNotText: text })).toHaveCount(0);
}

async function downloadText(download: Download) {
  const path = await download.path();
  return (await readFile(path, 'utf8')).replace(/^\ufeff/, '');
}

/** Picks an action in a user's ⋮ menu (edit, delete, block or reactivate). */
async function choose(row: Locator, name: string, action: 'Edit' | 'Delete' | 'Block' | 'Reactivate') {
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await row.page().getByRole('menuitem', { name: action }).click();
}

async function adminUser(page: Page, email: string) {
  const me = (await (await page.request.get('/api/auth/me')).json()).user;
  const answer = await page.request.get(
    `/api/admin-panel/users/${me.id}?search=${encodeURIComponent(email)}`,
  );
  return (await answer.json()).items[0];
}

test('an admin adds, edits, switches a feature off, blocks and reactivates a user, then exports', async ({
  page,
}) => {
  test.slow(); // a long journey: sign-in, a dozen admin actions and two downloads
  const id = unique();
  const lastName = `Tester${id}`;
  const name = `Zed ${lastName}`;
  const email = `zed-${id}@example.com`;
  const panel = await openAdminPanel(page);

  // The admin's own row: Edit and Features, never Delete or Block (the API refuses both too).
  await search(panel, 'admin@example.com');
  const own = panel.getByRole('row').filter({ hasText: 'admin@example.com' });
  await expect(own).toHaveCount(1);
  await expect(own.getByRole('button', { name: /^Features of / })).toBeVisible();
  await own.getByRole('button', { name: /^Actions for / }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Edit']);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  // Add User: the form's own messages first, then a valid user.
  await panel.getByRole('button', { name: 'Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add User' });
  await add.getByRole('button', { name: 'Add User' }).click();
  await expect(add.getByText('First name is required')).toBeVisible();
  await expect(add.getByText('City is required')).toBeVisible();
  await expectAccessible(page, 'add user dialog with errors');
  await add.getByLabel('First Name').fill('Zed');
  await add.getByLabel('Last Name').fill(lastName);
  await add.getByLabel('Pseudo').fill(`zed${id}`);
  await add.getByLabel('Email').fill(email);
  await add.getByLabel('Job').fill('Pilot');
  await add.getByLabel('Company').fill('Acme');
  await add.getByLabel('City').fill('Oslo');
  await add.getByLabel('Password', { exact: true }).fill('password-123');
  await add.getByLabel('Confirm Password').fill('password-124');
  await add.getByRole('button', { name: 'Add User' }).click();
  await expect(add.getByText('Passwords do not match')).toBeVisible();
  await add.getByLabel('Confirm Password').fill('password-123');
  await add.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('User added successfully')).toBeVisible();
  await expect(add).toBeHidden();

  await search(panel, email);
  const row = panel.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: 'Pilot' })).toBeVisible();

  // Edit: the role and the job.
  await choose(row, name, 'Edit');
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByLabel('Email')).toHaveValue(email);
  await expectAccessible(page, 'edit user dialog');
  await edit.getByLabel('Job').fill('Captain');
  await edit.getByLabel('Role').selectOption('HOST');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Captain' })).toBeVisible();
  await expect(row.getByText('HOST')).toBeVisible();

  // Features: switch events off; the server has it off.
  await row.getByRole('button', { name: `Features of ${name}` }).click();
  const features = page.getByRole('dialog', { name: 'Manage Features' });
  const events = features.getByRole('switch', { name: 'Events' });
  await expect(events).toBeChecked();
  await expectAccessible(page, 'features dialog');
  await events.click();
  await expect(page.getByText('User features updated successfully')).toBeVisible();
  await expect(events).not.toBeChecked();
  await features.getByRole('button', { name: 'Close' }).click();
  await expect(features).toBeHidden();
  const switched = await adminUser(page, email);
  expect(switched.features).toContainEqual({ feature: 'events', enabled: false });
  expect(switched.features).toContainEqual({ feature: 'posts', enabled: true });

  // Block, after the confirmation; then reactivate.
  await choose(row, name, 'Block');
  const block = page.getByRole('alertdialog', { name: 'Block user' });
  await expect(block).toBeVisible();
  await expectAccessible(page, 'block confirmation');
  expect((await adminUser(page, email)).isBlocked).toBe(false);
  await block.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText('Block user successfully')).toBeVisible();
  await expect(row.getByRole('img', { name: 'Blocked' })).toBeVisible();
  expect((await adminUser(page, email)).isBlocked).toBe(true);

  await choose(row, name, 'Reactivate');
  await page
    .getByRole('alertdialog', { name: 'Reactivate user' })
    .getByRole('button', { name: 'Reactivate' })
    .click();
  await expect(page.getByText('Reactivate user successfully')).toBeVisible();
  await expect(row.getByRole('img', { name: 'Active' })).toBeVisible();

  // Export: every user, as users.csv and users.json.
  const csvDownload = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'users.csv' }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toBe('users.csv');
  const csv = (await downloadText(csvFile)).split('\r\n');
  expect(csv[0]).toBe(HEADER);
  expect(csv).toContain(
    `Zed,${lastName},zed${id},${email},Captain,Acme,HOST,Oslo,Active,Yes,Yes,Yes,Yes,No,Yes,Yes,Yes`,
  );
  expect(csv.some((line) => line.includes('member@example.com'))).toBe(true);
  await expect(page.getByText('Users exported successfully')).toBeVisible();

  const jsonDownload = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'users.json' }).click();
  const jsonFile = await jsonDownload;
  expect(jsonFile.suggestedFilename()).toBe('users.json');
  const json = JSON.parse(await downloadText(jsonFile)) as { email: string }[];
  expect(json.find((user) => user.email === email)).toMatchObject({
    firstName: 'Zed',
    lastName,
    pseudo: `zed${id}`,
    job: 'Captain',
    role: 'HOST',
    city: 'Oslo',
    isBlocked: false,
  });
  expect(json.length).toBe(csv.filter((line) => line !== '').length - 1);
});

test('an admin imports a CSV with one bad row: preview, progress, then the per-row error', async ({
  page,
}) => {
  const id = unique();
  const good = `Ima,Port${id},ima${id},ima-${id}@example.com,Analyst,Acme,HOST,Rome,Blocked,Yes,No,Yes,No,Yes,No,Yes,No`;
  const bad = `,Nameless${id},nn${id},nn-${id}@example.com,,,USER,,Active,Yes,Yes,Yes,Yes,Yes,Yes,Yes,Yes`;
  const panel = await openAdminPanel(page);

  await panel.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Users' });
  await dialog.getByLabel('Users file').setInputFiles({
    name: 'users.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([HEADER, good, bad].join('\r\n')),
  });

  // The preview: nothing written yet.
  const preview = dialog.getByRole('region', { name: 'Import preview' });
  await expect(
    preview.getByText('1 user will be created, 1 row has errors and will be skipped.'),
  ).toBeVisible();
  await expect(preview.getByText('User at row 3 is missing required fields')).toBeVisible();
  await expectAccessible(page, 'import preview');
  await expect(
    preview.getByRole('table', { name: 'Users to create' }).getByText(`Ima Port${id}`),
  ).toBeVisible();
  expect(await adminUser(page, `ima-${id}@example.com`)).toBeUndefined();

  // Hold the import's answer for a moment so its progress can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin-panel/users/import/**', async (route) => {
    if (route.request().postDataJSON()?.dryRun === false) await held;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const progress = dialog.getByRole('progressbar', { name: 'Import progress' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  release();

  await expect(dialog.getByText('Import completed with errors: 1 imported, 1 failed.')).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(
    dialog.getByRole('list', { name: 'Import errors' }).getByText('User at row 3 is missing required fields'),
  ).toBeVisible();
  await expect(page.getByText('Import completed with errors', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  expect(await adminUser(page, `ima-${id}@example.com`)).toMatchObject({
    role: 'HOST',
    isBlocked: true,
    job: 'Analyst',
    address: { city: 'Rome' },
  });

  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await search(panel, `ima-${id}@example.com`);
  await expect(panel.getByRole('row').filter({ hasText: `ima-${id}@example.com` })).toHaveCount(1);
});

test('an admin generates an invitation link that a new visitor accepts, landing signed in', async ({
  page,
  browser,
}) => {
  test.slow(); // three browser contexts
  const id = unique();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const panel = await openAdminPanel(page);
  await panel
    .getByRole('navigation', { name: 'Admin Panel sections' })
    .getByRole('button', { name: 'Community', exact: true })
    .click();
  const invite = panel.getByRole('form', { name: 'Generate Invitation Link' });
  await expect(invite.getByLabel('Community Subdomain')).toHaveValue('demo');
  await expect(invite.getByText('.community.example')).toBeVisible();
  await invite.getByLabel('Email').fill('not-an-email');
  await invite.getByRole('button', { name: 'Generate Link' }).click();
  await expect(invite.getByText('Invalid email address')).toBeVisible();
  await expectAccessible(page, 'invitation form with errors');
  await invite.getByLabel('Email').fill(`guest-${id}@example.com`);
  await invite.getByRole('button', { name: 'Generate Link' }).click();
  // Emailed (issue 32), and the link is still there to share by hand: one toast says so.
  await expect(page.getByText(`Invitation sent to guest-${id}@example.com`, { exact: true })).toBeVisible();
  await expect(page.getByText('Invitation link generated successfully!')).toHaveCount(0);
  const link = await panel.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  expect(link).toMatch(/\/auth\/accept-invite\?token=[\w-]{22,}/);
  // The email arrives in the stack's inbox, and its button carries the same link.
  const inbox = await browser.newContext();
  const mailPage = await inbox.newPage();
  const emailed = await openEmailTo(mailPage, `guest-${id}@example.com`);
  expect(emailed.subject).toBe("You're invited to join Demo Community");
  await expect(mailPage.getByRole('link', { name: 'Accept the invitation' })).toHaveAttribute('href', link);
  await inbox.close();
  await panel.getByRole('button', { name: 'Copy' }).click();
  await expect(panel.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(page.getByText('Invite link copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // A visitor who is not signed in opens the link in another browser.
  const visitor = await browser.newContext({ baseURL: process.env.STACK_URL });
  const guest = await visitor.newPage();
  const { pathname, search: query } = new URL(link);
  await guest.goto(`${pathname}${query}`);
  await expect(guest.getByRole('heading', { name: 'Join the community' })).toBeVisible();
  await expectAccessible(guest, 'accept invitation');
  await guest.getByLabel('First Name').fill('Gia');
  await guest.getByLabel('Last Name').fill(`Guest${id}`);
  await guest.getByLabel('Pseudo').fill(`gia${id}`);
  await guest.getByLabel('Password').fill('short');
  await guest.getByRole('button', { name: 'Join the community' }).click();
  await expect(guest.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
  await guest.getByLabel('Password').fill('welcome-123');
  await guest.getByRole('button', { name: 'Join the community' }).click();
  // Signed in; a new member has no city, job or company yet, so the profile comes first.
  await expect(guest).toHaveURL(/\/auth\/complete-profile\?/);
  const me = (await (await guest.request.get('/api/auth/me')).json()).user;
  expect(me).toMatchObject({ email: `guest-${id}@example.com`, pseudo: `gia${id}`, role: 'USER' });

  // The link works once.
  const again = await browser.newContext({ baseURL: process.env.STACK_URL });
  const second = await again.newPage();
  await second.goto(`${pathname}${query}`);
  await second.getByLabel('First Name').fill('Eve');
  await second.getByLabel('Last Name').fill(`Again${id}`);
  await second.getByLabel('Pseudo').fill(`eve${id}`);
  await second.getByLabel('Password').fill('welcome-123');
  await second.getByRole('button', { name: 'Join the community' }).click();
  await expect(second.getByRole('alert')).toHaveText('This invitation link is invalid or has expired.');
  await expect(second).toHaveURL(/\/auth\/accept-invite\?token=/);
  await visitor.close();
  await again.close();
});

test('an admin keeps community info and URLs', async ({ page }) => {
  const id = unique();
  const panel = await openAdminPanel(page);
  await panel
    .getByRole('navigation', { name: 'Admin Panel sections' })
    .getByRole('button', { name: 'Community Info' })
    .click();
  await expect(panel.getByText('Adrian Alvarez')).toBeVisible();

  await panel.getByRole('button', { name: 'Add URLs' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add URLs' });
  await dialog.getByRole('button', { name: 'Add Another URL' }).click();
  const rows = dialog.getByRole('listitem');
  await rows.nth(0).getByLabel('URL', { exact: true }).fill('not a url');
  await dialog.getByRole('button', { name: 'Save URLs' }).click();
  await expect(rows.nth(0).getByText('Please enter a valid URL')).toBeVisible();
  await expect(rows.nth(1).getByText('URL cannot be empty')).toBeVisible();
  await expectAccessible(page, 'add URLs dialog with errors');
  await dialog.getByRole('button', { name: 'Remove URL 2' }).click();
  // A loopback address: the server refuses to fetch it, so the entry simply has no favicon.
  await rows.nth(0).getByLabel('URL', { exact: true }).fill(`http://127.0.0.1:9/${id}`);
  await rows.nth(0).getByLabel('Label').fill(`Handbook ${id}`);
  await dialog.getByRole('button', { name: 'Save URLs' }).click();
  await expect(dialog).toBeHidden();
  const urls = panel.getByRole('list', { name: 'URLs' });
  await expect(urls.getByRole('link', { name: `Handbook ${id}` })).toBeVisible();
  await urls.getByRole('button', { name: `Delete Handbook ${id}` }).click();
  await expect(urls.getByRole('link', { name: `Handbook ${id}` })).toHaveCount(0);

  // The audit log has the admin's latest action first.
  await panel
    .getByRole('navigation', { name: 'Admin Panel sections' })
    .getByRole('button', { name: 'Audit log' })
    .click();
  const firstEntry = panel.getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1);
  await expect(firstEntry.getByText('Deleted URL')).toBeVisible();
  await expect(firstEntry.getByText('Adrian Alvarez')).toBeVisible();
  await expectAccessible(page, 'audit log');
});

test('a member sees no Admin Panel button', async ({ page }) => {
  await signInToEvents(page, 'member@example.com');
  const profile = await openOwnProfile(page);
  await expect(profile.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Admin Panel' })).toHaveCount(0);
  expect((await page.request.get('/api/admin-panel/audit')).status()).toBe(403);
});
