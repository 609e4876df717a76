// Live notifications and presence, end to end in two browsers: Hana (host@) writes in a private
// space Marcus (member@) belongs to while Marcus is on another page; Marcus gets the toast and the
// bell's badge, follows the notification into the space (the badge clears) and later marks all read.
// Then presence: Marcus sees Hana's online dot in the space's members dialog and sees it turn
// offline a few seconds after her browser closes.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible, openSignedIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const WRITER = 'host@example.com'; // Hana Holm
const WRITER_NAME = 'Hana Holm';
const READER = 'member@example.com'; // Marcus Meyer
const SPACE = 'Product Builders'; // private; both are members (demo seed)

const run = Date.now().toString(36);

let writerContext: BrowserContext;
let readerContext: BrowserContext;
let writer: Page;
let reader: Page;
let spaceId = '';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(
    page.getByRole('list', { name: 'Messages' }).locator('li:not([data-pending])', { hasText: text }),
  ).toHaveCount(1);
}

async function goToEvents(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/events$/);
}

test.beforeAll(async ({ browser }) => {
  ({ context: readerContext, page: reader } = await openSignedIn(browser, READER));
  ({ context: writerContext, page: writer } = await openSignedIn(browser, WRITER));
  const spaces = await (await reader.request.get('/api/spaces')).json();
  spaceId = spaces.items.find((space: { name: string }) => space.name === SPACE).id;
  await writer.goto(`/spaces/${spaceId}`);
  await expect(writer.getByRole('heading', { level: 1, name: SPACE })).toBeVisible();
});

test.afterAll(async () => {
  await writerContext?.close();
  await readerContext?.close();
});

test('a space message elsewhere: toast, badge, the notification leads into the space', async () => {
  // Start from nothing unread (earlier runs and the demo data may have left some).
  await bell(reader).click();
  const markAll = reader.getByRole('menuitem', { name: 'Mark all as read' });
  await expect(markAll).toBeVisible();
  if ((await markAll.getAttribute('aria-disabled')) !== 'true') await markAll.click();
  await reader.keyboard.press('Escape');
  await expect(bell(reader)).toHaveAccessibleName('Notifications');

  const text = `Roadmap review ${run}`;
  await send(writer, text);
  const title = `${WRITER_NAME} in ${SPACE}: ${text}`;
  await expect(reader.getByText(title, { exact: true })).toBeVisible();
  await expect(bell(reader)).toHaveAccessibleName('Notifications, 1 unread');

  await bell(reader).click();
  const item = reader.getByRole('menuitem', { name: new RegExp(`Unread: ${title}`) });
  await expect(item).toBeVisible();
  await expectAccessible(reader, 'notifications menu');
  await item.click();
  await expect(reader).toHaveURL(new RegExp(`/spaces/${spaceId}$`));
  await expect(reader.getByRole('heading', { level: 1, name: SPACE })).toBeVisible();
  await expect(bell(reader)).toHaveAccessibleName('Notifications');
  // The space page on screen: a new message there brings no toast and no badge.
  const quiet = `While you look ${run}`;
  await send(writer, quiet);
  await expect(reader.getByRole('list', { name: 'Messages' }).getByText(quiet)).toBeVisible();
  // Absence: give the notification (sent after the message) time to arrive before checking.
  await reader.waitForTimeout(1_500);
  await expect(reader.getByText(`${WRITER_NAME} in ${SPACE}: ${quiet}`, { exact: true })).toHaveCount(0);
  await expect(bell(reader)).toHaveAccessibleName('Notifications');
});

test('"Mark all as read" clears the badge', async () => {
  await goToEvents(reader);
  const text = `Demo day ${run}`;
  await send(writer, text);
  await expect(bell(reader)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(reader).click();
  await reader.getByRole('menuitem', { name: 'Mark all as read' }).click();
  await expect(bell(reader)).toHaveAccessibleName('Notifications');
  await expect(reader.getByRole('menuitem', { name: new RegExp(text) })).not.toContainText('Unread');
  await reader.keyboard.press('Escape');
  // The read state is the server's, not just this page's.
  await reader.reload();
  await expect(bell(reader)).toHaveAccessibleName('Notifications');
});

test("presence: the writer's dot is online in the members dialog, offline once her browser closes", async () => {
  await reader.goto(`/spaces/${spaceId}`);
  await reader.getByRole('button', { name: /\d+ members/ }).click();
  const dialog = reader.getByRole('dialog', { name: 'Members', exact: true });
  const row = dialog.getByRole('listitem', { name: WRITER_NAME });
  await expect(row.getByRole('img', { name: 'Online' })).toBeVisible();
  await expectAccessible(reader, 'space members dialog');
  await writerContext.close();
  // 2 s of grace in the user room, then the report and the presence room's change.
  await expect(row.getByRole('img', { name: 'Offline' })).toBeVisible({ timeout: 8_000 });
});
