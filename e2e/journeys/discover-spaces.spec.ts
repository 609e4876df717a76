// Discovering and joining spaces (issue 30), as Marcus (member@: in General and Product Builders, not
// in the paid Founders Circle) finds them, with spaces Olivia (owner@) makes for each test:
// - /spaces shows every space he can see with its faces and the action that fits; Join space on a
//   public one makes him a member at once, and the sidebar (his own spaces, then "Browse spaces")
//   lists it without a reload;
// - a space's page he may not read (the paid Founders Circle, a private space's link) is its landing
//   card with the way in, never "You are not a member of this space."; a public one he only reads
//   has Join space in its header, and joining lets him write at once;
// - he asks to join a private space from its landing card; Olivia approves from the members dialog;
//   he is notified and the space opens on his screen without a reload;
// - a private space he is not in is on /spaces too, without its faces: Request to join, then
//   "Requested" and Withdraw request;
// - axe finds nothing serious on these screens at 1366×900 and 390×844.
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, openSignedIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });

const MEMBER = 'member@example.com';
const OWNER = 'owner@example.com';
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const PAID_HINT = /^This is a paid space\. Payments are not taken on this platform/;

const main = (page: Page) => page.getByRole('main');
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Spaces' });

/** Olivia's API session, for making (and removing) the spaces a test needs. */
type Owner = { api: APIRequestContext; headers: { authorization: string } };

async function ownerApi(): Promise<Owner> {
  const api = await playwrightRequest.newContext({ baseURL: process.env.STACK_URL });
  const login = await api.post('/api/auth/login', { data: { email: OWNER, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  return { api, headers: { authorization: `Bearer ${(await login.json()).accessToken}` } };
}

async function createSpace(owner: Owner, type: 'PUBLIC' | 'PRIVATE', name: string) {
  const created = await owner.api.post('/api/spaces', {
    headers: owner.headers,
    data: { name, description: `Where ${name} meets.`, type },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: string; name: string };
}

async function signInTo(page: Page, path: string) {
  const answer = await page.request.post('/api/auth/login', {
    data: { email: MEMBER, password: DEMO_PASSWORD },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  await page.goto(path);
}

/** Marks the document: the mark is gone if the page reloads. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { journeyMark: true }));
const stillSameDocument = (page: Page) => page.evaluate(() => 'journeyMark' in window);

let owner: Owner;
const made: string[] = [];

test.beforeAll(async () => {
  owner = await ownerApi();
});

test.afterAll(async () => {
  for (const id of made) await owner.api.delete(`/api/spaces/${id}`, { headers: owner.headers });
  await owner.api.dispose();
});

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('he joins a public space from /spaces and it appears in his sidebar without a reload', async ({
    page,
  }) => {
    const open = await createSpace(owner, 'PUBLIC', `Open house ${Date.now().toString(36)}`);
    made.push(open.id);
    await signInTo(page, '/spaces');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Spaces' })).toBeVisible();

    // The sidebar keeps his own spaces and leads here; the new space is only on the page.
    await expect(sidebar(page).getByRole('link', { name: 'Browse spaces' })).toHaveAttribute(
      'href',
      '/spaces',
    );
    await expect(sidebar(page).getByRole('link', { name: new RegExp(open.name) })).toHaveCount(0);
    await expect(sidebar(page).getByRole('link', { name: /Founders Circle/ })).toHaveCount(0);

    const others = main(page).getByRole('region', { name: 'Other spaces' });
    const card = others.getByRole('listitem', { name: open.name, exact: true });
    await expect(card).toContainText('1 member');
    await expect(card).toContainText('Members include Olivia');
    await expect(card).toContainText('You can read this space. Join it to post and chat.');
    const paid = others.getByRole('listitem', { name: 'Founders Circle', exact: true });
    await expect(paid.getByText(PAID_HINT)).toBeVisible();
    await expect(paid.getByRole('button', { name: 'Join space' })).toHaveCount(0);
    await expectAccessible(page, 'spaces page');

    await markDocument(page);
    await card.getByRole('button', { name: 'Join space' }).click();
    await expect(page.getByText(`You joined ${open.name}`)).toBeVisible();
    const mine = main(page)
      .getByRole('region', { name: 'Your spaces' })
      .getByRole('listitem', { name: open.name, exact: true });
    await expect(mine).toContainText('2 members');
    await expect(mine.getByRole('link', { name: 'Open space' })).toBeVisible();
    const inSidebar = sidebar(page).getByRole('link', { name: new RegExp(open.name) });
    await expect(inSidebar).toBeVisible();
    expect(await stillSameDocument(page)).toBe(true);

    // He is in: the space opens from the sidebar and he can write.
    await inSidebar.click();
    await expect(page.getByRole('heading', { level: 1, name: open.name })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEditable();
    await expect(page.getByRole('button', { name: 'Join space' })).toHaveCount(0);
  });

  test("a space's page he may not read is its landing card; a public one he reads has Join in its header", async ({
    page,
  }) => {
    const privateSpace = await createSpace(owner, 'PRIVATE', `Back room ${Date.now().toString(36)}`);
    const open = await createSpace(owner, 'PUBLIC', `Reading room ${Date.now().toString(36)}`);
    made.push(privateSpace.id, open.id);
    const founders = (
      (await (await owner.api.get('/api/spaces', { headers: owner.headers })).json()).items as {
        id: string;
        name: string;
        description: string;
        membersCount: number;
      }[]
    ).find((space) => space.name === 'Founders Circle')!;

    // The paid space, as a link or a notification would open it.
    await signInTo(page, `/spaces/${founders.id}`);
    const landing = main(page).getByRole('region', { name: 'Founders Circle' });
    await expect(landing.getByRole('heading', { level: 1, name: 'Founders Circle' })).toBeVisible();
    await expect(landing).toContainText(founders.description);
    await expect(landing).toContainText('Paid');
    await expect(landing).toContainText(`${founders.membersCount} members`);
    await expect(landing.getByText(PAID_HINT)).toBeVisible();
    await expect(landing.getByRole('link', { name: 'Browse spaces' })).toHaveAttribute('href', '/spaces');
    await expect(page.getByText('You are not a member of this space.')).toHaveCount(0);
    await expectAccessible(page, 'paid space landing card');

    // A private space's link: its card, and who to ask.
    await page.goto(`/spaces/${privateSpace.id}`);
    const privateLanding = main(page).getByRole('region', { name: privateSpace.name });
    await expect(privateLanding).toContainText('Private');
    await expect(privateLanding).toContainText('1 member');
    await expect(privateLanding).toContainText('Members only. Ask to join: its admin and moderators decide.');
    await expect(privateLanding.getByRole('button', { name: 'Request to join' })).toBeVisible();
    await expect(page.getByText('You are not a member of this space.')).toHaveCount(0);

    // A public space he only reads: Join in the header, and he writes at once.
    await page.goto(`/spaces/${open.id}`);
    await expect(page.getByRole('heading', { level: 1, name: open.name })).toBeVisible();
    await expect(page.getByText('Join this space to send messages.')).toBeVisible();
    await expectAccessible(page, 'public space read by a non-member');
    await markDocument(page);
    await page.getByRole('button', { name: 'Join space' }).click();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEditable();
    await expect(page.getByRole('button', { name: '2 members' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: new RegExp(open.name) })).toBeVisible();
    expect(await stillSameDocument(page)).toBe(true);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the Spaces page and a landing card fit the screen and pass axe', async ({ page }) => {
    const open = await createSpace(owner, 'PUBLIC', `Phone house ${Date.now().toString(36)}`);
    const privateSpace = await createSpace(owner, 'PRIVATE', `Phone room ${Date.now().toString(36)}`);
    made.push(open.id, privateSpace.id);
    await signInTo(page, '/spaces');
    const card = main(page).getByRole('listitem', { name: open.name, exact: true });
    await expect(card.getByRole('button', { name: 'Join space' })).toBeVisible();
    await expectAccessible(page, 'spaces page on a phone');
    const widths = () =>
      page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth] as const);
    const [scrollWidth, innerWidth] = await widths();
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

    await card.getByRole('button', { name: 'Join space' }).click();
    await expect(
      main(page)
        .getByRole('region', { name: 'Your spaces' })
        .getByRole('listitem', { name: open.name, exact: true }),
    ).toBeVisible();

    await page.goto(`/spaces/${privateSpace.id}`);
    await expect(main(page).getByRole('heading', { level: 1, name: privateSpace.name })).toBeVisible();
    await expectAccessible(page, 'landing card on a phone');
    const [landingWidth, screenWidth] = await widths();
    expect(landingWidth).toBeLessThanOrEqual(screenWidth);
  });
});

test.describe('a request to join a private space', () => {
  test('he asks, Olivia approves from the members dialog, and the space opens on his screen without a reload', async ({
    browser,
  }) => {
    const backRoom = await createSpace(owner, 'PRIVATE', `Quiet room ${Date.now().toString(36)}`);
    made.push(backRoom.id);
    const marcus = await openSignedIn(browser, MEMBER);
    const olivia = await openSignedIn(browser, OWNER);
    try {
      await marcus.page.setViewportSize(DESKTOP);
      await olivia.page.setViewportSize(DESKTOP);
      await marcus.page.goto(`/spaces/${backRoom.id}`);
      const landing = main(marcus.page).getByRole('region', { name: backRoom.name });
      await landing.getByRole('button', { name: 'Request to join' }).click();
      await expect(landing.getByRole('status')).toHaveText(
        'Request sent. Its admin and moderators will answer, and you will be notified.',
      );
      await expectAccessible(marcus.page, 'landing card with a pending request');
      // Withdrawn and asked again: still one request.
      await landing.getByRole('button', { name: 'Withdraw request' }).click();
      await landing.getByRole('button', { name: 'Request to join' }).click();
      await expect(landing.getByRole('button', { name: 'Withdraw request' })).toBeVisible();

      await olivia.page.goto(`/spaces/${backRoom.id}`);
      await olivia.page.getByRole('button', { name: 'Space actions' }).click();
      await olivia.page.getByRole('menuitem', { name: 'Members' }).click();
      const dialog = olivia.page.getByRole('dialog', { name: 'Members', exact: true });
      const requests = dialog.getByRole('region', { name: 'Requests to join (1)' });
      await expect(requests.getByRole('listitem', { name: 'Marcus Meyer' })).toBeVisible();
      await expectAccessible(olivia.page, 'members dialog with a request to join');

      await markDocument(marcus.page);
      await requests.getByRole('button', { name: 'Approve Marcus Meyer' }).click();
      await expect(dialog.getByRole('region', { name: /Requests to join/ })).toHaveCount(0);
      await expect(
        dialog.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: 'Marcus Meyer' }),
      ).toBeVisible();

      // Marcus: told, and the space is his without a reload.
      await expect(
        marcus.page.getByText(`Your request to join ${backRoom.name} was approved`).first(),
      ).toBeVisible();
      await expect(marcus.page.getByRole('heading', { level: 1, name: backRoom.name })).toBeVisible();
      await expect(marcus.page.getByRole('textbox', { name: 'Message' })).toBeEditable();
      await expect(sidebar(marcus.page).getByRole('link', { name: new RegExp(backRoom.name) })).toBeVisible();
      expect(await stillSameDocument(marcus.page)).toBe(true);
    } finally {
      await marcus.context.close();
      await olivia.context.close();
    }
  });
});

test.describe('a private space on the Spaces page', () => {
  test('he finds it on /spaces without its faces, asks to join, sees "Requested" and withdraws', async ({
    page,
  }) => {
    const hidden = await createSpace(owner, 'PRIVATE', `Studio ${Date.now().toString(36)}`);
    made.push(hidden.id);
    await page.setViewportSize(DESKTOP);
    await signInTo(page, '/spaces');
    const card = main(page)
      .getByRole('region', { name: 'Other spaces' })
      .getByRole('listitem', { name: hidden.name, exact: true });
    await expect(card).toContainText('Private');
    await expect(card).toContainText('1 member');
    await expect(card).toContainText(`Where ${hidden.name} meets.`);
    await expect(card).toContainText('Members only. Ask to join: its admin and moderators decide.');
    // Who is in a private space stays its members' business: no faces, no way to read it.
    await expect(card).not.toContainText('Members include');
    await expect(card.getByRole('link')).toHaveCount(0);
    await expectAccessible(page, 'spaces page with a private space');

    await markDocument(page);
    await card.getByRole('button', { name: 'Request to join' }).click();
    await expect(card.getByRole('status')).toHaveText('Requested');
    await expect(card).toContainText('Request sent. Its admin and moderators will answer');
    await expect(card.getByRole('button', { name: 'Request to join' })).toHaveCount(0);
    await expectAccessible(page, 'spaces page with a pending request');
    expect(await stillSameDocument(page)).toBe(true);
    // The state is the server's: it stays after a reload.
    await page.reload();
    await expect(card.getByRole('status')).toHaveText('Requested');

    await page.setViewportSize(PHONE);
    await expect(card.getByRole('button', { name: 'Withdraw request' })).toBeVisible();
    await expectAccessible(page, 'spaces page with a pending request on a phone');
    const [scrollWidth, innerWidth] = await page.evaluate(
      () => [document.documentElement.scrollWidth, window.innerWidth] as const,
    );
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

    await card.getByRole('button', { name: 'Withdraw request' }).click();
    await expect(card.getByRole('button', { name: 'Request to join' })).toBeVisible();
    await expect(card.getByRole('status')).toHaveCount(0);
    const mine = await page.request.get(`/api/spaces/${hidden.id}/card`);
    expect((await mine.json()).joinRequest).toBeNull();
  });
});
