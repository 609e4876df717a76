// Feature switches take effect on an open page (issue 13, docs/features.md): an admin switches off
// posts, content and messages for a member in the admin panel's Features dialog while that member has
// a space page open in another browser. Without a reload the member's Posts tab, the chat's attach
// button and the Messages entries (navigation and sidebar) disappear, and the API refuses a posts
// call with the feature's text; switching them back on brings everything back, still without a reload.
// The member is a new account made for this run (the demo accounts keep their switches), with a space
// of their own so that they write in its chat.

import { FEATURE_KEYS } from '@community/domain';
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { openOwnProfile, showAdminSection, signIn, signInToEvents } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });
test.describe.configure({ timeout: 150_000 });

const SWITCHED = ['Posts', 'Content', 'Messages'] as const;
const PASSWORD = 'switches-password-1';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const member = {
  firstName: 'Felix',
  lastName: `Switch${run}`,
  pseudo: `felix${run}`,
  email: `felix-${run}@example.com`,
};
const memberName = `${member.firstName} ${member.lastName}`;

let memberContext: BrowserContext | undefined;

test.afterAll(async () => {
  await memberContext?.close();
});

/** The admin's own id, for the admin panel routes. */
async function adminId(page: Page): Promise<string> {
  const answer = await page.request.get('/api/auth/me');
  expect(answer.ok()).toBe(true);
  return (await answer.json()).user.id;
}

/** The entries that go with `posts`, `content` and `messages` on the member's space page. */
function entries(page: Page) {
  return {
    postsTab: page.getByRole('tab', { name: 'Posts' }),
    attach: page.getByRole('button', { name: 'Attach a file' }),
    messagesNav: page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }),
    messagesSidebar: page.getByRole('region', { name: 'Messages' }),
  };
}

async function flip(features: Locator, label: string, on: boolean, page: Page) {
  const control = features.getByRole('switch', { name: label });
  await expect(control).toBeChecked({ checked: !on });
  await control.click();
  await expect(control).toBeChecked({ checked: on });
  await expect(page.getByText('User features updated successfully').first()).toBeVisible();
}

test('switching posts, content and messages off and on changes an open page of the member, without a reload', async ({
  page: admin,
  browser,
}) => {
  // The admin signs in and makes the member, every feature on.
  await signInToEvents(admin, 'admin@example.com');
  const created = await admin.request.post(`/api/admin-panel/users/${await adminId(admin)}`, {
    data: {
      ...member,
      job: 'Tester',
      company: 'Switchboard',
      role: 'USER',
      city: 'Oslo',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      features: FEATURE_KEYS,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The member opens a space of their own (they write in its chat) in another browser.
  const opened = await openSignedInAs(browser, member.email);
  memberContext = opened.context;
  const page = opened.page;
  const space = await page.request.post('/api/spaces', {
    data: { name: `Switches ${run}`, description: 'Feature switch journey', type: 'PRIVATE' },
  });
  expect(space.status(), await space.text()).toBe(201);
  const spaceId: string = (await space.json()).id;
  const userRoom = userRoomTicket(page);
  await page.goto(`/spaces/${spaceId}`);
  await userRoom;
  const seen = entries(page);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(seen.postsTab).toBeVisible();
  await expect(seen.attach).toBeVisible();
  await expect(seen.messagesNav).toBeVisible();
  await expect(seen.messagesSidebar).toBeVisible();
  // The page must not reload on the way: a mark on its window would be gone.
  await page.evaluate(() => {
    (window as unknown as { journeyMark: string }).journeyMark = 'still here';
  });

  // The admin opens the member's Features dialog in the admin panel.
  const profile = await openOwnProfile(admin);
  await profile.getByRole('button', { name: 'Admin Panel' }).click();
  const panel = await showAdminSection(admin, 'Users');
  await panel.getByRole('searchbox', { name: 'Search users' }).fill(member.email);
  const row = panel.getByRole('row').filter({ hasText: member.email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Features of ${memberName}` }).click();
  const features = admin.getByRole('dialog', { name: 'Manage Features' });
  for (const label of SWITCHED) await flip(features, label, false, admin);

  // The member's open page drops the entries by itself.
  await expect(seen.postsTab).toHaveCount(0);
  await expect(seen.attach).toHaveCount(0);
  await expect(seen.messagesNav).toHaveCount(0);
  await expect(seen.messagesSidebar).toHaveCount(0);
  // The chat stays, without its attach button.
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  // And the API refuses a posts call from the member's page, in the feature's words.
  const refused = await page.evaluate(async (id) => {
    const answer = await fetch(`/api/posts?spaceId=${encodeURIComponent(id)}`, { credentials: 'include' });
    return { status: answer.status, body: await answer.json() };
  }, spaceId);
  expect(refused).toEqual({
    status: 403,
    body: { error: 'The posts feature is not enabled for your account.', requestId: expect.any(String) },
  });
  const conversations = await page.request.get('/api/conversations');
  expect(conversations.status()).toBe(403);

  // Switched back on, everything comes back on the same page.
  for (const label of SWITCHED) await flip(features, label, true, admin);
  await expect(seen.postsTab).toBeVisible();
  await expect(seen.attach).toBeVisible();
  await expect(seen.messagesNav).toBeVisible();
  await expect(seen.messagesSidebar).toBeVisible();
  await seen.postsTab.click();
  await expect(page.getByRole('region', { name: 'Posts wall' })).toBeVisible();
  const allowed = await page.request.get(`/api/posts?spaceId=${spaceId}`);
  expect(allowed.status()).toBe(200);
  expect(await page.evaluate(() => (window as unknown as { journeyMark?: string }).journeyMark)).toBe(
    'still here',
  );
});

/** The page's user-room socket taking its ticket (it hears `features.changed` from then on). */
function userRoomTicket(page: Page) {
  return page.waitForResponse(
    (response) =>
      response.url().includes('/api/realtime/ticket') &&
      response.ok() &&
      response.request().postDataJSON()?.party === 'user-room',
  );
}

/**
 * The member in a browser of their own (as helpers.ts's openSignedIn, with this account's password):
 * signed in on Home, with the user-room socket's ticket taken, so that `features.changed` reaches
 * the page.
 */
async function openSignedInAs(browser: Browser, email: string) {
  const context = await browser.newContext({ baseURL: process.env.STACK_URL });
  const page = await context.newPage();
  const userRoom = userRoomTicket(page);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await userRoom;
  return { context, page };
}
