// Reactions (issue 28), end to end in two browsers, in a space and in a direct conversation: Marcus
// (member@) reacts to Hana's (host@) message with a quick reaction and with one found in the emoji
// picker; Hana sees both arrive live with their counts and Marcus's name on hover, then adds the same
// emoji herself (count 2 on both sides) and takes it back.
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, openSignedIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });
test.describe.configure({ mode: 'serial', timeout: 60_000 });

const A = 'member@example.com';
const A_NAME = 'Marcus Meyer';
const B = 'host@example.com';
const SPACE = 'Product Builders';
const run = Date.now().toString(36);

let aContext: BrowserContext;
let bContext: BrowserContext;
let a: Page;
let b: Page;

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
const messageWith = (page: Page, text: string) =>
  messages(page).locator('li[data-message-id]', { hasText: text });
const chip = (message: Locator, emoji: string) => message.locator(`button[data-reaction="${emoji}"]`);

const roomTicket = (page: Page, party: string) =>
  page.waitForResponse(
    (response) =>
      response.url().includes('/api/realtime/ticket') &&
      response.ok() &&
      response.request().postDataJSON()?.party === party,
  );

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(messages(page).locator('li:not([data-pending])', { hasText: text })).toHaveCount(1);
}

/** Marcus's quick reaction, Hana sees it live with his name on hover, then adds hers: 2 on both sides. */
async function reactTogether(text: string, emoji: string) {
  const onA = messageWith(a, text);
  await onA.hover();
  await onA.getByRole('button', { name: `React with ${emoji}` }).click();
  await expect(chip(onA, emoji)).toHaveAttribute('aria-pressed', 'true');

  const onB = messageWith(b, text);
  await expect(chip(onB, emoji)).toHaveText(`${emoji}1`);
  await expect(chip(onB, emoji)).toHaveAttribute('aria-pressed', 'false');
  await chip(onB, emoji).hover();
  await expect(onB.getByRole('tooltip')).toHaveText(`${A_NAME} reacted with ${emoji}`);
  await expect(onB.getByRole('tooltip')).toBeVisible();

  await chip(onB, emoji).click();
  await expect(chip(onB, emoji)).toHaveText(`${emoji}2`);
  await expect(chip(onB, emoji)).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(onA, emoji)).toHaveText(`${emoji}2`);
  await expect(chip(onA, emoji)).toHaveAttribute('aria-pressed', 'true');
}

test.beforeAll(async ({ browser }) => {
  ({ context: aContext, page: a } = await openSignedIn(browser, A));
  ({ context: bContext, page: b } = await openSignedIn(browser, B));
});

test.afterAll(async () => {
  await aContext?.close();
  await bContext?.close();
});

test('in a space: a quick reaction and one from the picker, live for the other member', async () => {
  const spaces = await (await a.request.get('/api/spaces')).json();
  const spaceId = spaces.items.find((space: { name: string }) => space.name === SPACE).id;
  const rooms = Promise.all([roomTicket(a, 'space-room'), roomTicket(b, 'space-room')]);
  await Promise.all([a.goto(`/spaces/${spaceId}`), b.goto(`/spaces/${spaceId}`)]);
  await rooms;
  const text = `Shipping the beta today ${run}`;
  await send(b, text);
  await expect(messageWith(a, text)).toHaveCount(1);

  await reactTogether(text, '👍');

  // The picker: opened from the message's actions, searched, picked; Esc-free close on pick.
  const onA = messageWith(a, text);
  await onA.hover();
  await onA.locator('[data-actions]').getByRole('button', { name: 'Add reaction' }).click();
  const picker = a.getByRole('dialog', { name: 'Choose a reaction' });
  await expect(picker).toBeVisible();
  await picker.getByRole('textbox').fill('rocket');
  // The pointer off the message (a hovered row's background is another screen for axe).
  await a.mouse.move(1, 1);
  await expectAccessible(a, 'space chat, emoji picker open');
  // 1f680: the rocket's code point, as the picker marks its cells.
  await picker.locator('[data-epr-unified="1f680"]').first().click();
  await expect(picker).toBeHidden();
  await expect(chip(onA, '🚀')).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(messageWith(b, text), '🚀')).toHaveText('🚀1');

  // Hana takes her 👍 back: 1 again on both sides, and Marcus's stays his.
  await chip(messageWith(b, text), '👍').click();
  await expect(chip(onA, '👍')).toHaveText('👍1');
  await expect(chip(onA, '👍')).toHaveAttribute('aria-pressed', 'true');
  await b.mouse.move(1, 1);
  await expectAccessible(b, 'space chat with reactions');
});

test('in a direct conversation: the same, live through the conversation room', async () => {
  const me = async (page: Page) => (await (await page.request.get('/api/auth/me')).json()).user;
  const [hana, marcus] = await Promise.all([me(b), me(a)]);
  const rooms = Promise.all([roomTicket(a, 'conversation-room'), roomTicket(b, 'conversation-room')]);
  await Promise.all([
    a.goto(`/community/conversations/${hana.id}`),
    b.goto(`/community/conversations/${marcus.id}`),
  ]);
  await rooms;
  const text = `Lunch at noon? ${run}`;
  await send(b, text);
  await expect(messageWith(a, text)).toHaveCount(1);
  await reactTogether(text, '😂');
});
