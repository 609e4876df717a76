// The cancel dialog (issue 29, items left): its empty Reason box is not drawn invalid before the
// organiser tried to send it (only "Reason is required" after a submit makes it red), and opened from
// the calendar's event popup it is modal above that popup: its backdrop dims the popup, at desktop
// and phone sizes. Hana (host@) makes her own uniquely named event, so the journey passes again.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInToEvents } from './helpers.ts';

// Eastern time in the browser, so the calendar's months are the ones `monthHeader` names.
test.use({ baseURL: process.env.STACK_URL, timezoneId: 'America/New_York' });
test.describe.configure({ timeout: 120_000 });

const HOUR = 60 * 60 * 1000;
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const monthHeader = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'America/New_York',
});
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A published event of Hana's in General, tomorrow; signed in as Hana on `page`. */
async function createEvent(page: Page, title: string): Promise<{ id: string; startDate: string }> {
  const me = (await (await page.request.get('/api/auth/me')).json()).user as { id: string };
  const { items } = (await (await page.request.get('/api/spaces')).json()) as {
    items: { id: string; name: string }[];
  };
  const start = new Date(Math.ceil((Date.now() + 26 * HOUR) / HOUR) * HOUR);
  const created = await page.request.post('/api/events', {
    data: {
      title,
      description: 'Made by the event-cancel-dialog journey.',
      spaceId: items.find((space) => space.name === 'General')?.id,
      hostId: me.id,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 2 * HOUR).toISOString(),
      location: 'YOUTUBE',
      addressUrl: 'https://www.youtube.com/watch?v=journey',
      registration: 'FREE',
      published: true,
      tags: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { event: { id: string; startDate: string } }).event;
}

/** Moves the calendar to the month of `date` (Eastern time). */
async function showMonth(page: Page, date: Date): Promise<Locator> {
  const calendar = page.getByRole('region', { name: 'Calendar' });
  const target = monthHeader.format(date);
  for (let step = 0; step < 24; step++) {
    const shown = await calendar.getByRole('heading', { level: 2 }).textContent();
    if (shown === target) return calendar;
    const forward = Date.parse(`1 ${target}`) > Date.parse(`1 ${shown}`);
    await calendar.getByRole('button', { name: forward ? 'Next month' : 'Previous month' }).click();
  }
  throw new Error(`the calendar never showed ${target}`);
}

const borderOf = (box: Locator) => box.evaluate((element) => getComputedStyle(element).borderColor);

test('the empty Reason box is not red until the organiser sends it', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInToEvents(page, 'host@example.com');
  const title = `Reason box ${run}`;
  const event = await createEvent(page, title);
  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel event' });
  const box = dialog.getByRole('textbox', { name: /Reason/ });
  await expect(box).toBeVisible();
  await expect(box).not.toHaveAttribute('aria-invalid', 'true');
  const untouched = await borderOf(box);
  // Into the box and out again, nothing typed: still not an error (errors come with a submit).
  await box.focus();
  await dialog.getByRole('button', { name: 'Keep event' }).focus();
  expect(await borderOf(box)).toBe(untouched);
  await page.screenshot({ path: test.info().outputPath('reason-untouched.png') });

  await dialog.getByRole('button', { name: 'Cancel event' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  const refused = await borderOf(box);
  expect(refused).not.toBe(untouched);
  // The danger colour, as every refused field shows it.
  const danger = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.borderColor = 'var(--colors-danger-default)';
    probe.style.borderStyle = 'solid';
    document.body.append(probe);
    const color = getComputedStyle(probe).borderColor;
    probe.remove();
    return color;
  });
  expect(refused).toBe(danger);
  expect(untouched).not.toBe(danger);
  await page.screenshot({ path: test.info().outputPath('reason-refused.png') });
});

test('Cancel event from the calendar’s popup is modal above it: the popup is dimmed', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInToEvents(page, 'host@example.com');
  const title = `Popup cancel ${run}`;
  const event = await createEvent(page, title);

  for (const [name, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto('/events');
    await page.getByRole('link', { name: 'Calendar view' }).click();
    const calendar = await showMonth(page, new Date(event.startDate));
    await calendar
      .getByRole('link', { name: new RegExp(escapeRegExp(title)) })
      .first()
      .click();
    const details = page.getByRole('dialog', { name: 'Event details' });
    await expect(details.getByRole('heading', { name: title })).toBeVisible();
    await details.getByRole('button', { name: 'Cancel event' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel event' });
    await expect(cancel.getByRole('textbox', { name: /Reason/ })).toBeVisible();
    // Let the open animations end before looking at what is on top.
    await page.waitForTimeout(400);

    // The cancel dialog's backdrop is stacked above the popup's box (each dialog's backdrop and
    // positioner are fixed, z-indexed layers of the page), so the popup is dimmed and out of reach.
    const layers = await page.evaluate(() => {
      const z = (element: Element | null | undefined) => Number(element && getComputedStyle(element).zIndex);
      const popup = document.querySelector('[role="dialog"][aria-label="Event details"]');
      const cancelBox = [...document.querySelectorAll('[role="dialog"]')].find(
        (dialog) => dialog.querySelector('h2')?.textContent === 'Cancel event',
      );
      const backdrops = [...document.querySelectorAll('[data-part="backdrop"]')];
      return {
        popup: z(popup?.closest('[data-part="positioner"]')),
        cancelBackdrop: z(backdrops.at(-1)),
        cancel: z(cancelBox?.closest('[data-part="positioner"]')),
        backdrops: backdrops.length,
      };
    });
    expect(layers.backdrops).toBe(2);
    expect(layers.cancelBackdrop).toBeGreaterThan(layers.popup);
    expect(layers.cancel).toBeGreaterThanOrEqual(layers.cancelBackdrop);
    await page.screenshot({ path: test.info().outputPath(`popup-cancel-${name}.png`) });

    await cancel.getByRole('button', { name: 'Keep event' }).click();
    await expect(cancel).toHaveCount(0);
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toHaveCount(0);
  }
});
