// "Discard changes?" (issue 26, item 3): a form dialog the member has typed in asks before it closes
// by Esc, a click outside or its X; "Keep editing" (or Esc) keeps the dialog and what was typed,
// "Discard" closes it. An untouched dialog closes at once. Every form dialog: post, space, event,
// the Edit Profile wizard, the Admin Panel's user form and Add URLs.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, openOwnProfile, showAdminSection, signIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL, viewport: { width: 1366, height: 900 } });
test.describe.configure({ timeout: 120_000 });

const OWNER = 'owner@example.com';

const prompt = (page: Page) => page.getByRole('alertdialog', { name: 'Discard changes?' });

/** Asks by `close`, keeps editing, then asks again and discards: the dialog is gone. */
async function keepThenDiscard(
  page: Page,
  dialog: Locator,
  close: () => Promise<void>,
  typed: Locator,
  value: string,
) {
  await close();
  await expect(prompt(page)).toBeVisible();
  await expect(prompt(page).getByText('What you entered here will be lost.')).toBeVisible();
  await expect(prompt(page).getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await expectAccessible(page, 'discard changes prompt');
  await prompt(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(prompt(page)).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(typed).toHaveValue(value);

  // Esc in the prompt is "Keep editing" too: the innermost layer only.
  await close();
  await expect(prompt(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(prompt(page)).toHaveCount(0);
  await expect(dialog).toBeVisible();

  await close();
  await prompt(page).getByRole('button', { name: 'Discard' }).click();
  await expect(prompt(page)).toHaveCount(0);
  await expect(dialog).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, OWNER);
  await expect(page).not.toHaveURL(/\/auth\//);
});

test('a post, a space and an event typed in ask before they close; untouched ones close at once', async ({
  page,
}) => {
  const pressEscape = () => page.keyboard.press('Escape');
  // A space he is in (the stack may also hold other suites' spaces he only reads).
  const spaces = (await (await page.request.get('/api/spaces')).json()).items as {
    id: string;
    isMember: boolean;
  }[];
  await page.goto(`/spaces/${spaces.find((space) => space.isMember)!.id}?tab=posts`);
  const wall = page.getByRole('region', { name: 'Posts wall' });

  // Untouched: Esc closes at once.
  await wall.getByRole('button', { name: 'New post' }).click();
  const post = page.getByRole('dialog', { name: 'New post' });
  await expect(post.getByRole('textbox', { name: 'Post content' })).toBeVisible();
  await pressEscape();
  await expect(post).toHaveCount(0);
  await expect(prompt(page)).toHaveCount(0);

  await wall.getByRole('button', { name: 'New post' }).click();
  await post.getByLabel('Title').fill('Half a thought');
  await post.getByRole('textbox', { name: 'Post content' }).click();
  await page.keyboard.type('Something worth keeping');
  await keepThenDiscard(page, post, pressEscape, post.getByLabel('Title'), 'Half a thought');
  // The X asks too.
  await wall.getByRole('button', { name: 'New post' }).click();
  await post.getByLabel('Title').fill('Again');
  await keepThenDiscard(
    page,
    post,
    () => post.getByRole('button', { name: 'Close' }).click(),
    post.getByLabel('Title'),
    'Again',
  );

  // A click outside the space form asks.
  await page.getByRole('button', { name: 'Create space' }).click();
  const space = page.getByRole('dialog', { name: 'Create space' });
  await space.getByLabel('Name').fill('Gardeners');
  await keepThenDiscard(page, space, () => page.mouse.click(8, 450), space.getByLabel('Name'), 'Gardeners');

  await page.goto('/events');
  await page.getByRole('button', { name: 'Create Event' }).click();
  const event = page.getByRole('dialog', { name: 'Create Event' });
  await event.getByLabel('Title').fill('Picnic');
  await keepThenDiscard(page, event, pressEscape, event.getByLabel('Title'), 'Picnic');
});

test('the Edit Profile wizard and the Admin Panel’s forms ask before they close', async ({ page }) => {
  const pressEscape = () => page.keyboard.press('Escape');
  const profile = await openOwnProfile(page);
  await profile.getByRole('button', { name: 'Edit Profile' }).click();
  const wizard = page.getByRole('dialog', { name: 'Edit Profile' });
  const firstName = wizard.getByLabel('First Name');
  const original = await firstName.inputValue();
  await firstName.fill(`${original}x`);
  await keepThenDiscard(
    page,
    wizard,
    () => wizard.getByRole('button', { name: 'Close' }).click(),
    firstName,
    `${original}x`,
  );
  // Nothing was saved.
  expect((await (await page.request.get('/api/auth/me')).json()).user.firstName).toBe(original);

  // Discarded, the wizard goes back to the profile panel it was opened from.
  await expect(profile).toBeVisible();
  await profile.getByRole('button', { name: 'Admin Panel' }).click();
  const panel = await showAdminSection(page, 'Community Info');
  await panel.getByRole('button', { name: 'Add URLs' }).click();
  const urls = page.getByRole('dialog', { name: 'Add URLs' });
  const url = urls.getByRole('textbox', { name: /URL/ }).first();
  await url.fill('https://example.org');
  await keepThenDiscard(page, urls, pressEscape, url, 'https://example.org');
  await expect(panel).toBeVisible();

  await showAdminSection(page, 'Users');
  await panel.getByRole('button', { name: 'Add User', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add User' });
  await add.getByLabel('Email').fill('someone@example.org');
  await keepThenDiscard(page, add, pressEscape, add.getByLabel('Email'), 'someone@example.org');
  // The Admin Panel under it stays open.
  await expect(panel).toBeVisible();
});
