// @mentions end to end in two browsers (issue 28): Hana (host@) picks Marcus (member@) from the
// autocomplete in the private space "Product Builders"; Marcus, on another page, gets the live
// toast and the bell's entry, follows it into the space and sees the mention highlighted for him.
// A member of the community who is not in the private space is neither offered nor notified.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { openSignedIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });
test.describe.configure({ mode: 'serial', timeout: 45_000 });

const WRITER = 'host@example.com'; // Hana Holm
const WRITER_NAME = 'Hana Holm';
const READER = 'member@example.com'; // Marcus Meyer
const READER_NAME = 'Marcus Meyer';
const SPACE = 'Product Builders'; // private; both are members (demo seed)

const run = Date.now().toString(36);

let writerContext: BrowserContext;
let readerContext: BrowserContext;
let writer: Page;
let reader: Page;
let spaceId = '';

async function withDatabase<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.STACK_DATABASE_URL });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Mention a member' });

test.beforeAll(async ({ browser }) => {
  [{ context: readerContext, page: reader }, { context: writerContext, page: writer }] = await Promise.all([
    openSignedIn(browser, READER),
    openSignedIn(browser, WRITER),
  ]);
  const spaces = await (await writer.request.get('/api/spaces')).json();
  spaceId = spaces.items.find((space: { name: string }) => space.name === SPACE).id;
  await writer.goto(`/spaces/${spaceId}`);
  await expect(writer.getByRole('heading', { level: 1, name: SPACE })).toBeVisible();
});

test.afterAll(async () => {
  await writerContext?.close();
  await readerContext?.close();
});

test('a member picked from the autocomplete gets the toast and the bell entry, and sees it highlighted', async () => {
  const box = composer(writer);
  await box.pressSequentially('Thanks @Marc');
  await expect(suggestions(writer).getByRole('option', { name: READER_NAME })).toBeVisible();
  await box.press('Enter');
  await expect(box).toHaveValue(`Thanks @${READER_NAME} `);
  await box.pressSequentially(`for the demo ${run}`);
  await box.press('Enter');
  const text = `Thanks @${READER_NAME} for the demo ${run}`;
  const sent = writer
    .getByRole('list', { name: 'Messages' })
    .locator('li:not([data-pending])', { hasText: text });
  await expect(sent).toHaveCount(1);
  // For the writer it is a chip, not a highlight of her own row.
  await expect(sent.locator('[data-mention]')).toHaveText(`@${READER_NAME}`);
  await expect(sent.locator('[data-mention-me]')).toHaveCount(0);

  const title = `${WRITER_NAME} mentioned you in ${SPACE}: ${text}`;
  await expect(reader.getByText(title, { exact: true })).toBeVisible();
  await bell(reader).click();
  const item = reader.getByRole('menuitem', { name: new RegExp(`Unread: ${title}`) });
  await expect(item).toBeVisible();
  await item.click();
  await expect(reader).toHaveURL(new RegExp(`/spaces/${spaceId}$`));
  const row = reader.getByRole('list', { name: 'Messages' }).locator('li', { hasText: text });
  await expect(row.locator('[data-mention-me]')).toHaveText(`@${READER_NAME}`);
  // The row itself is highlighted (message-item: a row holding the viewer's mention).
  await expect(row).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
});

test('a community member outside the private space is not offered and not notified', async () => {
  const outsider = await withDatabase(
    async (client) =>
      (
        await client.query(
          `select u.id, u.first_name, u.last_name from users u
            where u.role = 'USER' and not exists (select 1 from space_members m where m.space_id = $1 and m.user_id = u.id)
              and not exists (select 1 from users o where o.first_name = u.first_name and o.id <> u.id
                and exists (select 1 from space_members m where m.space_id = $1 and m.user_id = o.id))
            order by u.email limit 1`,
          [spaceId],
        )
      ).rows[0] as { id: string; first_name: string; last_name: string },
  );
  const outsiderName = `${outsider.first_name} ${outsider.last_name}`;
  const box = composer(writer);
  const looked = writer.waitForResponse((response) => response.url().includes('/mention-candidates'));
  await box.pressSequentially(`Ask @${outsider.first_name}`);
  await looked;
  await expect(suggestions(writer).getByRole('option', { name: outsiderName })).toHaveCount(0);
  await box.press('Escape');
  await expect(suggestions(writer)).toHaveCount(0);
  // Even written by hand as a token, it stays plain text and notifies no one.
  await box.fill(`Ask <@${outsider.id}> ${run}`);
  await box.press('Enter');
  const sent = writer
    .getByRole('list', { name: 'Messages' })
    .locator('li:not([data-pending])', { hasText: `Ask @${outsiderName} ${run}` });
  await expect(sent).toHaveCount(1);
  await expect(sent.locator('[data-mention]')).toHaveCount(0);
  await writer.waitForTimeout(1_000);
  const notified = await withDatabase(
    async (client) =>
      (
        await client.query(
          `select count(*)::int as n from notifications where user_id = $1 and type = 'MENTION' and created_at > now() - interval '1 minute'`,
          [outsider.id],
        )
      ).rows[0].n as number,
  );
  expect(notified).toBe(0);
});

test('the post editor offers members too; Esc closes the list and leaves the dialog open', async () => {
  await writer.getByRole('tab', { name: 'Posts' }).click();
  await writer.getByRole('button', { name: 'New post' }).click();
  const dialog = writer.getByRole('dialog', { name: 'New post' });
  await dialog.getByRole('textbox', { name: 'Post content' }).click();
  await writer.keyboard.type('Roadmap @Mar');
  const list = writer.getByRole('listbox', { name: 'Mention a member' });
  await expect(list.getByRole('option', { name: READER_NAME })).toBeVisible();
  await writer.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await writer.keyboard.type('c');
  await expect(list.getByRole('option', { name: READER_NAME })).toBeVisible();
  await writer.keyboard.press('Enter');
  await writer.keyboard.type(`review ${run}`);
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(dialog).toBeHidden();
  const post = writer
    .getByRole('region', { name: 'Posts wall' })
    .locator('article', { hasText: `review ${run}` });
  await expect(post.locator('[data-mention]')).toHaveText(`@${READER_NAME}`);
});
