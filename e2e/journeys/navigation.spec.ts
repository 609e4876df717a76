// Navigation, as a member (Marcus, member@: every feature switch on) finds it on a desktop (1366×900)
// and on a phone (390×844): the main navigation reaches Events from a space and a space from Events,
// marks where one is, and starts with a skip link; on the phone a bottom tab bar reaches the spaces
// and the conversations, and no screen scrolls sideways; back and forward bring back the screen and
// its scroll position (the wall, the events list, the members list, a chat).
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });

const MEMBER = 'member@example.com';
const SPACE = 'General';
const CONVERSATION_WITH = 'Hana Holm';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const entry = (page: Page, name: string) => mainNav(page).getByRole('link', { name, exact: true });
const main = (page: Page) => page.getByRole('main');
/** The chat's scrolling message history (the list's scroll container). */
const chatScroller = (page: Page) => page.getByRole('list', { name: 'Messages' }).locator('xpath=..');

async function signInHome(page: Page) {
  await signIn(page, MEMBER);
  await expect(page).toHaveURL(/\/$/);
  await expect(entry(page, 'Home')).toHaveAttribute('aria-current', 'page');
}

async function expectCurrent(page: Page, name: string) {
  await expect(entry(page, name)).toHaveAttribute('aria-current', 'page');
  await expect(mainNav(page).locator('[aria-current=page]')).toHaveCount(1);
}

/** Nothing on the screen is wider than the screen (no sideways scrolling). */
async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `page width at ${page.url()}`).toBeLessThanOrEqual(innerWidth);
}

const windowScroll = (page: Page) => page.evaluate(() => window.scrollY);

/** Scrolls the window to about `wanted` px (less if the page is shorter), and returns where it is. */
async function scrollWindowTo(page: Page, wanted: number): Promise<number> {
  const roomToScroll = () => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  // The page is long enough once its list has loaded.
  await expect.poll(roomToScroll, { message: `room to scroll at ${page.url()}` }).toBeGreaterThan(150);
  const target = Math.min(wanted, Math.floor((await roomToScroll()) / 2));
  await page.evaluate((y) => window.scrollTo(0, y), target);
  await expect.poll(() => windowScroll(page)).toBe(target);
  // Past the store's saving of the position (on the scroll event).
  await page.waitForTimeout(200);
  return target;
}

async function expectWindowScroll(page: Page, expected: number) {
  await expect.poll(() => windowScroll(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(expected - 2);
  await expect.poll(() => windowScroll(page)).toBeLessThanOrEqual(expected + 2);
}

async function scrollTopOf(locator: Locator) {
  return locator.evaluate((element) => element.scrollTop);
}

test.describe('navigation on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the top bar reaches Events from a space and a space from Events, marking where one is', async ({
    page,
  }) => {
    await signInHome(page);
    await expect(mainNav(page).getByRole('link')).toHaveText([
      'Home',
      'Events',
      'Spaces',
      'Messages',
      'Members',
    ]);

    // Into a space from the sidebar, then on to Events through the top bar.
    await page
      .getByRole('navigation', { name: 'Spaces' })
      .getByRole('link', { name: new RegExp(SPACE) })
      .click();
    await expect(page).toHaveURL(/\/spaces\/[^/]+$/);
    await expectCurrent(page, 'Spaces');
    await entry(page, 'Events').click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    await expectCurrent(page, 'Events');

    // From Events to the spaces page, and into a space from it.
    await entry(page, 'Spaces').click();
    await expect(page).toHaveURL(/\/spaces$/);
    await expect(main(page).getByRole('heading', { name: 'Spaces', level: 1 })).toBeVisible();
    await expectCurrent(page, 'Spaces');
    await main(page)
      .getByRole('link', { name: new RegExp(SPACE) })
      .click();
    await expect(page).toHaveURL(/\/spaces\/[^/]+$/);
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();

    // The conversations page, and Members.
    await entry(page, 'Messages').click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(main(page).getByRole('list', { name: 'Conversations' })).toBeVisible();
    await expectCurrent(page, 'Messages');
    await entry(page, 'Members').click();
    await expect(page).toHaveURL(/\/members/);
    await expectCurrent(page, 'Members');
  });

  test('the skip link comes first and moves focus to the main content', async ({ page }) => {
    await signInHome(page);
    await page.reload();
    await expect(entry(page, 'Home')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(main(page)).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
  });

  test("back and forward bring back the wall's and the events list's scroll positions", async ({ page }) => {
    await signInHome(page);
    await expect(main(page).getByRole('article').first()).toBeVisible();
    const onWall = await scrollWindowTo(page, 900);

    await entry(page, 'Events').click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    // A new page starts at the top.
    expect(await windowScroll(page)).toBe(0);
    await expect(page.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
    const onEvents = await scrollWindowTo(page, 500);

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expectWindowScroll(page, onWall);

    await page.goForward();
    await expect(page).toHaveURL(/\/events$/);
    await expectWindowScroll(page, onEvents);
  });
});

test.describe('navigation on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the bottom tab bar reaches a space and a conversation, and no screen scrolls sideways', async ({
    page,
  }) => {
    await signInHome(page);
    const bar = mainNav(page);
    await expect(bar.getByRole('link')).toHaveText(['Home', 'Events', 'Spaces', 'Messages', 'Members']);
    const box = await bar.boundingBox();
    expect(box?.y ?? 0, 'the bar sits at the bottom').toBeGreaterThan(844 - 100);
    // The desktop sidebar is not there; the top bar keeps the notifications and the avatar.
    await expect(page.getByRole('navigation', { name: 'Spaces' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Open the profile of / })).toBeVisible();
    await expect(main(page).getByRole('article').first()).toBeVisible();
    await expectNoHorizontalScroll(page);

    // A space, through the Spaces tab.
    await entry(page, 'Spaces').click();
    await expect(page).toHaveURL(/\/spaces$/);
    await expectCurrent(page, 'Spaces');
    await expectNoHorizontalScroll(page);
    await main(page)
      .getByRole('link', { name: new RegExp(SPACE) })
      .click();
    await expect(page).toHaveURL(/\/spaces\/[^/]+$/);
    const composer = page.getByRole('textbox', { name: 'Message' });
    await expect(composer).toBeInViewport();
    await expectComposerAboveTheBar(page);
    await expectNoHorizontalScroll(page);

    // A conversation, through the Messages tab.
    await entry(page, 'Messages').click();
    await expect(page).toHaveURL(/\/messages$/);
    await expectCurrent(page, 'Messages');
    await expectNoHorizontalScroll(page);
    await main(page)
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link')
      .filter({ hasText: CONVERSATION_WITH })
      .click();
    await expect(page).toHaveURL(/\/community\/conversations\/[^/]+$/);
    await expectCurrent(page, 'Messages');
    await expect(composer).toBeInViewport();
    await expectComposerAboveTheBar(page);
    await expectNoHorizontalScroll(page);

    // Events, an event, and Members.
    await entry(page, 'Events').click();
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await entry(page, 'Members').click();
    await expect(page).toHaveURL(/\/members/);
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);

    // Dialogs take the whole screen: New message (from the Messages page), and the profile panel.
    await entry(page, 'Messages').click();
    await main(page).getByRole('button', { name: 'New message' }).click();
    const dialog = page.getByRole('dialog', { name: 'New message' });
    await expect(dialog).toBeVisible();
    await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(390);
    await expect.poll(async () => (await dialog.boundingBox())?.height).toBe(844);
    await expectNoHorizontalScroll(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: /^Open the profile of / }).click();
    const profile = page.getByRole('dialog', { name: 'Profile' });
    await expect(profile).toBeVisible();
    await expect.poll(async () => (await profile.boundingBox())?.width).toBe(390);
    await expectNoHorizontalScroll(page);
  });

  test("back and forward bring back the members list's and a chat's scroll positions", async ({ page }) => {
    await signInHome(page);

    await entry(page, 'Members').click();
    await expect(page).toHaveURL(/\/members/);
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      main(page).getByRole('list', { name: 'Members', exact: true }).getByRole('listitem').nth(10),
    ).toBeVisible();
    const onMembers = await scrollWindowTo(page, 700);

    // A space's chat, scrolled up into its history.
    await entry(page, 'Spaces').click();
    expect(await windowScroll(page)).toBe(0);
    await main(page)
      .getByRole('link', { name: new RegExp(SPACE) })
      .click();
    const scroller = chatScroller(page);
    await expect(scroller.getByRole('listitem').nth(5)).toBeVisible();
    const room = await scroller.evaluate((element) => element.scrollHeight - element.clientHeight);
    expect(room, 'the chat has history to scroll').toBeGreaterThan(150);
    const inHistory = Math.floor(room / 3);
    await scroller.evaluate((element, top) => {
      element.scrollTop = top;
    }, inHistory);
    await page.waitForTimeout(300);
    const atChat = await scrollTopOf(scroller);
    expect(atChat).toBeLessThan(room - 100);

    // Away through the bar, then back: the chat is where it was (not at its newest message).
    await entry(page, 'Events').click();
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/spaces\/[^/]+$/);
    await expect(chatScroller(page).getByRole('listitem').nth(5)).toBeVisible();
    await expect
      .poll(() => scrollTopOf(chatScroller(page)), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(atChat - 3);
    expect(await scrollTopOf(chatScroller(page))).toBeLessThanOrEqual(atChat + 3);

    // Back twice more: the members list where it was.
    await page.goBack();
    await expect(page).toHaveURL(/\/spaces$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/members/);
    await expectWindowScroll(page, onMembers);
    await expectNoHorizontalScroll(page);
  });
});

/** The chat's composer is fully above the bottom tab bar (the bar covers nothing). */
async function expectComposerAboveTheBar(page: Page) {
  const composer = await page.getByRole('textbox', { name: 'Message' }).boundingBox();
  const bar = await mainNav(page).boundingBox();
  expect(composer && bar, 'composer and bar on screen').toBeTruthy();
  expect(composer!.y + composer!.height).toBeLessThanOrEqual(bar!.y);
}
