// A newcomer's first visit (issue 30, "First visit"): someone the admin panel just added signs in and
// Home greets them: the community's welcome text, "Introduce yourself", spaces to join (public ones
// they are not in, most active first) and the upcoming events. They join a suggested space, post an
// introduction into General from "Introduce yourself", and dismiss the welcome: a reload, or
// signing in on another device, does not bring it back. The owner edits the welcome text in the
// admin panel's Community section and the next newcomer reads it. axe and screenshots at 1366 and
// 390 px.

import { DEFAULT_WELCOME_TEXT, FEATURE_KEYS } from '@community/domain';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, openOwnProfile, showAdminSection, signIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const OWNER = 'owner@example.com';
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const run = Date.now().toString(36);
/** Set to a folder to keep screenshots at both sizes (not in CI: looking at them is a person's job). */
const SHOTS = process.env.JOURNEY_SHOTS;

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/first-visit-${name}.png` });
}

let api: APIRequestContext;
let ownerToken = '';
let ownerId = '';
let newcomers = 0;

const bearer = () => ({ authorization: `Bearer ${ownerToken}` });

/** A member the admin panel adds, as an owner adding someone does (every feature on). */
async function addNewcomer() {
  newcomers += 1;
  const id = `${run}${newcomers}`;
  const user = {
    firstName: 'Nina',
    lastName: `Newcomer${id}`,
    pseudo: `nina${id}`,
    email: `nina-${id}@example.com`,
    job: 'Designer',
    company: 'Studio',
    city: 'Lisbon',
    role: 'USER',
    password: DEMO_PASSWORD,
    confirmPassword: DEMO_PASSWORD,
    features: FEATURE_KEYS,
  };
  const created = await api.post(`/api/admin-panel/users/${ownerId}`, { headers: bearer(), data: user });
  expect(created.status(), await created.text()).toBe(201);
  return user;
}

const welcome = (page: Page) => page.getByRole('region', { name: /^Welcome to / });
const wall = (page: Page) => page.getByRole('region', { name: 'Posts wall' });
const toast = (page: Page, text: string) =>
  page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text }).first();

/** Signs in through the form and waits for Home's answer about the welcome. */
async function signInHome(page: Page, email: string) {
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/welcome'));
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  expect((await answered).ok()).toBe(true);
  await expect(wall(page)).toBeVisible();
}

async function newcomerPage(browser: Browser, viewport: typeof DESKTOP) {
  const user = await addNewcomer();
  const context = await browser.newContext({ baseURL: process.env.STACK_URL, viewport });
  const page = await context.newPage();
  await signInHome(page, user.email);
  return { user, context, page };
}

test.beforeAll(async () => {
  api = await playwrightRequest.newContext({ baseURL: process.env.STACK_URL });
  const login = await api.post('/api/auth/login', { data: { email: OWNER, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const body = await login.json();
  ownerToken = body.accessToken;
  ownerId = body.user.id;
});

test.afterAll(async () => {
  // Other journeys read no welcome text, but leave the community as it was.
  await api.put('/api/community/welcome', { headers: bearer(), data: { welcomeText: DEFAULT_WELCOME_TEXT } });
  await api.dispose();
});

test('a newcomer joins a suggested space, introduces themself in General, and dismisses the welcome for good', async ({
  browser,
}) => {
  const { user, context, page } = await newcomerPage(browser, DESKTOP);
  const card = welcome(page);
  await expect(card).toBeVisible();
  await expect(card).toContainText(DEFAULT_WELCOME_TEXT);
  await expect(card.getByRole('region', { name: 'Upcoming events' })).toBeVisible();
  const suggestions = card.getByRole('region', { name: 'Spaces to join' }).getByRole('listitem');
  await expect(suggestions.first()).toBeVisible();
  await expectAccessible(page, 'Home with the welcome (1366)');
  await shoot(page, 'home-1366');

  // Join the first suggestion (the most active public space they are not in).
  const first = suggestions.first();
  const spaceName = (await first.locator('span[id]').first().textContent()) ?? '';
  expect(spaceName).not.toBe('');
  await first.getByRole('button', { name: 'Join' }).click();
  await expect(toast(page, `You joined ${spaceName}`)).toBeVisible();
  await expect(first.getByRole('link', { name: 'Open' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Spaces' }).getByRole('link', { name: spaceName }),
  ).toBeVisible();

  // "Introduce yourself": the Home composer, on General (joined on the way when they were not in it).
  await card.getByRole('button', { name: 'Introduce yourself' }).click();
  const dialog = page.getByRole('dialog', { name: 'New post' });
  const picker = dialog.getByRole('combobox', { name: 'Post in' });
  await expect(picker).toBeEnabled();
  await expect(picker.locator('option:checked')).toHaveText('General');
  const editor = dialog.getByRole('textbox', { name: 'Post content' });
  await editor.click();
  await page.keyboard.type(`Hi all, I am ${user.firstName} ${run}, glad to be here.`);
  await expectAccessible(page, 'Introduce yourself (1366)');
  await shoot(page, 'introduce-1366');
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toast(page, 'Post created')).toBeVisible();
  await expect(dialog).toBeHidden();
  const newest = wall(page)
    .getByRole('list', { name: 'Posts' })
    .locator('article:not([data-scheduled])')
    .first();
  await expect(newest).toContainText(`glad to be here`);
  await expect(newest).toContainText('General');

  // Dismissed, it is gone; a reload does not bring it back, nor another device.
  await card.getByRole('button', { name: 'Dismiss the welcome' }).click();
  await expect(card).toBeHidden();
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/welcome'));
  await page.reload();
  expect((await (await answered).json()).show).toBe(false);
  await expect(wall(page)).toBeVisible();
  await expect(welcome(page)).toHaveCount(0);
  // The upcoming events are back in their own strip.
  await expect(page.getByRole('region', { name: 'Upcoming events' })).toBeVisible();

  const elsewhere = await browser.newContext({ baseURL: process.env.STACK_URL, viewport: DESKTOP });
  const other = await elsewhere.newPage();
  await signInHome(other, user.email);
  await expect(welcome(other)).toHaveCount(0);
  await elsewhere.close();
  await context.close();
});

test('someone invited completes their profile and lands on Home with the welcome', async ({ browser }) => {
  const email = `ivy-${run}@example.com`;
  const invite = await api.post('/api/community/invite', {
    headers: bearer(),
    data: { email, communitySubdomain: 'demo' },
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const link = new URL((await invite.json()).invitationLink);
  const context = await browser.newContext({ baseURL: process.env.STACK_URL, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('First Name').fill('Ivy');
  await page.getByLabel('Last Name').fill(`Invited${run}`);
  await page.getByLabel('Pseudo').fill(`ivy${run}`);
  await page.getByLabel('Password').fill('welcome-123');
  await page.getByRole('button', { name: 'Join the community' }).click();
  await expect(page).toHaveURL(/\/auth\/complete-profile\?/);
  await page.getByLabel('City').fill('Porto');
  await page.getByLabel('Job').fill('Writer');
  await page.getByLabel('Company').fill('Letters');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(welcome(page)).toBeVisible();
  await expect(welcome(page).getByRole('button', { name: 'Introduce yourself' })).toBeVisible();
  await context.close();
});

test('the welcome at 390 px', async ({ browser }) => {
  const { context, page } = await newcomerPage(browser, PHONE);
  await expect(welcome(page)).toBeVisible();
  await expect(welcome(page).getByRole('button', { name: 'Introduce yourself' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page, 'Home with the welcome (390)');
  await shoot(page, 'home-390');
  await context.close();
});

test('the owner edits the welcome text in the admin panel; the next newcomer reads it', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  const text = `Welcome aboard ${run}!\nStart in General and say hi.`;
  await signIn(page, OWNER);
  await expect(wall(page)).toBeVisible();
  const profile = await openOwnProfile(page);
  await profile.getByRole('button', { name: 'Admin Panel' }).click();
  const panel = await showAdminSection(page, 'Community');
  const field = panel.getByRole('textbox', { name: 'Welcome text' });
  await expect(field).toHaveValue(DEFAULT_WELCOME_TEXT);

  // Blank is refused on the form, before any request.
  await field.fill('   ');
  await panel.getByRole('button', { name: 'Save welcome text' }).click();
  await expect(panel.getByText('Welcome text is required')).toBeVisible();

  await field.fill(text);
  await panel.getByRole('button', { name: 'Save welcome text' }).click();
  await expect(toast(page, 'Welcome text saved')).toBeVisible();
  await expectAccessible(page, 'Admin panel, Community with the welcome text (1366)');
  await shoot(page, 'admin-1366');

  const { context, page: newcomer } = await newcomerPage(browser, PHONE);
  await expect(welcome(newcomer)).toContainText(`Welcome aboard ${run}!`);
  await expect(welcome(newcomer)).toContainText('Start in General and say hi.');
  await context.close();

  await page.setViewportSize(PHONE);
  await expect(field).toHaveValue(text);
  await field.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'Admin panel, Community with the welcome text (390)');
  await shoot(page, 'admin-390');
});
