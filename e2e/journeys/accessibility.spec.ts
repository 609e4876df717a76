// Accessibility of every screen and dialog (issue 13): axe-core (WCAG 2.0/2.1 A and AA and best
// practice) must find no serious or critical violation, signed out, as a member and as an admin, on
// a desktop (1366×900) and a phone (390×844; the admin's pass, a superset of the member's screens).
// One browser page per role and viewport walks the
// screens in order; each check is soft, so one run lists every screen that fails, not just the first.
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { expectAccessible, paragraph, showAdminSection, signIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });
// Long walks (dozens of screens each) on a machine that may be busy: generous time.
// Its passes are independent: in parallel mode they spread over the workers (one stack each).
test.describe.configure({ mode: 'parallel', timeout: 480_000 });

const MEMBER = 'member@example.com'; // Marcus Meyer, USER
const ADMIN = 'admin@example.com'; // ADMIN: the admin panel
const ADMIN_PASSWORD = 'community-demo';
const SPACE = 'Product Builders'; // private; Marcus is a member (demo seed)

const viewports = [
  { name: 'desktop', size: { width: 1366, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
];

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** An invitation link made by an admin through the API, as the admin panel makes it. */
async function invitationPath(email: string) {
  const api: APIRequestContext = await request.newContext({ baseURL: process.env.STACK_URL });
  try {
    const login = await api.post('/api/auth/login', { data: { email: ADMIN, password: ADMIN_PASSWORD } });
    expect(login.ok()).toBe(true);
    const community = await (await api.get('/api/community')).json();
    const invite = await api.post('/api/community/invite', {
      data: { email, communitySubdomain: community.communityUrl },
    });
    expect(invite.status()).toBe(201);
    const { pathname, search } = new URL((await invite.json()).invitationLink);
    return `${pathname}${search}`;
  } finally {
    await api.dispose();
  }
}

/** Closes the dialog or menu on top with Escape and waits until it is gone. */
async function dismiss(page: Page, name: string, role: 'dialog' | 'menu' = 'dialog') {
  await page.keyboard.press('Escape');
  await expect(page.getByRole(role, { name, exact: true })).toHaveCount(0);
}

async function checkEvents(page: Page, where: string) {
  await page.goto('/events');
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading events' })).toHaveCount(0);
  await expectAccessible(page, `events list (${where})`);
  await page.getByRole('button', { name: 'Cards' }).click();
  await expect(page.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, `events cards (${where})`);
  await page.getByRole('button', { name: 'List' }).click();

  await page.getByRole('link', { name: 'Calendar view' }).click();
  const calendar = page.getByRole('region', { name: 'Calendar' });
  await expect(calendar.getByRole('heading', { level: 2 })).toBeVisible();
  await expectAccessible(page, `events calendar grid (${where})`);
  // The month grid shows the current month; the demo events fill it (the seed is relative to now).
  const chip = calendar
    .getByRole('link')
    .filter({ hasText: /\d{1,2}:\d{2}/ })
    .first();
  if ((await chip.count()) > 0) {
    await chip.click();
    const details = page.getByRole('dialog', { name: 'Event details' });
    await expect(details.getByRole('heading').first()).toBeVisible();
    await expectAccessible(page, `event details dialog (${where})`);
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toHaveCount(0);
  }

  const upcoming = (await (await page.request.get('/api/events?when=upcoming&limit=1')).json()).items[0];
  await page.goto(`/events/${upcoming.id}`);
  await expect(page.getByRole('heading', { level: 1, name: upcoming.title })).toBeVisible();
  await expectAccessible(page, `event detail page (${where})`);

  await page.goto('/events');
  const create = page.getByRole('button', { name: 'Create Event' });
  if ((await create.count()) > 0) {
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'Create Event' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, `create event dialog (${where})`);
    await dismiss(page, 'Create Event');
  }
}

async function checkSpace(page: Page, where: string) {
  const spaces = (await (await page.request.get('/api/spaces')).json()).items as {
    id: string;
    name: string;
  }[];
  const space = spaces.find((each) => each.name === SPACE) ?? spaces[0]!;
  const posts = (await (await page.request.get(`/api/posts?spaceId=${space.id}&limit=1`)).json()).items;
  if (posts.length === 0) {
    const made = await page.request.post('/api/socket/posts', {
      data: {
        spaceId: space.id,
        content: paragraph(`A post to comment on ${unique()}`),
        clientKey: unique(),
      },
    });
    expect(made.ok()).toBe(true);
  }

  await page.goto(`/spaces/${space.id}`);
  await expect(page.getByRole('heading', { level: 1, name: space.name })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Messages' })).toBeVisible();
  await expectAccessible(page, `space chat (${where})`);

  await page.getByRole('button', { name: /^\d+ members?$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Members', exact: true })).toBeVisible();
  await expectAccessible(page, `space members dialog (${where})`);
  // The spec's 420 px cap is the desktop dialog's: a phone's full-height sheet uses all of its height.
  const memberList = page
    .getByRole('dialog', { name: 'Members', exact: true })
    .getByRole('list', { name: 'Members' });
  expect(await memberList.evaluate((list) => getComputedStyle(list).maxHeight)).toBe(
    where === 'phone' ? 'none' : '420px',
  );
  await dismiss(page, 'Members');

  await page.goto(`/spaces/${space.id}?tab=posts`);
  const wall = page.getByRole('region', { name: 'Posts wall' });
  await expect(wall.getByRole('article').first()).toBeVisible();
  await expectAccessible(page, `space posts (${where})`);

  // A published post's (a scheduled one of the member's own has no comments yet).
  await wall
    .getByRole('button', { name: /^Comments, \d+ comments?$/, disabled: false })
    .first()
    .click();
  const comments = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'Comment' }) });
  await expect(comments).toBeVisible();
  await expectAccessible(page, `comments dialog (${where})`);
  await page.keyboard.press('Escape');
  await expect(comments).toHaveCount(0);

  await wall.getByRole('button', { name: 'New post' }).click();
  const newPost = page.getByRole('dialog', { name: 'New post' });
  await expect(newPost.getByRole('textbox', { name: 'Post content' })).toBeVisible();
  await expectAccessible(page, `new post dialog (${where})`);
  await dismiss(page, 'New post');
}

async function checkPeople(page: Page, where: string) {
  await page.goto('/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await expect(page.getByRole('list').first()).toBeVisible();
  await expectAccessible(page, `members (${where})`);

  const me = (await (await page.request.get('/api/auth/me')).json()).user;
  const others = await page.request.get('/api/users/community-members?SearchName=%20');
  const other = ((await others.json()).items as { id: string; firstName: string; lastName: string }[]).find(
    (each) => each.id !== me.id,
  )!;
  await page.goto(`/community/conversations/${other.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `${other.firstName} ${other.lastName}` }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expectAccessible(page, `conversation (${where})`);

  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Mark all as read' })).toBeVisible();
  await expectAccessible(page, `notifications menu (${where})`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Mark all as read' })).toHaveCount(0);
}

async function checkProfile(page: Page, where: string) {
  await page.getByRole('button', { name: /^Open the profile of / }).click();
  const panel = page.getByRole('dialog', { name: 'Profile' });
  await expect(panel.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expectAccessible(page, `profile panel (${where})`);

  await panel.getByRole('button', { name: 'Edit Profile' }).click();
  const wizard = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(wizard.getByRole('progressbar', { name: 'Edit profile progress' })).toBeVisible();
  // Every step of the wizard (the demo members' profiles are complete, so Next goes on).
  for (let step = 1; step <= 6; step += 1) {
    await expectAccessible(page, `edit profile step ${step} (${where})`);
    const next = wizard.getByRole('button', { name: 'Next' });
    if ((await next.count()) === 0) break;
    await next.click();
  }
  await dismiss(page, 'Edit Profile');
}

async function checkAdminPanel(page: Page, where: string) {
  const panel = page.getByRole('dialog', { name: 'Admin Panel' });
  const profile = page.getByRole('dialog', { name: 'Profile' });
  if ((await profile.count()) === 0)
    await page.getByRole('button', { name: /^Open the profile of / }).click();
  await profile.getByRole('button', { name: 'Admin Panel' }).click();
  await showAdminSection(page, 'Users');
  await expect(panel.getByRole('heading', { name: 'Manage Users' })).toBeVisible();
  // A table on the desktop, a card per user on the phone.
  const firstUser =
    where === 'phone'
      ? panel.getByRole('list', { name: 'Users' }).getByRole('listitem').first()
      : panel.getByRole('row').nth(1);
  await expect(firstUser).toBeVisible();
  await expectAccessible(page, `admin panel: users (${where})`);

  const dialogs: [button: string, dialog: string][] = [
    ['Add User', 'Add User'],
    ['Import', 'Import Users'],
  ];
  for (const [button, dialog] of dialogs) {
    await panel.getByRole('button', { name: button, exact: true }).click();
    await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
    await expectAccessible(page, `admin panel: ${dialog} dialog (${where})`);
    await dismiss(page, dialog);
  }
  await firstUser.getByRole('button', { name: /^Features of / }).click();
  await expect(page.getByRole('dialog', { name: 'Manage Features' })).toBeVisible();
  await expectAccessible(page, `admin panel: features dialog (${where})`);
  await dismiss(page, 'Manage Features');
  await firstUser.getByRole('button', { name: /^Actions for / }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expectAccessible(page, `admin panel: user actions menu (${where})`);
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
  await expectAccessible(page, `admin panel: edit user dialog (${where})`);
  await dismiss(page, 'Edit User');

  const sections = panel.getByRole('navigation', { name: 'Admin Panel sections' }).getByRole('button');
  const names = await sections.allTextContents();
  expect(names.length).toBeGreaterThan(1);
  for (const name of names.slice(1)) {
    await sections.filter({ hasText: name }).first().click();
    await expect(sections.filter({ hasText: name }).first()).toHaveAttribute('aria-current', /.+/);
    await expectAccessible(page, `admin panel: ${name} (${where})`);
  }
  const addUrls = panel.getByRole('button', { name: 'Add URLs' });
  if ((await addUrls.count()) === 0) {
    await sections.filter({ hasText: 'Community Info' }).first().click();
  }
  await panel.getByRole('button', { name: 'Add URLs' }).click();
  await expect(page.getByRole('dialog', { name: 'Add URLs' })).toBeVisible();
  await expectAccessible(page, `admin panel: add URLs dialog (${where})`);
  await dismiss(page, 'Add URLs');
}

for (const { name: where, size } of viewports) {
  test.describe(`on a ${where}`, () => {
    test.use({ viewport: size });

    test('signed out: sign-in, accept an invitation, complete the profile', async ({ page }) => {
      await page.goto('/auth/login');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expectAccessible(page, `sign-in (${where})`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Password is required')).toBeVisible();
      await expectAccessible(page, `sign-in with field errors (${where})`);

      const id = unique();
      await page.goto(await invitationPath(`a11y-${id}@example.com`));
      await expect(page.getByRole('heading', { name: 'Join the community' })).toBeVisible();
      await expectAccessible(page, `accept invitation (${where})`);
      await page.getByRole('button', { name: 'Join the community' }).click();
      await expect(page.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
      await expectAccessible(page, `accept invitation with field errors (${where})`);
      await page.getByLabel('First Name').fill('Ada');
      await page.getByLabel('Last Name').fill(`Access${id}`);
      await page.getByLabel('Pseudo').fill(`ada${id}`);
      await page.getByLabel('Password').fill('welcome-123');
      await page.getByRole('button', { name: 'Join the community' }).click();

      await expect(page).toHaveURL(/\/auth\/complete-profile\?/);
      await expect(page.getByRole('button', { name: 'Save and continue' })).toBeVisible();
      await expectAccessible(page, `complete profile (${where})`);
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await expect(page.getByText('City is required')).toBeVisible();
      await expectAccessible(page, `complete profile with field errors (${where})`);
    });

    // The admin sees every screen the member sees, with more controls: on the phone their pass alone
    // covers both (the member's own pass runs on the desktop), which keeps CI inside its time.
    for (const email of where === 'phone' ? [ADMIN] : [MEMBER, ADMIN]) {
      test(`${email}: every screen and dialog`, async ({ page }) => {
        await signIn(page, email);
        await expect(page).toHaveURL(/\/$/);
        await expect(
          page.getByRole('region', { name: 'Posts wall' }).getByRole('article').first(),
        ).toBeVisible();
        await expectAccessible(page, `home wall (${where})`);

        await checkEvents(page, where);
        await checkSpace(page, where);
        await checkPeople(page, where);
        await checkProfile(page, where);
        if (email === ADMIN) await checkAdminPanel(page, where);

        await page.goto('/no/such/page');
        await expect(page.getByText('Page not found')).toBeVisible();
        await expectAccessible(page, `not found (${where})`);
      });
    }
  });
}
