// The Spaces and Messages pages, Home's quiet load, comments in the address, and the members dialog
// on a phone (issue 26), as Marcus (member@: in General and Product Builders, not in the paid
// Founders Circle) and Olivia (owner@, the demo spaces' admin) find them at 1366×900 and 390×844:
// - /spaces lists every space he can see with its type, member count, description and whether he is
//   in it: his own to open, a public one to read, a paid one for members only; the desktop sidebar
//   starts with no divider above it;
// - /messages lists his conversations with the last message and its time;
// - Home loads without a failed request or a console error (no live-updates ticket for the paid
//   space he is not in);
// - a post's comments put `?postId=` in the address; Back closes them, Forward opens them again,
//   closing takes `?postId=` away, and the address opened as is opens them;
// - on a phone the space admin's members dialog shows every name whole.
import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, signIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });

const MEMBER = 'member@example.com';
const OWNER = 'owner@example.com';
const CONVERSATION_WITH = 'Hana Holm';

const main = (page: Page) => page.getByRole('main');
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const commentsDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'Comment' }) });

type ListedSpace = {
  id: string;
  name: string;
  description: string;
  type: string;
  membersCount: number;
  isMember: boolean;
};

async function signInHome(page: Page, email = MEMBER) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(main(page).getByRole('article').first()).toBeVisible();
}

async function listedSpaces(page: Page): Promise<ListedSpace[]> {
  return (await (await page.request.get('/api/spaces')).json()).items;
}

/** Nothing on the screen is wider than the screen (no sideways scrolling). */
async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `page width at ${page.url()}`).toBeLessThanOrEqual(innerWidth);
}

/** Every space of the API's list as a card of the page, in the group that says whether he is in it. */
async function expectSpacesPage(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Spaces', exact: true }).click();
  await expect(page).toHaveURL(/\/spaces$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Spaces' })).toBeVisible();
  const spaces = await listedSpaces(page);
  expect(spaces.some((space) => space.isMember)).toBe(true);
  expect(spaces.some((space) => !space.isMember && space.type === 'PAID')).toBe(true);
  const yours = main(page).getByRole('region', { name: 'Your spaces' });
  const others = main(page).getByRole('region', { name: 'Other spaces' });
  for (const space of spaces) {
    const card = (space.isMember ? yours : others).getByRole('listitem', { name: space.name, exact: true });
    await expect(card).toBeVisible();
    await expect(card).toContainText(space.description);
    await expect(card).toContainText(
      `${space.membersCount} ${space.membersCount === 1 ? 'member' : 'members'}`,
    );
    if (space.isMember) {
      await expect(card).toContainText(/You are (a member|its admin)/);
      await expect(card.getByRole('link', { name: 'Open space' })).toHaveAttribute(
        'href',
        `/spaces/${space.id}`,
      );
    } else if (space.type === 'PUBLIC') {
      await expect(card.getByRole('link', { name: 'View space' })).toHaveAttribute(
        'href',
        `/spaces/${space.id}`,
      );
    } else {
      // Its page would refuse him: no way in but its admin (issue 30: the paid space's hint).
      await expect(card.getByRole('link')).toHaveCount(0);
      await expect(card).toContainText('This is a paid space. Payments are not taken on this platform');
    }
  }
  await expectAccessible(page, 'spaces page');
  return spaces;
}

async function expectMessagesPage(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Messages', exact: true }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'New message' })).toBeVisible();
  const conversation = (await (await page.request.get('/api/conversations')).json()).items.find(
    (each: { other: { firstName: string; lastName: string } }) =>
      `${each.other.firstName} ${each.other.lastName}` === CONVERSATION_WITH,
  );
  const row = main(page)
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link')
    .filter({ hasText: CONVERSATION_WITH });
  const preview = conversation.lastMessage.content.replace(/\s+/g, ' ').trim();
  await expect(row).toContainText(preview.slice(0, 20));
  await expect(row.locator('time')).toHaveAttribute('datetime', conversation.lastMessageAt);
  await expect(row.locator('time')).not.toBeEmpty();
  await expectAccessible(page, 'messages page');
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the Spaces page shows every space he can see and what he can do there; the sidebar has no stray divider', async ({
    page,
  }) => {
    await signInHome(page);
    // A public space he is not in, for the "read it" case, made by Olivia in a session of her own
    // (removed afterwards).
    const api = await playwrightRequest.newContext({ baseURL: process.env.STACK_URL });
    const owner = await api.post('/api/auth/login', { data: { email: OWNER, password: DEMO_PASSWORD } });
    const bearer = { authorization: `Bearer ${(await owner.json()).accessToken}` };
    const created = await api.post('/api/spaces', {
      headers: bearer,
      data: {
        name: `Open house ${Date.now().toString(36)}`,
        description: 'Anyone may read along.',
        type: 'PUBLIC',
      },
    });
    expect(created.status()).toBe(201);
    const openSpace = await created.json();
    try {
      const spaces = await expectSpacesPage(page);
      expect(spaces.find((space) => space.id === openSpace.id)?.isMember).toBe(false);

      // The sidebar shows its Spaces section here too, and nothing draws a line above its first section.
      const sidebar = page.getByRole('navigation', { name: 'Spaces' });
      await expect(sidebar.getByRole('heading', { name: 'Spaces' })).toBeVisible();
      await expect(sidebar.getByRole('heading', { name: 'Messages' })).toBeVisible();
      const topBorder = () =>
        sidebar.evaluate((nav) => {
          const first = nav.firstElementChild;
          return first ? getComputedStyle(first).borderTopWidth : 'none';
        });
      expect(await topBorder()).toBe('0px');

      await main(page)
        .getByRole('listitem', { name: openSpace.name, exact: true })
        .getByRole('link', { name: 'View space' })
        .click();
      await expect(page).toHaveURL(new RegExp(`/spaces/${openSpace.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: openSpace.name })).toBeVisible();

      await expectMessagesPage(page);
      expect(await topBorder()).toBe('0px');
    } finally {
      await api.delete(`/api/spaces/${openSpace.id}`, { headers: bearer });
      await api.dispose();
    }
  });

  test('Home loads without a failed request or a console error, for a member not in every space', async ({
    page,
  }) => {
    await signInHome(page);
    const spaces = await listedSpaces(page);
    expect(spaces.some((space) => !space.isMember && space.type !== 'PUBLIC')).toBe(true);
    const readable = spaces.filter((space) => space.isMember || space.type === 'PUBLIC');

    const failures: string[] = [];
    const consoleErrors: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400)
        failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const postsRoomTickets: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/realtime/ticket') && request.postDataJSON()?.party === 'posts-room')
        postsRoomTickets.push(request.postDataJSON().room);
    });

    await page.reload();
    await expect(main(page).getByRole('article').first()).toBeVisible();
    // Live updates from the spaces Home follows: at most 30 (mfe-spaces lib/live-rooms.ts), those of
    // the posts it shows among them, and never a space he may not read.
    const followed = () => [...new Set(postsRoomTickets)];
    await expect.poll(() => followed().length).toBe(Math.min(readable.length, 30));
    const readableIds = new Set(readable.map((space) => space.id));
    expect(followed().filter((id) => !readableIds.has(id))).toEqual([]);
    const shown = (await (await page.request.get('/api/posts?limit=10')).json()).items as {
      spaceId: string;
    }[];
    for (const { spaceId } of shown) expect(followed()).toContain(spaceId);
    await page.waitForLoadState('networkidle');
    expect(failures).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test("a post's comments are in the address: Back closes them, Forward reopens them, the address opens them", async ({
    page,
  }) => {
    await signInHome(page);
    // A published post (his own scheduled ones take no comments yet), the newest: on Home's first page.
    const post = (
      (await (await page.request.get('/api/posts?limit=10')).json()).items as {
        id: string;
        spaceId: string;
        scheduled: boolean;
      }[]
    ).find((each) => !each.scheduled);
    const spacePath = `/spaces/${post!.spaceId}`;
    const withPost = new RegExp(`${spacePath}\\?tab=posts&postId=${post!.id}$`);
    const withoutPost = new RegExp(`${spacePath}\\?tab=posts$`);

    await page.goto(`${spacePath}?tab=posts`);
    const card = main(page).locator(`article[data-post-id="${post!.id}"]`);
    await card.getByRole('button', { name: /^Comments, \d+ comments?$/ }).click();
    await expect(commentsDialog(page)).toBeVisible();
    await expect(page).toHaveURL(withPost);

    await page.goBack();
    await expect(commentsDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(withoutPost);
    await page.goForward();
    await expect(commentsDialog(page)).toBeVisible();
    await expect(page).toHaveURL(withPost);

    // Closing goes back to the entry before the dialog: no entry is left over for Back.
    await page.keyboard.press('Escape');
    await expect(commentsDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(withoutPost);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);

    // The address as shared: opens the dialog, also after a reload; closing takes `postId` away.
    await page.goto(`${spacePath}?tab=posts&postId=${post!.id}`);
    await expect(commentsDialog(page)).toBeVisible();
    await page.reload();
    await expect(commentsDialog(page)).toBeVisible();
    await commentsDialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(commentsDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(withoutPost);

    // Home's cards too: `/?postId=`.
    await page.goto('/');
    await main(page)
      .locator(`article[data-post-id="${post!.id}"]`)
      .getByRole('button', { name: /^Comments, \d+ comments?$/ })
      .click();
    await expect(commentsDialog(page)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/\\?postId=${post!.id}$`));
    await page.goBack();
    await expect(commentsDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the Spaces and Messages pages fit the screen', async ({ page }) => {
    await signInHome(page);
    await expectSpacesPage(page);
    await expectNoHorizontalScroll(page);
    await expectMessagesPage(page);
    await expectNoHorizontalScroll(page);
  });

  test("the space admin's members dialog shows every name whole", async ({ page }) => {
    await signInHome(page, OWNER);
    const general = (await listedSpaces(page)).find((space) => space.name === 'General')!;
    await page.goto(`/spaces/${general.id}`);
    await page.getByRole('button', { name: /^\d+ members?$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Members', exact: true });
    const list = dialog.getByRole('list', { name: 'Members' });
    await expect(list.getByRole('listitem').nth(5)).toBeVisible();
    // The admin's controls are there (the row is at its fullest), and no name is cut.
    await expect(list.getByRole('button', { name: /^Kick / }).first()).toBeVisible();
    const cut = await list.getByRole('listitem').evaluateAll((rows) =>
      rows
        .map((row) => {
          const name = row.getAttribute('aria-label') ?? '';
          const text = [...row.querySelectorAll('span')].find((span) => span.textContent === name);
          return text && text.scrollWidth > text.clientWidth ? name : null;
        })
        .filter((name) => name !== null),
    );
    expect(cut).toEqual([]);
    await expectNoHorizontalScroll(page);
  });
});
