// Reading through an outage (issue 17), in a real browser against the real stack: while every
// Postgres process is stopped (SIGSTOP), a member who reloads still sees the screen they were on
// (the API client serves this tab's last good answers) under one "Reconnecting…" note, which goes by
// itself once the database is back; a new tab with nothing kept gets a calm "Service temporarily
// unavailable" page (not the sign-in page) that opens by itself. At 390 px, as on a phone.
import { expect, test } from '@playwright/test';
import { signIn, withDatabaseFrozen } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL, viewport: { width: 390, height: 800 } });
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const RECONNECTING = 'Reconnecting…';
/** Requests end at the server's 5 s deadline while the database is frozen; the probe backs off to 10 s. */
const OUTAGE_TIMEOUT = 40_000;

test('a reload during an outage shows the last-seen page under "Reconnecting…", which goes when the database is back', async ({
  page,
}) => {
  await signIn(page, 'member@example.com');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/events');
  const heading = page.getByRole('heading', { name: 'Events', level: 1 });
  await expect(heading).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: RECONNECTING });
  await expect(banner).toHaveCount(0);

  await withDatabaseFrozen(async () => {
    await page.reload();
    await expect(heading).toBeVisible({ timeout: OUTAGE_TIMEOUT });
    await expect(page).toHaveURL(/\/events$/);
    await expect(banner).toBeVisible({ timeout: OUTAGE_TIMEOUT });
    // It floats over the page without blocking it: the main navigation still answers a click.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }),
    ).toBeVisible();
  });

  await expect(banner).toHaveCount(0, { timeout: OUTAGE_TIMEOUT });
  await expect(heading).toBeVisible();
});

test('a new tab during an outage waits calmly and opens by itself when the database is back', async ({
  page,
}) => {
  await signIn(page, 'member@example.com');
  await expect(page).toHaveURL(/\/$/);
  // Another tab shares the session cookies, but not the answers kept by the first (sessionStorage).
  const tab = await page.context().newPage();
  try {
    await withDatabaseFrozen(async () => {
      await tab.goto('/events');
      await expect(tab.getByRole('heading', { name: 'Service temporarily unavailable' })).toBeVisible({
        timeout: OUTAGE_TIMEOUT,
      });
      await expect(tab.getByRole('status').filter({ hasText: RECONNECTING })).toBeVisible();
      await expect(tab.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    });
    await expect(tab.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible({
      timeout: OUTAGE_TIMEOUT,
    });
    await expect(tab.getByRole('status').filter({ hasText: RECONNECTING })).toHaveCount(0, {
      timeout: OUTAGE_TIMEOUT,
    });
  } finally {
    await tab.close();
  }
});
