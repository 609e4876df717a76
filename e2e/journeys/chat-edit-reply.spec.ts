// Editing and replying, in two browsers, in a space's chat and in a direct conversation (issue 28).
// Hana (host@) edits her message and Marcus (member@) sees the new text and "(edited)" live; Hana
// edits her last message with the Up arrow in an empty composer (Esc leaves it as it was); Marcus
// replies with "Replying to Hana Holm" above the composer (Esc cancels one) and the reply carries
// the quote; then he clicks a quote whose original is 300 messages back and the chat loads it and
// marks it. In their conversation the same: an Up-arrow edit seen live, a reply with its quote.
// The space and its 300 messages are made through the API by the owner (whose write bucket is large).
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  request,
  test,
} from '@playwright/test';
import { DEMO_PASSWORD, openSignedIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });
test.describe.configure({ mode: 'serial', timeout: 60_000 });

const A = 'member@example.com';
const B = 'host@example.com';
const B_NAME = 'Hana Holm';
const run = Date.now().toString(36);
/** Set to a folder to keep screenshots at both sizes (not in CI: looking at them is a person's job). */
const SHOTS = process.env.JOURNEY_SHOTS;

let aContext: BrowserContext;
let bContext: BrowserContext;
let a: Page;
let b: Page;
let owner: APIRequestContext;
let spaceId = '';
let original = '';

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
const row = (page: Page, text: string) => messages(page).locator('li[data-message-id]', { hasText: text });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(messages(page).locator('li:not([data-pending])', { hasText: text })).toHaveCount(1);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function userId(page: Page): Promise<string> {
  return (await (await page.request.get('/api/auth/me')).json()).user.id;
}

test.beforeAll(async ({ browser }) => {
  owner = await request.newContext({ baseURL: process.env.STACK_URL });
  const [login, opened] = await Promise.all([
    owner.post('/api/auth/login', { data: { email: 'owner@example.com', password: DEMO_PASSWORD } }),
    Promise.all([openSignedIn(browser, A), openSignedIn(browser, B)]),
  ]);
  expect(login.ok()).toBe(true);
  [{ context: aContext, page: a }, { context: bContext, page: b }] = opened;
  const space = await owner.post('/api/spaces', {
    data: { name: `Edits ${run}`, description: 'Edits and replies', type: 'PRIVATE' },
  });
  spaceId = (await space.json()).id;
  for (const id of await Promise.all([userId(a), userId(b)])) {
    expect((await owner.post(`/api/spaces/${spaceId}/users`, { data: { userId: id } })).ok()).toBe(true);
  }
  const say = async (content: string, extra: Record<string, unknown> = {}) =>
    (
      await (
        await owner.post(`/api/spaces/${spaceId}/messages`, {
          data: { content, clientKey: `journey-${run}-${Math.random().toString(36).slice(2)}`, ...extra },
        })
      ).json()
    ).message as { id: string };
  original = `The very first word ${run}`;
  const first = await say(original);
  for (let batch = 0; batch < 6; batch++) {
    await Promise.all(Array.from({ length: 50 }, (_, i) => say(`Filler ${batch * 50 + i}`)));
  }
  await say(`Back to the start ${run}`, { replyToId: first.id });
});

test.afterAll(async () => {
  await aContext?.close();
  await bContext?.close();
  await owner?.dispose();
});

test('in a space: an edit seen live, an Up-arrow edit, a reply with its quote, a jump 300 messages back', async () => {
  await Promise.all([a.goto(`/spaces/${spaceId}`), b.goto(`/spaces/${spaceId}`)]);
  await expect(row(a, `Back to the start ${run}`)).toBeVisible();
  await expect(row(b, `Back to the start ${run}`)).toBeVisible();

  // Hana edits from the message's actions; Marcus sees the new words and "(edited)" at once.
  await send(b, `Hana's words ${run}`);
  await row(b, `Hana's words ${run}`).hover();
  await row(b, `Hana's words ${run}`).getByRole('button', { name: 'Edit message' }).click();
  const editor = b.getByRole('textbox', { name: 'Edit message' });
  await expect(editor).toBeFocused();
  await editor.fill(`Hana's better words ${run}`);
  await editor.press('Enter');
  const edited = row(a, `Hana's better words ${run}`);
  await expect(edited.getByText('(edited)')).toBeVisible();
  await expect(edited.getByText('(edited)')).toHaveAttribute('title', /^Edited /);
  await shoot(a, 'edited');

  // The Up arrow in an empty composer edits her last message; Esc leaves it as it was.
  await send(b, `typo here ${run}`);
  await composer(b).press('ArrowUp');
  await expect(editor).toHaveValue(`typo here ${run}`);
  await editor.press('Escape');
  await expect(editor).toBeHidden();
  await composer(b).press('ArrowUp');
  await editor.fill(`no typo ${run}`);
  await editor.press('Enter');
  await expect(row(a, `no typo ${run}`)).toBeVisible();
  await expect(row(a, `typo here ${run}`)).toHaveCount(0);

  // Marcus replies: the composer says to whom (Esc cancels it), the reply carries the quote.
  await row(a, `no typo ${run}`).hover();
  await row(a, `no typo ${run}`).getByRole('button', { name: 'Reply' }).click();
  const replying = a.locator('[data-replying-to]');
  await expect(replying).toContainText(`Replying to ${B_NAME}`);
  await expect(composer(a)).toBeFocused();
  await composer(a).press('Escape');
  await expect(replying).toBeHidden();
  await row(a, `no typo ${run}`).getByRole('button', { name: 'Reply' }).click();
  await expect(replying).toContainText(`no typo ${run}`);
  await shoot(a, 'reply-composer');
  await send(a, `Agreed ${run}`);
  const quote = row(b, `Agreed ${run}`).locator('[data-reply-quote]');
  await expect(quote).toContainText(B_NAME);
  await expect(quote).toContainText(`no typo ${run}`);
  await shoot(b, 'reply');

  // A quote whose original is 300 messages back: the chat loads it and marks it.
  await row(a, `Back to the start ${run}`).locator('[data-reply-quote]').click();
  // (The quote repeats its words: the original is the space's first message.)
  const first = messages(a).locator('li[data-seq="1"]');
  await expect(first).toContainText(original);
  await expect(first).toHaveAttribute('data-highlighted', 'true');
  await expect(first).toBeInViewport();
});

test('in a conversation: an Up-arrow edit seen live, a reply with its quote', async () => {
  const [aId, bId] = await Promise.all([userId(a), userId(b)]);
  await Promise.all([a.goto(`/community/conversations/${bId}`), b.goto(`/community/conversations/${aId}`)]);
  await expect(b.getByRole('heading', { level: 1, name: 'Marcus Meyer' })).toBeVisible();
  await send(a, `dm words ${run}`);
  await expect(row(b, `dm words ${run}`)).toBeVisible();
  await composer(a).press('ArrowUp');
  const editor = a.getByRole('textbox', { name: 'Edit message' });
  await editor.fill(`dm better words ${run}`);
  await editor.press('Enter');
  await expect(row(b, `dm better words ${run}`).getByText('(edited)')).toBeVisible();

  await row(b, `dm better words ${run}`).hover();
  await row(b, `dm better words ${run}`).getByRole('button', { name: 'Reply' }).click();
  await send(b, `dm reply ${run}`);
  await expect(row(a, `dm reply ${run}`).locator('[data-reply-quote]')).toContainText(
    `dm better words ${run}`,
  );
});
