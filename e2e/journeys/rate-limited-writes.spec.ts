// Going too fast is not a failure (issue 26, item 5): a post, a comment or a chat message the server
// answers with 429 stays on the page as "Not sent yet — you are posting very fast; this will be sent
// in N s", no failure toast says otherwise, and it appears by itself once the member's write limit
// has a token again. The limits are the server's real ones (edge-api write-limits.ts); the journey
// only empties the member's bucket first, in the database, so that the next token is ~6 s away.
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import pg from 'pg';
import { DEMO_PASSWORD, paragraph, signIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const OWNER = 'owner@example.com';
const MEMBER = 'member@example.com'; // Marcus Meyer
const run = Date.now().toString(36);
const SPACE = `Too fast ${run}`;
/** Tokens per second of the buckets (edge-api/src/middleware/write-limits.ts). */
const REFILL = { post: 30 / 3600, comment: 1 / 5, chat: 1 } as const;
const WAIT_SECONDS = 6;

let api: APIRequestContext;
let ownerToken = '';
let memberId = '';
let spaceId = '';
let context: BrowserContext;
let page: Page;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function login(email: string) {
  const response = await api.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { accessToken: string; user: { id: string } };
}

async function withDatabase<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.STACK_DATABASE_URL });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Leaves the member's bucket so that its next token comes in WAIT_SECONDS (a 429 until then). */
function emptyBucket(name: keyof typeof REFILL) {
  const tokens = 1 - WAIT_SECONDS * REFILL[name];
  return withDatabase((client) =>
    client.query(
      `insert into rate_limit_buckets (key, tokens, allowed, updated_at) values ($1, $2, false, now())
       on conflict (key) do update set tokens = $2, allowed = false, updated_at = now()`,
      [`write:${name}:${memberId}`, tokens],
    ),
  );
}

/** Every toast's text from now on, whether or not it is still on screen when the test looks. */
async function recordToasts(on: Page) {
  await on.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-scope="toast"][data-part="root"]')) {
        const text = toast.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

const toastsSeen = (on: Page) => on.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);

const waitingText = (writing: string) =>
  new RegExp(`^Not sent yet — you are ${writing} very fast; this will be sent in [1-${WAIT_SECONDS + 1}] s$`);

test.beforeAll(async ({ browser }) => {
  api = await playwrightRequest.newContext({ baseURL: process.env.STACK_URL });
  ownerToken = (await login(OWNER)).accessToken;
  memberId = (await login(MEMBER)).user.id;
  const created = await api.post('/api/spaces', {
    headers: bearer(ownerToken),
    data: { name: SPACE, description: 'Rate limit journey', type: 'PRIVATE' },
  });
  expect(created.status()).toBe(201);
  spaceId = ((await created.json()) as { id: string }).id;
  const added = await api.post(`/api/spaces/${spaceId}/users`, {
    headers: bearer(ownerToken),
    data: { userId: memberId },
  });
  expect(added.status()).toBe(201);
  context = await browser.newContext({ baseURL: process.env.STACK_URL });
  page = await context.newPage();
  await signIn(page, MEMBER);
  await expect(page).not.toHaveURL(/\/auth\/login/);
});

test.afterAll(async () => {
  await context?.close();
  // Full buckets again for the journeys after this one (a missing row is a full bucket).
  if (memberId) {
    await withDatabase((client) =>
      client.query(`delete from rate_limit_buckets where key like $1`, [`write:%:${memberId}`]),
    );
  }
  if (spaceId) await api.delete(`/api/spaces/${spaceId}`, { headers: bearer(ownerToken) });
  await api?.dispose();
});

test('a post sent too fast says when it will go, shows no failure, and appears by itself', async () => {
  await page.goto(`/spaces/${spaceId}?tab=posts`);
  const wall = page.getByRole('region', { name: 'Posts wall' });
  await expect(wall.getByText('No posts yet')).toBeVisible();
  await recordToasts(page);
  await emptyBucket('post');

  await wall.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New post' });
  await dialog.getByLabel('Title').fill(`Fast post ${run}`);
  await dialog.getByRole('textbox', { name: 'Post content' }).click();
  await page.keyboard.type('Written a little too fast.');
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(dialog).toBeHidden();

  const unsent = page.getByRole('list', { name: 'Unsent posts' });
  await expect(unsent.getByRole('status')).toHaveText(waitingText('posting'));
  // It goes out by itself: one card, nothing left unsent, and no toast ever said it failed.
  const card = wall.getByRole('article').filter({ hasText: `Fast post ${run}` });
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  await expect(unsent).toHaveCount(0);
  expect(await toastsSeen(page)).not.toContainEqual(expect.stringContaining('Failed'));
});

test('a comment sent too fast says when it will go, shows no failure, and appears by itself', async () => {
  // The owner's post: the member's post bucket is still empty from the test before.
  const created = await api.post('/api/socket/posts', {
    headers: bearer(ownerToken),
    data: {
      spaceId,
      title: `Comment here ${run}`,
      content: paragraph('Comment on me.'),
      tags: [],
      clientKey: `rate-limit-journey-${run}`,
    },
  });
  expect(created.status()).toBe(201);
  const postId = ((await created.json()) as { post: { id: string } }).post.id;
  await page.goto(`/spaces/${spaceId}?tab=posts&postId=${postId}`);
  const dialog = page.getByRole('dialog', { name: `Comment here ${run}` });
  await expect(dialog.getByText('No comments yet. Be the first to comment.')).toBeVisible();
  await recordToasts(page);
  await emptyBucket('comment');

  await dialog.getByRole('textbox', { name: 'Comment' }).click();
  await page.keyboard.type(`Quick comment ${run}`);
  await dialog.getByRole('button', { name: 'Send comment' }).click();
  const unsent = dialog.getByRole('list', { name: 'Unsent comments' });
  await expect(unsent.getByRole('status')).toHaveText(waitingText('posting'));
  await expect(
    dialog
      .getByRole('list', { name: 'Comments' })
      .getByRole('listitem')
      .filter({ hasText: `Quick comment ${run}` }),
  ).toHaveCount(1, { timeout: 20_000 });
  await expect(unsent).toHaveCount(0);
  expect(await toastsSeen(page)).not.toContainEqual(expect.stringContaining('Failed'));
});

test('a chat message sent too fast says when it will go, and arrives by itself once', async () => {
  await page.goto(`/spaces/${spaceId}`);
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(page.getByText('No messages yet')).toBeVisible();
  await emptyBucket('chat');

  const text = `Quick message ${run}`;
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  const pending = messages.locator('li[data-pending]', { hasText: text });
  await expect(pending.getByRole('status')).toHaveText(waitingText('sending messages'));
  await expect(messages.locator('li:not([data-pending])', { hasText: text })).toHaveCount(1, {
    timeout: 20_000,
  });
  await expect(messages.locator('li', { hasText: text })).toHaveCount(1);
});
