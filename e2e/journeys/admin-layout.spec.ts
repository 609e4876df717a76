// The Admin Panel's layout on a laptop and a phone (issue 26): at 1366×900 the Users table shows every
// column without a sideways scroll and its sticky Actions column covers nothing; at 390×844 a card per
// user holds the actions in view, and the section menu shows every section without a swipe. A user
// with very long values (created here) must not break either layout.

import { FEATURE_KEYS } from '@community/domain';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, openOwnProfile, showAdminSection, signInToEvents } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });

const COLUMNS = [
  'Name',
  'Pseudo',
  'Email',
  'Job',
  'Company',
  'Role',
  'City',
  'Status',
  'Actions',
  'Features',
];
const SECTIONS = ['Community Info', 'Users', 'Community', 'Audit log'];

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A user whose every value is as long as the form allows, or nearly. */
async function createLongUser(page: Page) {
  const id = unique();
  const user = {
    firstName: `Maximiliana-Alexandrina${id}`,
    lastName: 'Vanderbilt-Montgomery-Featherstonehaugh',
    pseudo: `maximiliana_alexandrina_${id}`,
    email: `maximiliana.alexandrina.vanderbilt-${id}@very-long-subdomain.example.com`,
    job: 'Principal Developer Relations Engineer and Community Programme Lead',
    company: 'Internationalisation and Localisation Consultancy Partners Limited',
    city: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
  };
  const me = (await (await page.request.get('/api/auth/me')).json()).user;
  const created = await page.request.post(`/api/admin-panel/users/${me.id}`, {
    data: { ...user, role: 'HOST', password: '', confirmPassword: '', features: FEATURE_KEYS },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { ...user, name: `${user.firstName} ${user.lastName}` };
}

async function openUsers(page: Page) {
  await signInToEvents(page, 'admin@example.com');
  const profile = await openOwnProfile(page);
  await profile.getByRole('button', { name: 'Admin Panel' }).click();
  const panel = await showAdminSection(page, 'Users');
  await expect(panel.getByRole('heading', { name: 'Manage Users' })).toBeVisible();
  return panel;
}

async function search(panel: Locator, text: string) {
  await panel.getByRole('searchbox', { name: 'Search users' }).fill(text);
}

/** Whether a click at the element's centre, or near its left or right end, would hit it (nothing covers it). */
function onTop(element: Locator) {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const middle = box.y + box.height / 2;
    return [box.left + 2, box.x + box.width / 2, box.right - 2].every((x) => {
      const hit = document.elementFromPoint(x, middle);
      return hit !== null && (hit === node || node.contains(hit));
    });
  });
}

/** Every header in view and uncovered, no sideways scroll, and no role badge under the Actions cell. */
async function expectWholeTable(panel: Locator, viewportWidth: number) {
  const table = panel.getByRole('table');
  await expect(table).toBeVisible();
  const headers = table.getByRole('columnheader');
  await expect(headers).toHaveText(COLUMNS);
  for (const column of COLUMNS) {
    const header = table.getByRole('columnheader', { name: column, exact: true });
    const box = (await header.boundingBox())!;
    expect(box.x, `${column} header starts in the viewport`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${column} header ends in the viewport`).toBeLessThanOrEqual(viewportWidth);
    expect(await onTop(header), `${column} header is not covered`).toBe(true);
  }
  const scroller = await table.evaluate((node) => {
    const area = node.parentElement!;
    return { scrollWidth: area.scrollWidth, clientWidth: area.clientWidth };
  });
  expect(scroller.scrollWidth, 'the table does not scroll sideways').toBeLessThanOrEqual(
    scroller.clientWidth,
  );

  const overlaps = await table.evaluate((node) => {
    const rows = [...node.querySelectorAll('tbody tr')];
    const actionsIndex = [...node.querySelectorAll('thead th')].findIndex(
      (header) => header.textContent === 'Actions',
    );
    return rows.flatMap((row) => {
      const cells = row.querySelectorAll('td');
      const badge = cells[5]?.firstElementChild?.getBoundingClientRect();
      const actions = cells[actionsIndex]?.getBoundingClientRect();
      if (!badge || !actions) return [`${row.textContent}: no badge or no Actions cell`];
      const apart = badge.right <= actions.left || badge.left >= actions.right;
      return apart ? [] : [`${cells[0]?.textContent}: badge ${badge.right} > actions ${actions.left}`];
    });
  });
  expect(overlaps, 'role badges clear of the Actions column').toEqual([]);
}

test.describe('at 1366×900', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the Users table shows every column, the sticky Actions column covering none', async ({ page }) => {
    const panel = await openUsers(page);
    const long = await createLongUser(page);
    await expect(panel.getByRole('row')).not.toHaveCount(0);
    await expectWholeTable(panel, 1366);

    // A row's actions menu is drawn over the rows below it (their sticky cells included).
    await panel
      .getByRole('row')
      .nth(2)
      .getByRole('button', { name: /^Actions for / })
      .click();
    const lastItem = page.getByRole('menuitem').last();
    await expect(lastItem).toBeVisible();
    expect(await onTop(lastItem), 'the open menu is drawn over the rows below').toBe(true);
    // Escape closes the menu only; the panel stays.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(panel.getByRole('heading', { name: 'Manage Users' })).toBeVisible();

    // The longest values are cut short, whole on hover, and change nothing.
    await search(panel, long.email);
    const row = panel.getByRole('row').filter({ hasText: long.email });
    await expect(row).toHaveCount(1);
    await expectWholeTable(panel, 1366);
    await expect(row.getByTitle(long.email)).toBeVisible();
    await expect(row.getByTitle(long.city)).toBeVisible();

    // The SUPER_ADMIN badge, the widest, too.
    await search(panel, 'owner@example.com');
    await expect(panel.getByRole('row').filter({ hasText: 'SUPER_ADMIN' })).toHaveCount(1);
    await expectWholeTable(panel, 1366);

    // The actions menu reaches the edit dialog.
    await search(panel, long.email);
    await expect(panel.getByRole('row')).toHaveCount(2);
    await row.getByRole('button', { name: `Actions for ${long.name}` }).click();
    const edit = page.getByRole('menuitem', { name: 'Edit' });
    await expect(edit).toBeVisible();
    await expectAccessible(page, 'admin panel: a user’s actions menu');
    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog.getByLabel('Email')).toHaveValue(long.email);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a card per user, its actions in view and working, and no sideways scroll', async ({ page }) => {
    const panel = await openUsers(page);
    const long = await createLongUser(page);
    const cards = panel.getByRole('list', { name: 'Users' });
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    await expect(panel.getByRole('table')).toHaveCount(0);
    await expectAccessible(page, 'admin panel: user cards (phone)');

    await search(panel, long.email);
    const card = cards.getByRole('listitem', { name: long.name });
    await expect(card).toBeVisible();
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await expect(card.getByText(long.email)).toBeVisible();
    await expect(card.getByText('HOST', { exact: true })).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByText(long.city)).toBeVisible();

    const overflow = await page.evaluate(() => {
      // A text box scrolls its own long text; anything else wider than its box is what a swipe shows.
      const scrollers = [...document.querySelectorAll('[role=dialog] *')].filter(
        (node) =>
          !node.matches('input, textarea') &&
          node.scrollWidth > node.clientWidth &&
          getComputedStyle(node).overflowX !== 'hidden',
      );
      return {
        page: document.documentElement.scrollWidth - window.innerWidth,
        sideways: scrollers.map((node) => node.outerHTML.slice(0, 120)),
      };
    });
    expect(overflow.page, 'the page does not scroll sideways').toBeLessThanOrEqual(0);
    expect(overflow.sideways, 'nothing in the panel scrolls sideways').toEqual([]);

    const actions = card.getByRole('button', { name: `Actions for ${long.name}` });
    const features = card.getByRole('button', { name: `Features of ${long.name}` });
    for (const button of [actions, features, card]) {
      await expect(button).toBeInViewport({ ratio: 1 });
    }
    await actions.click();
    await expect(page.getByRole('menuitem', { name: 'Block' })).toBeInViewport({ ratio: 1 });
    await expectAccessible(page, 'admin panel: a user’s actions menu (phone)');
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog.getByLabel('Email')).toHaveValue(long.email);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await features.click();
    await expect(page.getByRole('dialog', { name: 'Manage Features' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Manage Features' })).toBeHidden();
  });

  test('the section menu shows every section without a swipe', async ({ page }) => {
    const panel = await openUsers(page);
    const menu = panel.getByRole('navigation', { name: 'Admin Panel sections' });
    const width = await menu.evaluate((node) => node.scrollWidth - node.clientWidth);
    expect(width, 'the menu does not scroll sideways').toBeLessThanOrEqual(0);
    for (const section of SECTIONS) {
      await expect(menu.getByRole('button', { name: section, exact: true })).toBeInViewport({ ratio: 1 });
    }
    for (const section of [...SECTIONS].reverse()) {
      const button = menu.getByRole('button', { name: section, exact: true });
      await button.click();
      await expect(button).toHaveAttribute('aria-current', 'page');
    }
    await expect(panel.getByRole('heading', { name: 'Community Info' })).toBeVisible();
    await expectAccessible(page, 'admin panel: section menu (phone)');
  });
});
