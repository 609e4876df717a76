// Profiles, end to end. Kenji (a seeded member no other journey uses) walks the Edit Profile wizard
// forward and back: uploads an avatar, enters a US phone number, changes his job, picks Zürich from
// the city search, adds interests (a duplicate and a leading # are ignored), saves and sees his panel
// updated. He also posts a photo on a public space's wall. Then Marcus finds him in the Members
// directory and opens his panel on every tab, follows the photo's "Go to message" to the post, and
// opens the media tab from a deep link. Finally an admin sees the Admin Panel button on their own
// profile, which Marcus does not have.
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, openOwnProfile, signIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const KENJI = 'kenji.tanaka@example.com';
const KENJI_NAME = 'Kenji Tanaka';
const MEMBER = 'member@example.com';
const ADMIN = 'admin@example.com';
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const run = Date.now().toString(36);
const PHOTO = `kenji-${run}.png`;

let api: APIRequestContext;
let kenjiId = '';
let postId = '';
let postSpaceId = '';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function login(email: string) {
  const response = await api.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { accessToken: string; user: { id: string } };
}

const wizardStep = (page: Page, title: string) =>
  expect(
    page.getByRole('dialog', { name: 'Edit Profile' }).getByRole('heading', { name: title }),
  ).toBeVisible();

test.beforeAll(async () => {
  api = await playwrightRequest.newContext({ baseURL: process.env.STACK_URL });
});

test.afterAll(async () => {
  await api.dispose();
});

test('a member walks the Edit Profile wizard and sees the panel updated', async ({ page }) => {
  await signIn(page, KENJI);
  await expect(page).not.toHaveURL(/\/auth\//);
  let panel = await openOwnProfile(page);
  await expect(panel.getByRole('heading', { name: KENJI_NAME })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Admin Panel' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Edit Profile' }).click();

  const wizard = page.getByRole('dialog', { name: 'Edit Profile' });
  await wizardStep(page, 'Personal Information');
  await expect(wizard.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expectAccessible(page, 'edit profile wizard');
  await expect(wizard.getByRole('progressbar', { name: 'Edit profile progress' })).toHaveAttribute(
    'aria-valuenow',
    '1',
  );
  await wizard
    .getByLabel('Profile image')
    .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByText('Image uploaded')).toBeVisible();
  await expect(wizard.getByLabel('Phone country')).toHaveValue('US');
  // On a phone the closed country picker reads "US +1" in full (it read "United States (+"), and
  // follows the country picked from the platform's list of full names.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const shown = wizard.getByTestId('phone-country-shown');
  await expect(shown).toHaveText('US +1');
  expect(await shown.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await wizard.getByLabel('Phone country').selectOption('GB');
  await expect(shown).toHaveText('GB +44');
  await wizard.getByLabel('Phone country').selectOption('US');
  await page.setViewportSize(desktop);
  await wizard.getByRole('textbox', { name: 'Phone Number' }).fill('(202) 555-0143');

  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizardStep(page, 'Professional Information');
  await wizard.getByRole('textbox', { name: 'Job Title' }).fill('Staff Engineer');
  // Back and forth keeps what was typed.
  await wizard.getByRole('button', { name: 'Previous' }).click();
  await wizardStep(page, 'Personal Information');
  await expect(wizard.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('(202) 555-0143');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByRole('textbox', { name: 'Job Title' })).toHaveValue('Staff Engineer');
  await wizard.getByRole('button', { name: 'Next' }).click();

  await wizardStep(page, 'Location');
  await wizard.getByLabel('City').fill('zzqx');
  await expect(wizard.getByText('No countries found')).toBeVisible();
  await wizard.getByLabel('City').fill('zurich');
  await wizard.getByRole('option', { name: /^Zürich, ZH, Switzerland/ }).click();
  await expect(wizard.getByLabel('City')).toHaveValue(/^Zürich/);
  await wizard.getByRole('button', { name: 'Next' }).click();

  await wizardStep(page, 'Bio & Interests');
  await expect(wizard.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  // A box like the other fields: the Bio textarea had no border at all.
  const bio = wizard.getByRole('textbox', { name: 'Bio' });
  expect(await bio.evaluate((box) => getComputedStyle(box).borderTopWidth)).toBe('1px');
  await bio.fill('Growing teams and climbing walls.');
  const interests = wizard.getByRole('textbox', { name: 'Interests' });
  await interests.fill('#climbing');
  await interests.press('Enter');
  await interests.fill('  climbing ');
  await wizard.getByRole('button', { name: 'Add', exact: true }).click();
  await interests.fill('hiking');
  await wizard.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(wizard.getByRole('list', { name: 'Your interests' }).getByRole('listitem')).toHaveText([
    /#leadership/,
    /#mentoring/,
    /#climbing/,
    /#hiking/,
  ]);
  await wizard.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(wizard).toHaveCount(0);

  // The panel comes back with the saved profile.
  panel = page.getByRole('dialog', { name: 'Profile' });
  await expect(panel.getByText('Staff Engineer at Mercari')).toBeVisible();
  await expect(panel.getByText(/Zürich, Switzerland/)).toBeVisible();
  await expect(panel.getByText('Growing teams and climbing walls.')).toBeVisible();
  await expect(panel.getByText('#climbing')).toBeVisible();

  // Stored as the API says: E.164 phone, the picked place with its coordinates, the uploaded avatar.
  const { accessToken, user } = await login(KENJI);
  kenjiId = user.id;
  const me = (await (await api.get(`/api/users/${kenjiId}`, { headers: bearer(accessToken) })).json()).user;
  expect(me).toMatchObject({
    phone: '+12025550143',
    job: 'Staff Engineer',
    interests: ['leadership', 'mentoring', 'climbing', 'hiking'],
    address: { city: 'Zürich', country: 'CH' },
  });
  expect(me.address.lat).toBeCloseTo(47.37, 1);
  expect(me.imageUrl).toMatch(/\/api\/files\/users\/[0-9a-f-]+\.png$/);

  // A photo on the wall of a public space Kenji belongs to, for the media tab below.
  const spaces = (
    await (await api.get(`/api/users/${kenjiId}/spaces`, { headers: bearer(accessToken) })).json()
  ).items as { id: string; type: string }[];
  const publicSpace = spaces.find((space) => space.type === 'PUBLIC');
  expect(publicSpace, 'Kenji belongs to a public space in the demo data').toBeTruthy();
  postSpaceId = publicSpace!.id;
  const upload = await api.post('/api/uploads/posts', {
    headers: bearer(accessToken),
    multipart: { file: { name: PHOTO, mimeType: 'image/png', buffer: PNG_1X1 } },
  });
  expect(upload.ok()).toBe(true);
  const { url } = (await upload.json()) as { url: string };
  const created = await api.post('/api/socket/posts', {
    headers: bearer(accessToken),
    data: {
      spaceId: postSpaceId,
      content: { root: { type: 'root', version: 1, children: [] } },
      attachments: [{ name: PHOTO, url, type: 'img' }],
      clientKey: `profiles-${run}`,
    },
  });
  expect(created.status()).toBe(201);
  postId = ((await created.json()) as { post: { id: string } }).post.id;
});

test('another member opens the profile on every tab, goes to the photo, and deep links to media', async ({
  page,
}) => {
  await signIn(page, MEMBER);
  await expect(page).not.toHaveURL(/\/auth\//);
  const own = await openOwnProfile(page);
  await expect(own.getByRole('button', { name: 'Admin Panel' })).toHaveCount(0);
  await own.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members' }).click();
  await expect(page).toHaveURL(/\/members/);
  await page.getByLabel('Search members').fill('Kenji');
  await page
    .getByRole('button', { name: new RegExp(KENJI_NAME) })
    .first()
    .click();

  const panel = page.getByRole('dialog', { name: 'Profile' });
  await expect(panel.getByRole('heading', { name: KENJI_NAME })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`profile=${kenjiId}`));
  await expectAccessible(page, "another member's profile panel");
  await expect(panel.getByText('Growing teams and climbing walls.')).toBeVisible();
  await expect(
    panel.getByRole('button', { name: 'Message' }).or(panel.getByRole('link', { name: 'Message' })),
  ).toBeVisible();

  await panel.getByRole('tab', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/profile_popover_tab=activity/);
  await expect(panel.getByText('No comments activity').or(panel.getByRole('link').first())).toBeVisible();

  await panel.getByRole('tab', { name: 'Events' }).click();
  await expect(panel.getByRole('tabpanel')).toBeVisible();

  await panel.getByRole('tab', { name: 'Spaces' }).click();
  await expect(panel.getByRole('tabpanel').getByRole('link').first()).toBeVisible();

  await panel.getByRole('tab', { name: 'Media' }).click();
  const images = panel.getByRole('region', { name: /^Images/ });
  await expect(images.getByRole('button', { name: `Actions for ${PHOTO}` })).toBeVisible();
  await images.getByRole('button', { name: `Actions for ${PHOTO}` }).click();
  await page.getByRole('menuitem', { name: 'Go to message' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/spaces/${postSpaceId}\\?postId=${postId}`));

  // A shared link opens the same member's panel on the media tab.
  await page.goto(`/?profile=${kenjiId}&profile_popover_tab=media`);
  await expect(panel.getByRole('heading', { name: KENJI_NAME })).toBeVisible();
  await expect(panel.getByRole('tab', { name: 'Media' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('button', { name: `Actions for ${PHOTO}` })).toBeVisible();
});

test('an admin sees the Admin Panel button on their own profile', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page).not.toHaveURL(/\/auth\//);
  const panel = await openOwnProfile(page);
  await panel.getByRole('button', { name: 'Admin Panel' }).click();
  await expect(page.getByRole('dialog', { name: /Admin Panel/ })).toBeVisible();
});
