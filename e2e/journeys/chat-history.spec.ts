// A chat history that reads like a conversation (issue 28), in a space and in a direct conversation:
// Marcus (member@) opens Product Builders and leaves; Hana (host@) writes a run of messages, one with a
// link. Back in the space, Marcus sees day separators, Hana's run grouped under one name (each message
// still named for a screen reader), the "New messages" line above her first new message and the link's
// preview card, which he hides (and it stays hidden after a reload). Scrolled up, he gets "Jump to
// latest" with the count of what Hana writes meanwhile, and it takes him back down. In their
// conversation, Hana's message written while he was away sits under the line too.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible, openSignedIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });
test.describe.configure({ mode: 'serial' });

const A = 'member@example.com';
const B = 'host@example.com';
const B_NAME = 'Hana Holm';
const SPACE = 'Product Builders';
const run = Date.now().toString(36);
// A link the server's guarded fetch refuses without a request (a loopback address): the card shows
// the bare URL, as a post's card does for a page without a title, and no test reaches outside.
const LINK = `http://127.0.0.1:9/release-notes-${run}`;

let aContext: BrowserContext;
let bContext: BrowserContext;
let a: Page;
let b: Page;
let spaceId = '';
let hanaId = '';

const history = (page: Page) => page.getByRole('region', { name: 'Message history' });
const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
const message = (page: Page, text: string) => messages(page).locator('li[data-seq]', { hasText: text });

/** Hana writes, through the API her page would use. */
let written = 0;
async function hanaWrites(path: string, texts: string[]) {
  for (const content of texts) {
    const sent = await b.request.post(path, { data: { content, clientKey: `${run}-${++written}` } });
    expect(sent.status()).toBe(201);
  }
}

test.beforeAll(async ({ browser }) => {
  ({ context: aContext, page: a } = await openSignedIn(browser, A));
  ({ context: bContext, page: b } = await openSignedIn(browser, B));
  const spaces = await (await a.request.get('/api/spaces')).json();
  spaceId = spaces.items.find((space: { name: string }) => space.name === SPACE).id;
  hanaId = (await (await b.request.get('/api/auth/me')).json()).user.id;
});

test.afterAll(async () => {
  await aContext?.close();
  await bContext?.close();
});

test('a space: separators, a grouped run under the New messages line, a link preview hidden for the session', async () => {
  // Marcus reads the space, then goes elsewhere.
  await a.goto(`/spaces/${spaceId}`);
  await expect(messages(a).locator('li[data-seq]').first()).toBeVisible();
  await expect(messages(a).locator('[data-new-messages]')).toHaveCount(0);
  await a.goto('/events');

  const run1 = [`First news ${run}`, `Second news ${run}`, `Release notes ${run}: ${LINK}`];
  await hanaWrites(`/api/spaces/${spaceId}/messages`, run1);

  await a.goto(`/spaces/${spaceId}`);
  const first = message(a, run1[0] as string);
  await expect(first).toBeVisible();
  // The line sits right above Hana's first new message, and only once.
  await expect(messages(a).locator('[data-new-messages]')).toHaveText('New messages');
  await expect(messages(a).locator('[data-new-messages] + li')).toHaveAttribute('data-message-id', /.+/);
  await expect(messages(a).locator('[data-new-messages] + li')).toContainText(run1[0] as string);
  // Day separators: today's above the newest messages, and the seeded history's older days.
  await expect(messages(a).locator('[data-day-separator]').last()).toHaveText('Today');
  expect(await messages(a).locator('[data-day-separator]').count()).toBeGreaterThan(1);
  // One name for the run; the following two are continuations that still name Hana for screen readers.
  await expect(first.getByRole('button', { name: B_NAME })).toBeVisible();
  for (const text of run1.slice(1)) {
    const next = message(a, text);
    await expect(next).toHaveAttribute('data-continued', 'true');
    await expect(next.getByRole('button', { name: B_NAME })).toBeHidden();
    // The name a screen reader reads (the row's name line is not shown).
    await expect(next.getByText(B_NAME, { exact: true }).filter({ visible: true })).toHaveCount(1);
    // Its time is reachable by keyboard and shows when focused.
    const time = next.locator('[data-gutter-time]');
    await time.focus();
    await expect(time).toHaveCSS('opacity', '1');
  }
  // The link's preview card (the posts' link card), hidden with its control and still hidden after a reload.
  const linked = message(a, `Release notes ${run}`);
  await expect(linked.getByTestId('link-attachment')).toHaveAttribute('href', LINK);
  await expectAccessible(a, 'space chat with separators, groups, new-messages line and a link preview');
  await linked.getByRole('button', { name: 'Hide link preview' }).click();
  await expect(linked.getByTestId('link-attachment')).toHaveCount(0);
  await expect(linked.getByRole('button', { name: 'Show link preview' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await a.reload();
  await expect(
    message(a, `Release notes ${run}`).getByRole('button', { name: 'Show link preview' }),
  ).toBeVisible();
  await expect(message(a, `Release notes ${run}`).getByTestId('link-attachment')).toHaveCount(0);
  // Opened again after reading: the line is gone.
  await expect(messages(a).locator('[data-new-messages]')).toHaveCount(0);
});

test('Jump to latest counts what came while reading older messages, and goes back down', async () => {
  const jump = a.getByRole('button', { name: /Jump to latest/ });
  await expect(jump).toHaveCount(0);
  await history(a).evaluate((element) => {
    element.scrollTop = 0;
  });
  await expect(jump).toBeVisible();
  await expect(jump).not.toContainText('new');

  await hanaWrites(`/api/spaces/${spaceId}/messages`, [`While away one ${run}`, `While away two ${run}`]);
  await expect(jump).toContainText('2 new');
  await jump.click();
  await expect(message(a, `While away two ${run}`)).toBeInViewport();
  await expect(jump).toHaveCount(0);
  await expect(history(a)).toBeFocused();
  // Marcus answers last, so the space's next message (another journey's) starts a group of its own.
  await a.getByRole('textbox', { name: 'Message' }).fill(`Thanks ${run}`);
  await a.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(message(a, `Thanks ${run}`)).toBeVisible();
});

test('a conversation: the New messages line above what the other member wrote while away', async () => {
  const { conversation } = await (await a.request.get(`/api/conversations/with/${hanaId}`)).json();
  // Marcus catches up on the conversation, then leaves it; Hana writes.
  await a.goto(`/community/conversations/${hanaId}`);
  await expect(messages(a).locator('li[data-seq]').last()).toBeVisible();
  await a.goto('/events');
  await hanaWrites(`/api/conversations/${conversation.id}/messages`, [
    `Are you coming ${run}?`,
    `Bring slides ${run}`,
  ]);

  await a.goto(`/community/conversations/${hanaId}`);
  await expect(messages(a).locator('[data-new-messages] + li')).toContainText(`Are you coming ${run}?`);
  await expect(message(a, `Bring slides ${run}`)).toHaveAttribute('data-continued', 'true');
  await expect(messages(a).locator('[data-day-separator]').last()).toHaveText('Today');
  expect(await messages(a).locator('[data-day-separator]').count()).toBeGreaterThan(1);
  await expectAccessible(a, 'conversation with separators and the new-messages line');
});
