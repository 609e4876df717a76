// A space's posts wall, end to end, in two browsers: a member writes a formatted post (bold, a
// list) with an image and 3 tags; another member sees it live, likes it and comments, and the
// author sees both live (the comments dialog opened by `?postId=`); the author edits and then
// deletes the post, and the other member sees both live; a post scheduled ~10 s ahead appears on
// the other member's wall by itself. A fresh private space per run keeps the wall to this story.
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, paragraph, signIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });
// One story told in order; each step waits on live updates between two browsers.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const OWNER = 'owner@example.com'; // makes the space (SUPER_ADMIN), and deletes it afterwards
const AUTHOR = 'member@example.com'; // Marcus Meyer
const READER = 'host@example.com'; // Hana Holm, a plain member (GUEST) of the space

const run = Date.now().toString(36);
const spaceName = `Wall ${run}`;
const title = `Formatted ${run}`;
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

let api: APIRequestContext;
let ownerToken = '';
let spaceId = '';
let postId = '';
let authorContext: BrowserContext;
let readerContext: BrowserContext;
let author: Page;
let reader: Page;
/** The scripts the reader's browser fetched from mfe-spaces. */
const readerScripts: string[] = [];

async function login(email: string) {
  const response = await api.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { accessToken: string; user: { id: string } };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function openAs(browser: Browser, email: string) {
  const context = await browser.newContext({ baseURL: process.env.STACK_URL });
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  return { context, page };
}

/**
 * Opens the space's Posts tab and waits until its posts room socket is connected. A micro-frontend
 * rebuilt while the page loads (other work sharing this machine's build folder) shows "This section
 * could not be loaded" and never connects: then the page is loaded again, at most twice.
 */
async function openWall(page: Page, query = 'tab=posts') {
  for (let attempt = 1; ; attempt++) {
    const connected = page.waitForResponse(
      (response) =>
        response.url().includes('/api/realtime/ticket') &&
        response.ok() &&
        response.request().postDataJSON()?.party === 'posts-room',
      { timeout: 20_000 },
    );
    await page.goto(`/spaces/${spaceId}?${query}`);
    try {
      await connected;
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  // includeHidden: with `?postId=` the comments dialog is open and hides the page from the a11y tree.
  await expect(page.getByRole('tab', { name: 'Posts', includeHidden: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

const wall = (page: Page) => page.getByRole('region', { name: 'Posts wall' });
const postCard = (page: Page, text: string) => wall(page).getByRole('article').filter({ hasText: text });
const toast = (page: Page, text: string) =>
  page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text }).first();

test.beforeAll(async ({ browser }) => {
  api = await playwrightRequest.newContext({ baseURL: process.env.STACK_URL });
  ownerToken = (await login(OWNER)).accessToken;
  const created = await api.post('/api/spaces', {
    headers: bearer(ownerToken),
    data: { name: spaceName, description: 'Posts journey', type: 'PRIVATE' },
  });
  expect(created.status()).toBe(201);
  spaceId = ((await created.json()) as { id: string }).id;
  for (const email of [AUTHOR, READER]) {
    const { user } = await login(email);
    const added = await api.post(`/api/spaces/${spaceId}/users`, {
      headers: bearer(ownerToken),
      data: { userId: user.id },
    });
    expect(added.status()).toBe(201);
  }
  ({ context: authorContext, page: author } = await openAs(browser, AUTHOR));
  ({ context: readerContext, page: reader } = await openAs(browser, READER));
  reader.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/mfe/spaces/') && url.pathname.endsWith('.js'))
      readerScripts.push(url.pathname);
  });
});

test.afterAll(async () => {
  await authorContext?.close();
  await readerContext?.close();
  if (spaceId) await api.delete(`/api/spaces/${spaceId}`, { headers: bearer(ownerToken) });
  await api?.dispose();
});

test('a member writes a formatted post with an image and 3 tags; another member sees it live', async () => {
  await openWall(author);
  await openWall(reader);
  await expect(wall(reader).getByText('No posts yet')).toBeVisible();

  await wall(author).getByRole('button', { name: 'New post' }).click();
  const dialog = author.getByRole('dialog', { name: 'New post' });
  await dialog.getByLabel('Title').fill(title);

  // Lexical is loaded when the editor opens; the toolbar formats what is typed next.
  const editor = dialog.getByRole('textbox', { name: 'Post content' });
  await expectAccessible(author, 'new post dialog');
  await editor.click();
  const toolbar = dialog.getByRole('toolbar', { name: 'Formatting' });
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await author.keyboard.type('Bold words');
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await author.keyboard.type(' and plain ones.');
  await author.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
  await author.keyboard.type('first point');
  await author.keyboard.press('Enter');
  await author.keyboard.type('second point');

  await dialog.getByTestId('post-attachment-input').setInputFiles({
    name: 'pixel.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PNG_1X1, 'base64'),
  });
  const files = dialog.getByRole('list', { name: 'Files' });
  await expect(files.getByRole('listitem', { name: 'pixel.png' })).toBeVisible();
  await expect(files.getByRole('progressbar')).toHaveCount(0);

  // Enter adds a tag, inner spaces become underscores; the input goes away at 3.
  const tags = dialog.getByRole('textbox', { name: /^Tags/ });
  for (const tag of ['journey run', 'design', 'wall']) {
    await tags.fill(tag);
    await tags.press('Enter');
  }
  await expect(dialog.getByRole('list', { name: 'Tags added' }).getByRole('listitem')).toHaveCount(3);
  await expect(dialog.getByRole('textbox', { name: /^Tags/ })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toast(author, 'Post created')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The other member's wall gets it without a reload, formatted as written.
  for (const page of [author, reader]) {
    const card = postCard(page, title);
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { name: title })).toBeVisible();
    await expect(card.locator('strong', { hasText: 'Bold words' })).toBeVisible();
    await expect(card.getByRole('listitem').filter({ hasText: 'first point' })).toBeVisible();
    await expect(card.getByRole('listitem').filter({ hasText: 'second point' })).toBeVisible();
    await expect(card.getByRole('img', { name: 'pixel.png' })).toBeVisible();
    const chips = card.getByRole('list', { name: 'Tags' });
    for (const tag of ['journey_run', 'design', 'wall']) {
      await expect(chips.getByRole('button', { name: `Filter by #${tag}` })).toBeVisible();
    }
  }
  postId = (await postCard(reader, title).getAttribute('data-post-id')) ?? '';
  expect(postId).not.toBe('');
  // Reading the wall never downloads the editor (Lexical is its own chunk, loaded when a form opens).
  expect(readerScripts.some((script) => script.includes('/space-page-'))).toBe(true);
  expect(readerScripts.filter((script) => script.includes('rich-text-editor'))).toEqual([]);
});

test('the other member likes and comments; the author sees both live, comments opened by ?postId=', async () => {
  // The author follows the comments in the dialog that `?postId=` opens.
  await openWall(author, `tab=posts&postId=${postId}`);
  const comments = author.getByRole('dialog', { name: title });
  await expect(comments).toBeVisible();

  const readerCard = postCard(reader, title);
  await readerCard.getByRole('button', { name: 'Like' }).click();
  await expect(readerCard.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
  await expect(readerCard.getByTestId('likes')).toHaveText('1');

  await readerCard.getByRole('button', { name: 'Comments, 0 comments' }).click();
  const readerDialog = reader.getByRole('dialog', { name: title });
  const box = readerDialog.getByRole('textbox', { name: 'Comment' });
  await box.click();
  await reader.keyboard.type(`Nice one ${run}`);
  await readerDialog.getByRole('button', { name: 'Send comment' }).click();
  await expect(readerDialog.getByRole('list', { name: 'Comments' })).toContainText(`Nice one ${run}`);
  await expectAccessible(reader, 'comments dialog');
  // The comment composer is what brought the editor in.
  expect(readerScripts.some((script) => script.includes('rich-text-editor'))).toBe(true);

  // Live on the author's side: the comment in the open dialog, the like and the count on the card.
  await expect(comments.getByRole('list', { name: 'Comments' })).toContainText(`Nice one ${run}`);
  await author.keyboard.press('Escape');
  await expect(comments).toBeHidden();
  const authorCard = postCard(author, title);
  await expect(authorCard.getByTestId('likes')).toHaveText('1');
  await expect(authorCard.getByTestId('comments-count')).toHaveText('1');
  await reader.keyboard.press('Escape');
  await expect(readerDialog).toBeHidden();
});

test('the author edits the post, then deletes it; the other member sees both live', async () => {
  const card = postCard(author, title);
  await card.getByRole('button', { name: 'Post actions' }).click();
  await author.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = author.getByRole('dialog', { name: 'Edit post' });
  await dialog.getByLabel('Title').fill(`${title} (edited)`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(author, 'Post updated')).toBeVisible();

  await expect(postCard(reader, title).getByRole('heading', { name: `${title} (edited)` })).toBeVisible();
  // Likes and comments survive an edit.
  await expect(postCard(reader, title).getByTestId('likes')).toHaveText('1');

  await postCard(author, title).getByRole('button', { name: 'Post actions' }).click();
  await author.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = author.getByRole('dialog', { name: 'Delete post' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();

  await expect(postCard(author, title)).toHaveCount(0);
  await expect(postCard(reader, title)).toHaveCount(0);
  await expect(wall(reader).getByText('No posts yet')).toBeVisible();
});

test('a post scheduled ~10 s ahead appears on the other member’s wall by itself', async () => {
  // The picker schedules to the minute; the API takes any instant, so the story need not wait a minute.
  const scheduledTitle = `Later ${run}`;
  const { accessToken } = await login(AUTHOR);
  const scheduledAt = new Date(Date.now() + 12_000);
  const created = await api.post('/api/socket/posts', {
    headers: bearer(accessToken),
    data: {
      spaceId,
      title: scheduledTitle,
      content: paragraph('Shows up on its own.'),
      tags: [],
      scheduledAt: scheduledAt.toISOString(),
      clientKey: `journey-${run}`,
    },
  });
  expect(created.status()).toBe(201);

  const id = ((await created.json()) as { post: { id: string } }).post.id;
  // Until its time only the author has it, marked scheduled; the other member's wall does not show it.
  const listed = async (token: string) => {
    const page = await api.get(`/api/posts?spaceId=${spaceId}`, { headers: bearer(token) });
    return ((await page.json()) as { items: { id: string; scheduled: boolean }[] }).items.find(
      (post) => post.id === id,
    );
  };
  expect(await listed(accessToken)).toMatchObject({ scheduled: true });
  expect(await listed((await login(READER)).accessToken)).toBeUndefined();
  await expect(postCard(reader, scheduledTitle)).toHaveCount(0);

  // No reload: the wall's socket brings it when its time comes.
  await expect(postCard(reader, scheduledTitle)).toBeVisible({ timeout: 40_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(scheduledAt.getTime() - 1_000);
  await expect(postCard(reader, scheduledTitle).getByText('Scheduled', { exact: true })).toHaveCount(0);
});
