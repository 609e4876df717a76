// Nothing typed is lost (issue 17), in two browsers against the real stack: while every Postgres
// process is stopped (SIGSTOP, as in a network partition), Marcus (member@) sends a chat message in a
// space; it shows "Not sent yet"; he reloads the page (the API client serves the last good answers
// meanwhile) and it is still there, "Not sent yet". The database returns: his outbox delivers it,
// it turns into an ordinary message, and Hana (host@), in a second browser, has it exactly once. The
// same for a comment on a post, in the comments dialog opened by `?postId=`. And a send whose request
// never comes back (a network that swallows it) turns into "Not sent yet" and goes on its next try.
//
// Each request waits up to the server's 5 s deadline while the database is frozen, so the frozen
// window is kept to the steps that need it, and the database is always thawed (finally), or the
// rest of the suite would hang.
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, openSignedIn, paragraph, withDatabaseFrozen } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const A = 'member@example.com'; // Marcus Meyer
const B = 'host@example.com'; // Hana Holm
const SPACE = 'Product Builders'; // both are members
const NOT_SENT_YET = 'Not sent yet';
/** Long enough for a few requests that each end at the 5 s deadline, and for the outbox's backoff. */
const OUTAGE_TIMEOUT = 45_000;

const run = Date.now().toString(36);

let aContext: BrowserContext;
let bContext: BrowserContext;
let a: Page;
let b: Page;
let spaceId = '';

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });

/**
 * Opens (or reloads) a page and waits for `ready`. A micro-frontend rebuilt while the page loads
 * (other work sharing this machine's build folder: its remoteEntry.js is briefly missing) shows
 * "This section could not be loaded": then the page is loaded again, at most twice (as posts.spec.ts
 * does). The outbox lives in localStorage, so a second reload loses nothing either.
 */
async function openPage(page: Page, url: string | null, ready: () => Promise<void>) {
  for (let attempt = 1; ; attempt++) {
    if (url) await page.goto(url);
    else await page.reload();
    const shown = ready().then(() => 'ready' as const);
    shown.catch(() => {}); // left behind when the page is loaded again
    const broken = page
      .getByText('This section could not be loaded')
      .first()
      .waitFor({ state: 'visible', timeout: 2 * OUTAGE_TIMEOUT })
      .then(
        () => 'broken' as const,
        () => new Promise<never>(() => {}),
      );
    if ((await Promise.race([shown, broken])) === 'ready') return;
    if (attempt === 3) throw new Error(`${page.url()}: "This section could not be loaded", three times`);
    url ??= page.url();
  }
}

async function tokenOf(request: APIRequestContext, email: string) {
  const response = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

test.beforeAll(async ({ browser }) => {
  // The first journey on a fresh stack waits for the Workers' first requests; two sign-ins follow.
  test.setTimeout(180_000);
  ({ context: aContext, page: a } = await openSignedIn(browser, A));
  ({ context: bContext, page: b } = await openSignedIn(browser, B));
  const spaces = await (await a.request.get('/api/spaces')).json();
  spaceId = spaces.items.find((space: { name: string }) => space.name === SPACE).id;
});

test.afterAll(async () => {
  await aContext?.close();
  await bContext?.close();
});

test('a chat message sent while the database is away survives a reload and arrives once', async () => {
  const text = `Sent during the outage ${run}`;
  for (const page of [a, b]) {
    await openPage(page, `/spaces/${spaceId}`, async () => {
      await expect(page.getByRole('heading', { level: 1, name: SPACE })).toBeVisible();
      await expect(messages(page)).toBeVisible();
    });
  }

  await withDatabaseFrozen(async () => {
    const box = a.getByRole('textbox', { name: 'Message' });
    await box.fill(text);
    await box.press('Enter');
    const pending = messages(a).locator('li[data-pending]', { hasText: text });
    await expect(pending).toContainText(NOT_SENT_YET, { timeout: OUTAGE_TIMEOUT });

    // A reload during the outage: the page comes back from the last good answers, the message with it.
    await openPage(a, null, async () => {
      await expect(a.getByRole('heading', { level: 1, name: SPACE })).toBeVisible({
        timeout: OUTAGE_TIMEOUT,
      });
      await expect(messages(a).locator('li[data-pending]', { hasText: text })).toContainText(NOT_SENT_YET, {
        timeout: OUTAGE_TIMEOUT,
      });
    });
  });

  // The database is back: the outbox delivers it (same clientKey), and it becomes an ordinary message.
  await expect(messages(a).locator('li:not([data-pending])', { hasText: text })).toHaveCount(1, {
    timeout: OUTAGE_TIMEOUT,
  });
  await expect(messages(a).locator('li', { hasText: text })).toHaveCount(1);
  // Hana has it once, live and after a reload of her own.
  await expect(messages(b).locator('li', { hasText: text })).toHaveCount(1, { timeout: OUTAGE_TIMEOUT });
  await openPage(b, null, () => expect(messages(b).locator('li', { hasText: text })).toHaveCount(1));
  await expect(messages(a).locator('li', { hasText: text })).toHaveCount(1);
});

test('a comment written while the database is away survives a reload and arrives once', async () => {
  const token = await tokenOf(a.request, A);
  const created = await a.request.post('/api/socket/posts', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      spaceId,
      title: `Outage post ${run}`,
      content: paragraph('Comment on me while the database is away.'),
      tags: [],
      clientKey: `faults-journey-${run}`,
    },
  });
  expect(created.status()).toBe(201);
  const postId = ((await created.json()) as { post: { id: string } }).post.id;
  const text = `Commented during the outage ${run}`;
  const dialogOf = (page: Page) => page.getByRole('dialog', { name: `Outage post ${run}` });

  await openPage(a, `/spaces/${spaceId}?tab=posts&postId=${postId}`, () =>
    expect(dialogOf(a).getByText('No comments yet. Be the first to comment.')).toBeVisible(),
  );
  const box = dialogOf(a).getByRole('textbox', { name: 'Comment' });
  await expect(box).toBeVisible();

  await withDatabaseFrozen(async () => {
    await box.click();
    await a.keyboard.type(text);
    await dialogOf(a).getByRole('button', { name: 'Send comment' }).click();
    const unsent = dialogOf(a).getByRole('list', { name: 'Unsent comments' });
    await expect(unsent.getByRole('listitem').filter({ hasText: text })).toContainText(NOT_SENT_YET, {
      timeout: OUTAGE_TIMEOUT,
    });

    await openPage(a, null, () =>
      expect(
        dialogOf(a)
          .getByRole('list', { name: 'Unsent comments' })
          .getByRole('listitem')
          .filter({ hasText: text }),
      ).toContainText(NOT_SENT_YET, { timeout: OUTAGE_TIMEOUT }),
    );
  });

  const comments = (page: Page) => dialogOf(page).getByRole('list', { name: 'Comments' });
  await expect(comments(a).getByRole('listitem').filter({ hasText: text })).toHaveCount(1, {
    timeout: OUTAGE_TIMEOUT,
  });
  await expect(dialogOf(a).getByRole('list', { name: 'Unsent comments' })).toHaveCount(0);

  await openPage(b, `/spaces/${spaceId}?tab=posts&postId=${postId}`, () =>
    expect(comments(b).getByRole('listitem').filter({ hasText: text })).toHaveCount(1),
  );
  const stored = await (await b.request.get(`/api/posts/${postId}/comments`)).json();
  expect(
    (stored.items as { content: unknown }[]).filter((comment) =>
      JSON.stringify(comment.content).includes(text),
    ),
  ).toHaveLength(1);
});

test('a chat message whose request never comes back turns into "Not sent yet" and goes once the network answers', async () => {
  const text = `Swallowed by the network ${run}`;
  for (const page of [a, b])
    await openPage(page, `/spaces/${spaceId}`, () => expect(messages(page)).toBeVisible());
  // A network that swallows the first send: the request stays open, no answer ever comes.
  const sendPath = `**/api/spaces/${spaceId}/messages`;
  let swallowed = 0;
  await a.route(sendPath, (route) => {
    if (route.request().method() !== 'POST' || swallowed > 0) return route.fallback();
    swallowed++;
    // Never fulfilled: the page gives up on it by itself (SEND_TIMEOUT_MS, 15 s).
  });
  const box = a.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  const pending = messages(a).locator('li[data-pending]', { hasText: text });
  await expect(pending).toContainText('Sending…');
  await expect(pending).toContainText(NOT_SENT_YET, { timeout: OUTAGE_TIMEOUT });
  // The next attempt gets through (same clientKey): one message, for both members.
  await expect(messages(a).locator('li:not([data-pending])', { hasText: text })).toHaveCount(1, {
    timeout: OUTAGE_TIMEOUT,
  });
  await a.unroute(sendPath);
  expect(swallowed).toBe(1);
  await expect(messages(a).locator('li', { hasText: text })).toHaveCount(1);
  await expect(messages(b).locator('li', { hasText: text })).toHaveCount(1, { timeout: OUTAGE_TIMEOUT });
});
