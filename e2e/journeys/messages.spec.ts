// Direct messages, end to end in two browsers: Marcus (member@) starts a conversation from the
// createConversation dialog ("No users found" for nonsense, then a member chosen with the keyboard),
// then opens Hana's (host@) profile from her message in a space and writes to her with its Message
// button. Hana, on another page, gets the toast and the unread badge in her Messages section, opens
// the conversation (Marcus sees "Seen" under his message) and replies while he watches it arrive.
// Finally Marcus's browser closes and Hana sees his online dot go out.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible, openSignedIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });
// One story told in order; each step waits on live updates between the two browsers.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const A = 'member@example.com';
const A_NAME = 'Marcus Meyer';
// Hana and Marcus already share a conversation in the demo data (and the private space below).
const B = 'host@example.com';
const B_NAME = 'Hana Holm';
const SPACE = 'Product Builders';
const THIRD_NAME = 'Sofia Rossi';

const run = Date.now().toString(36);
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

let aContext: BrowserContext;
let bContext: BrowserContext;
let a: Page;
let b: Page;
let spaceId = '';

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
const messagesSection = (page: Page) => page.getByRole('region', { name: 'Messages' });
/** The Messages section's row for the conversation with `name`. */
const row = (page: Page, name: string) =>
  messagesSection(page)
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link')
    .filter({ hasText: name });

/** Waits for the conversation room's ticket of the page being opened. */
const conversationRoomTicket = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.url().includes('/api/realtime/ticket') &&
      response.ok() &&
      response.request().postDataJSON()?.party === 'conversation-room',
  );

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(messages(page).locator('li:not([data-pending])', { hasText: text })).toHaveCount(1);
}

async function goToEvents(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/events$/);
}

test.beforeAll(async ({ browser }) => {
  ({ context: aContext, page: a } = await openSignedIn(browser, A));
  ({ context: bContext, page: b } = await openSignedIn(browser, B));
  const spaces = await (await a.request.get('/api/spaces')).json();
  spaceId = spaces.items.find((space: { name: string }) => space.name === SPACE).id;
});

test.afterAll(async () => {
  await aContext?.close();
  await bContext?.close();
});

test('the createConversation dialog: "No users found", then a member chosen with the keyboard', async () => {
  await messagesSection(a).getByRole('button', { name: 'New message' }).click();
  const dialog = a.getByRole('dialog', { name: 'New message' });
  const search = dialog.getByRole('combobox', { name: 'Search members by name' });
  await expect(search).toBeFocused();
  await search.fill(`zzqx${run}`);
  await expect(dialog.getByText('No users found')).toBeVisible();

  await search.fill('Sofia');
  await expect(dialog.getByRole('option', { name: new RegExp(THIRD_NAME) })).toBeVisible();
  await expectAccessible(a, 'new message dialog');
  await expect(search).toHaveAttribute('aria-activedescendant', /.+/);
  await search.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(a).toHaveURL(/\/community\/conversations\/[0-9a-f-]{36}$/);
  await expect(a.getByRole('heading', { level: 1, name: THIRD_NAME })).toBeVisible();

  // The first message opens the conversation (if this is the first run) and lists it.
  const text = `Hello Sofia ${run}`;
  await send(a, text);
  await expect(row(a, THIRD_NAME)).toContainText(`You: ${text}`);
  await expect(row(a, THIRD_NAME)).toHaveAttribute('aria-current', 'page');
});

test("Message on Hana's profile panel opens the conversation; Hana gets the toast and the badge", async () => {
  // Hana writes in a space they share; Marcus opens her profile from her message.
  const hello = `Anyone around? ${run}`;
  await b.goto(`/spaces/${spaceId}`);
  await expect(b.getByRole('heading', { level: 1, name: SPACE })).toBeVisible();
  await send(b, hello);
  await goToEvents(b);

  await a.goto(`/spaces/${spaceId}`);
  await expect(messages(a).locator('li', { hasText: hello })).toBeVisible();
  // Her name heads her latest run of messages (a message sent soon after her previous one joins it).
  await messages(a).getByRole('button', { name: B_NAME }).last().click();
  const panel = a.getByRole('dialog', { name: 'Profile' });
  const opened = conversationRoomTicket(a);
  await panel.getByRole('link', { name: 'Message' }).click();
  await expect(panel).toBeHidden();
  await expect(a).toHaveURL(/\/community\/conversations\/[0-9a-f-]{36}$/);
  await expect(a.getByRole('heading', { level: 1, name: B_NAME })).toBeVisible();
  await opened;

  const text = `Hi Hana ${run}`;
  await send(a, text);

  // Hana is on the events page: a toast, and her Messages section moves Marcus up with a badge.
  await expect(b.getByText(`New message from ${A_NAME}`)).toBeVisible();
  const marcus = row(b, A_NAME);
  await expect(marcus).toContainText(text);
  await expect(marcus.getByTestId('unread-count')).toBeVisible();
  await expect(
    messagesSection(b).getByRole('list', { name: 'Conversations' }).getByRole('link').first(),
  ).toContainText(A_NAME);
});

test('Hana opens it (Marcus sees "Seen") and replies while Marcus watches', async () => {
  const mine = messages(a).locator('li[data-message-id]', { hasText: `Hi Hana ${run}` });
  await expect(a.locator('[data-message-status]')).toHaveCount(0);

  const opened = conversationRoomTicket(b);
  await row(b, A_NAME).click();
  await expect(b.getByRole('heading', { level: 1, name: A_NAME })).toBeVisible();
  await expect(messages(b).locator('li', { hasText: `Hi Hana ${run}` })).toHaveCount(1);
  await expectAccessible(b, 'conversation');
  await opened;
  // Read: Hana's badge clears, and Marcus sees "Seen" right under his message.
  await expect(row(b, A_NAME).getByTestId('unread-count')).toBeHidden();
  await expect(mine.locator('xpath=following-sibling::li[1]')).toHaveText('Seen');

  // Typing, then the reply, live on Marcus's side.
  const reply = `Hey Marcus ${run}`;
  await b.getByRole('textbox', { name: 'Message' }).fill(reply);
  await expect(a.getByText(`${B_NAME} is typing…`)).toBeVisible();
  await b.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(messages(a).locator('li', { hasText: reply })).toHaveCount(1);
  await expect(a.getByText(`${B_NAME} is typing…`)).toBeHidden();
  // His own message is still the one marked Seen.
  await expect(mine.locator('xpath=following-sibling::li[1]')).toHaveText('Seen');
});

test('a picture reaches Hana; a message Marcus deletes goes for both', async () => {
  await a
    .getByTestId('attachment-input')
    .setInputFiles([{ name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') }]);
  await expect(a.getByRole('button', { name: 'Remove dot.png' })).toBeVisible();
  await expect(a.getByRole('button', { name: 'Send' })).toBeEnabled();
  await a.getByRole('textbox', { name: 'Message' }).fill(`A picture ${run}`);
  await a.getByRole('button', { name: 'Send' }).click();
  const image = messages(b)
    .getByRole('listitem')
    .filter({ hasText: `A picture ${run}` })
    .getByRole('img', {
      name: 'dot.png',
    });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  const oops = `oops ${run}`;
  await send(a, oops);
  await expect(messages(b).getByText(oops)).toBeVisible();
  const mine = messages(a).getByRole('listitem').filter({ hasText: oops });
  await mine.hover();
  await mine.getByRole('button', { name: 'Delete message' }).click();
  const dialog = a.getByRole('dialog', { name: 'Delete message', exact: true });
  await expect(dialog.getByText('removed for everyone in the conversation')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(messages(a).getByText(oops)).toHaveCount(0);
  await expect(messages(b).getByText(oops)).toHaveCount(0);
  // Hana may not delete Marcus's messages.
  const his = messages(b)
    .getByRole('listitem')
    .filter({ hasText: `A picture ${run}` });
  await expect(his.getByRole('button', { name: 'Delete message' })).toHaveCount(0);
});

test("Marcus's browser closes: Hana sees his dot go offline", async () => {
  const presence = b.getByTestId('conversation-presence');
  await expect(presence).toHaveText('Online');
  const dot = b.getByTestId('conversation-header').locator('[data-presence]');
  await expect(dot).toHaveAttribute('data-presence', 'online');
  await aContext.close();
  // Offline within the promised 5 s (2 s grace in the user room, then the presence room).
  await expect(presence).toHaveText(/^Last seen/, { timeout: 10_000 });
  await expect(dot).toHaveAttribute('data-presence', 'offline');
  await expect(row(b, A_NAME).getByRole('img', { name: 'Offline' })).toBeVisible();
});
