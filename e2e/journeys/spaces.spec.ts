// Spaces and live chat, end to end: a space made through the UI (so every run starts clean), two
// users chatting live in two browsers, search and jump to an old message, a role change and an invite
// regeneration by the space admin, a third user joining by the invite link, and the space's deletion.
import {
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  type Response,
  test,
  type WebSocketRoute,
} from '@playwright/test';
import { expectAccessible, signInToEvents } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });
// One story told in order; each step waits on live updates between two or three browsers.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const OWNER = 'owner@example.com'; // Olivia Owner, SUPER_ADMIN: creates the space and is its admin
const MEMBER = 'member@example.com'; // Marcus Meyer
const THIRD = 'host@example.com'; // Hana Holm, joins by the invite link

const run = Date.now().toString(36);
const spaceName = `Journey ${run}`;
const oldWord = `zebra${run}`;
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

let spaceId = '';
let ownerContext: BrowserContext;
let memberContext: BrowserContext;
let owner: Page;
let member: Page;

async function openAs(browser: Browser, email: string) {
  const context = await browser.newContext({
    baseURL: process.env.STACK_URL,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await signInToEvents(page, email);
  return { context, page };
}

/** Opens the space page and waits until its room socket is connected. */
async function openSpace(page: Page) {
  const connected = page.waitForResponse(
    (response) =>
      response.url().includes('/api/realtime/ticket') &&
      response.ok() &&
      response.request().postDataJSON()?.party === 'space-room',
  );
  await page.goto(`/spaces/${spaceId}`);
  await connected;
  await expect(page.getByRole('heading', { level: 1, name: spaceName })).toBeVisible();
}

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
const messageTexts = (page: Page) => messages(page).locator('[data-message-content]').allTextContents();

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(messages(page).locator('li:not([data-pending])', { hasText: text })).toHaveCount(1);
}

async function spaceAction(page: Page, action: string) {
  await page.getByRole('button', { name: 'Space actions' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test.beforeAll(async ({ browser }) => {
  ({ context: ownerContext, page: owner } = await openAs(browser, OWNER));
  ({ context: memberContext, page: member } = await openAs(browser, MEMBER));
});

test.afterAll(async () => {
  await ownerContext?.close();
  await memberContext?.close();
});

test('the owner creates a space from the sidebar and adds a member', async () => {
  const sidebar = owner.getByRole('navigation', { name: 'Spaces' });
  await sidebar.getByRole('button', { name: 'Create space' }).click();
  const form = owner.getByRole('dialog', { name: 'Create space', exact: true });
  await form.getByRole('button', { name: 'Create space' }).click();
  await expect(form.getByText('Space name is required.')).toBeVisible();
  await expect(form.getByText('Description must be at least 3 characters.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Name' }).fill(spaceName);
  await form.getByRole('textbox', { name: 'Description' }).fill('Where the journeys chat');
  await expect(form.getByRole('radio', { name: 'Private' })).toBeChecked();
  await form.getByRole('button', { name: 'Create space' }).click();

  await expect(owner).toHaveURL(/\/spaces\/[0-9a-f-]{36}$/);
  spaceId = owner.url().split('/').at(-1)!;
  await expect(owner.getByRole('heading', { level: 1, name: spaceName })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: new RegExp(spaceName) })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(owner.getByText('No messages yet')).toBeVisible();
  await expectAccessible(owner, 'new space chat');

  await spaceAction(owner, 'Members');
  const membersDialog = owner.getByRole('dialog', { name: 'Members', exact: true });
  await expect(
    membersDialog.getByRole('listitem', { name: 'Olivia Owner' }).getByText('Admin'),
  ).toBeVisible();
  await membersDialog.getByRole('button', { name: 'Add members' }).click();
  const add = owner.getByRole('dialog', { name: 'Add members', exact: true });
  const searched = owner.waitForResponse((response) => response.url().includes('addable-users?search=Meyer'));
  await add.getByRole('searchbox', { name: 'Search people' }).fill('Meyer');
  await searched;
  await add.getByRole('button', { name: 'Add Marcus Meyer' }).click();
  await expect(add.getByRole('button', { name: 'Marcus Meyer added' })).toBeVisible();
  await expectAccessible(owner, 'add members dialog');
  await owner.keyboard.press('Escape');
  await expect(add).toBeHidden();
  await expect(owner.getByRole('button', { name: '2 members' })).toBeVisible();
});

test('two members chat live and see each other’s messages in order, typing and presence', async () => {
  await openSpace(owner);
  await openSpace(member);
  await expect(owner.getByRole('region', { name: 'Here now' })).toContainText('2 here now');
  await expectAccessible(owner, 'space chat');

  // The old message the search will find later, then a live exchange.
  await send(owner, `Has anyone seen the ${oldWord} in the garden?`);
  await send(owner, 'Hello from Olivia');
  await expect(messages(member).getByText('Hello from Olivia')).toBeVisible();

  await member.getByRole('textbox', { name: 'Message' }).fill('Hi Olivia');
  await expect(owner.getByText('Marcus Meyer is typing…')).toBeVisible();
  await member.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(messages(owner).getByText('Hi Olivia')).toBeVisible();
  await expect(owner.getByText('Marcus Meyer is typing…')).toBeHidden();

  await send(owner, 'How are you?');
  await send(member, 'Great, thanks');
  const expected = [
    `Has anyone seen the ${oldWord} in the garden?`,
    'Hello from Olivia',
    'Hi Olivia',
    'How are you?',
    'Great, thanks',
  ];
  await expect.poll(() => messageTexts(owner)).toEqual(expected);
  await expect.poll(() => messageTexts(member)).toEqual(expected);
});

test('a dropped socket (as a deploy drops them) loses nothing and shows nothing twice', async () => {
  const routed: WebSocketRoute[] = [];
  await member.routeWebSocket(/\/parties\/space-room\//, (socket) => {
    socket.connectToServer();
    routed.push(socket);
  });
  const afterPage = (response: Response) => /\/messages\?after=\d+/.test(response.url()) && response.ok();
  const firstSync = member.waitForResponse(afterPage);
  await openSpace(member);
  await firstSync; // every socket open is followed by one
  expect(routed).toHaveLength(1);

  // The room goes away; while the member's socket is down and reconnecting, messages keep coming.
  const resynced = member.waitForResponse(afterPage, { timeout: 30_000 });
  await routed[0]!.close({ code: 1012, reason: 'Service restart' });
  const missed = Array.from({ length: 20 }, (_, i) => `While you were away ${i + 1}`);
  for (const [i, content] of missed.entries()) {
    const answer = await owner.request.post(`/api/spaces/${spaceId}/messages`, {
      data: { content, clientKey: `away-${run}-${i}` },
    });
    expect(answer.status()).toBe(201);
  }

  // It reconnects with a fresh ticket and asks over HTTP for what came after the last message it saw.
  await resynced;
  await expect.poll(() => routed.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await expect
    .poll(async () => (await messageTexts(member)).filter((text) => text.startsWith('While you were away')), {
      timeout: 20_000,
    })
    .toEqual(missed);
  const texts = await messageTexts(member);
  expect(new Set(texts).size).toBe(texts.length);
  expect(texts).toEqual(await messageTexts(owner));
  await member.unrouteAll();
});

test('a message deleted by its author disappears for everyone', async () => {
  await send(member, 'oops, wrong space');
  await expect(messages(owner).getByText('oops, wrong space')).toBeVisible();
  const mine = messages(member).getByRole('listitem').filter({ hasText: 'oops, wrong space' });
  await mine.hover();
  await mine.getByRole('button', { name: 'Delete message' }).click();
  const dialog = member.getByRole('dialog', { name: 'Delete message', exact: true });
  await expect(dialog.getByText('oops, wrong space')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(messages(member).getByText('oops, wrong space')).toHaveCount(0);
  await expect(messages(owner).getByText('oops, wrong space')).toHaveCount(0);
  // A guest may not delete someone else's message.
  const others = messages(member).getByRole('listitem').filter({ hasText: 'Hello from Olivia' });
  await expect(others.getByRole('button', { name: 'Delete message' })).toHaveCount(0);
});

test('an image and a PDF are uploaded, sent and shown to the other member', async () => {
  await member.getByTestId('attachment-input').setInputFiles([
    { name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') },
    { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% journey\n') },
  ]);
  await expect(member.getByRole('button', { name: 'Remove dot.png' })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Send' })).toBeEnabled();
  await member.getByRole('textbox', { name: 'Message' }).fill('Two files for you');
  await member.getByRole('button', { name: 'Send' }).click();

  const sent = messages(owner).getByRole('listitem').filter({ hasText: 'Two files for you' });
  const image = sent.getByRole('img', { name: 'dot.png' });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /\/api\/files\/spaces\/[\w-]+\.png\?expires=\d+&signature=/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expect(sent.getByRole('link', { name: 'Download notes.pdf' })).toHaveAttribute(
    'href',
    /\.pdf\?expires=/,
  );
  // Attachment cards offer "Go to message" in a context menu.
  await sent.getByText('notes.pdf').click({ button: 'right' });
  await owner.getByRole('menuitem', { name: 'Go to message' }).click();
  await expect(sent).toHaveAttribute('aria-current', 'true');
});

test('a member searches and jumps to an old message', async () => {
  // Push the old message out of the newest page (50), so the jump has to fetch around it.
  const filler = async (n: number) => {
    const answer = await owner.request.post(`/api/spaces/${spaceId}/messages`, {
      data: { content: `Filler ${n}`, clientKey: `journey-${run}-${n}` },
    });
    expect(answer.status()).toBe(201);
  };
  for (let batch = 0; batch < 59; batch += 10) {
    await Promise.all(Array.from({ length: Math.min(10, 59 - batch) }, (_, i) => filler(batch + i + 1)));
  }
  await filler(60); // the newest
  await expect(messages(member).getByText('Filler 60', { exact: true })).toBeVisible();
  await openSpace(member);
  await expect(messages(member).getByText(oldWord)).toHaveCount(0);

  await member.getByRole('button', { name: 'Search messages' }).click();
  const search = member.getByRole('dialog', { name: 'Search messages', exact: true });
  await search.getByRole('searchbox', { name: 'Search messages' }).fill('nothing-like-this');
  await expect(search.getByText('No messages found')).toBeVisible();
  await search.getByRole('searchbox', { name: 'Search messages' }).fill(oldWord.slice(0, 9));
  const hit = search.getByRole('button', { name: new RegExp(oldWord) });
  await expect(hit).toContainText('Olivia Owner');
  await hit.click();

  await expect(member).toHaveURL(new RegExp(`/spaces/${spaceId}\\?searchCursor=\\d+$`));
  const found = messages(member).locator('li[aria-current="true"]');
  await expect(found).toContainText(oldWord);
  await expect(found).toBeInViewport();
  // Nothing lost between the found message and the newest, nothing twice.
  const texts = await messageTexts(member);
  expect(texts.filter((text) => text.includes(oldWord))).toHaveLength(1);
  expect(texts.at(-1)).toBe('Filler 60');
  expect(new Set(texts).size).toBe(texts.length);
});

test('the space admin makes a member moderator, which applies at once', async () => {
  await spaceAction(owner, 'Members');
  const dialog = owner.getByRole('dialog', { name: 'Members', exact: true });
  const row = dialog.getByRole('listitem', { name: 'Marcus Meyer' });
  await expect(row.getByText('Guest', { exact: true })).toBeVisible();
  await expect(
    dialog.getByRole('listitem', { name: 'Olivia Owner' }).getByRole('button', { name: /Kick/ }),
  ).toHaveCount(0);
  await row.locator('label', { hasText: 'Moderator' }).click();
  await expect(row.getByText('Moderator', { exact: true })).toBeVisible();
  await expect(row.getByRole('checkbox', { name: /Moderator/ })).toBeChecked();
  await owner.keyboard.press('Escape');

  const members = await (await owner.request.get(`/api/spaces/${spaceId}/members`)).json();
  expect(members.items.find((m: any) => m.user.firstName === 'Marcus').role).toBe('MODERATOR');
  // The member's open page hears the change: a moderator may delete anyone's message.
  const others = messages(member).getByRole('listitem').filter({ hasText: 'Filler 60' });
  await expect(others.getByRole('button', { name: 'Delete message' })).toHaveCount(1);
});

test('the space admin regenerates the invite; a third user joins by the new link only, then is kicked', async ({
  browser,
}) => {
  await spaceAction(owner, 'Invite');
  const dialog = owner.getByRole('dialog', { name: 'Invite people', exact: true });
  const link = dialog.getByRole('textbox', { name: 'Invite link' });
  await expect(link).toHaveValue(/\/spaces\/invite\/[\w-]+$/);
  const oldLink = await link.inputValue();
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(oldLink);
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible({ timeout: 2000 });
  await dialog.getByRole('button', { name: 'Regenerate' }).click();
  await expect(link).not.toHaveValue(oldLink);
  const newLink = await link.inputValue();
  await owner.keyboard.press('Escape');

  const third = await openAs(browser, THIRD);
  await third.page.goto(oldLink);
  await expect(third.page.getByText('This invite link is invalid or has been replaced.')).toBeVisible();
  await expect(third.page.getByRole('link', { name: 'Go home' })).toBeVisible();
  // Opening the link shows the space and joins nobody; Join space does.
  await third.page.goto(newLink);
  await expect(third.page.getByRole('heading', { level: 1, name: spaceName })).toBeVisible();
  await expect(third.page.getByText(/invited you to join$/)).toBeVisible();
  await expect(third.page.getByText('2 members')).toBeVisible();
  await expectAccessible(third.page, 'space invite page');
  await third.page.reload();
  await expect(third.page.getByRole('button', { name: 'Join space' })).toBeVisible();
  await expect(owner.getByRole('button', { name: '2 members' })).toBeVisible();
  await third.page.getByRole('button', { name: 'Join space' }).click();
  await expect(third.page).toHaveURL(new RegExp(`/spaces/${spaceId}$`));
  await expect(third.page.getByRole('heading', { level: 1, name: spaceName })).toBeVisible();
  await expect(messages(third.page).getByText('Filler 60', { exact: true })).toBeVisible();
  await expect(
    third.page.getByRole('navigation', { name: 'Spaces' }).getByRole('link', { name: new RegExp(spaceName) }),
  ).toBeVisible();
  await send(third.page, 'Hana here, thanks for the invite');
  await expect(messages(owner).getByText('Hana here, thanks for the invite')).toBeVisible();
  await expect(owner.getByRole('button', { name: '3 members' })).toBeVisible();

  // Kicked, the third user's open page says so at once and stops reconnecting.
  await spaceAction(owner, 'Members');
  const membersDialog = owner.getByRole('dialog', { name: 'Members', exact: true });
  const row = membersDialog.getByRole('listitem', { name: 'Hana Holm' });
  await row.getByRole('button', { name: 'Kick Hana Holm' }).click();
  await row.getByRole('button', { name: 'Confirm kick' }).click();
  await expect(membersDialog.getByRole('listitem', { name: 'Hana Holm' })).toHaveCount(0);
  await owner.keyboard.press('Escape');
  await expect(third.page.getByText('You are no longer a member of this space.')).toBeVisible();
  await expect(messages(third.page)).toHaveCount(0);
  await expect(owner.getByRole('button', { name: '2 members' })).toBeVisible();
  await third.context.close();
});

test('a SUPER_ADMIN deletes the space and lands home', async () => {
  await spaceAction(owner, 'Delete');
  const dialog = owner.getByRole('dialog', { name: 'Delete space', exact: true });
  await dialog.getByRole('button', { name: 'Delete space' }).click();
  await expect(owner.getByText('Space deleted successfully')).toBeVisible();
  await expect(owner).toHaveURL(/\/$/); // Home
  await expect(
    owner.getByRole('navigation', { name: 'Spaces' }).getByRole('link', { name: new RegExp(spaceName) }),
  ).toHaveCount(0);
});
