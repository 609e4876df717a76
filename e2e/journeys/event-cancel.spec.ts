// Cancelling an event, end to end in two browsers (issue 29): Marcus (member@) RSVPs to an event of
// Hana's (host@); Hana cancels it with a reason (Esc while typing asks before the reason is lost);
// Marcus gets the toast and the bell's notification, and the event's page shows the "Cancelled"
// banner with the reason instead of RSVP. Hana then deletes the cancelled event after confirming.
// The event is made here with a unique title, so the journey passes beside the others and again.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { createEventAs } from './event-fixtures.ts';
import { expectAccessible, openSignedIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });
test.describe.configure({ timeout: 120_000 });

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

let hanaContext: BrowserContext;
let marcusContext: BrowserContext;

test.afterAll(async () => {
  await hanaContext?.close();
  await marcusContext?.close();
});

test('a host cancels with a reason, the member who RSVPed is told and sees the banner, the host deletes it', async ({
  browser,
}) => {
  let hana: Page;
  let marcus: Page;
  ({ context: hanaContext, page: hana } = await openSignedIn(browser, 'host@example.com'));
  ({ context: marcusContext, page: marcus } = await openSignedIn(browser, 'member@example.com'));
  const title = `Cancelled meetup ${run}`;
  const reason = `The speaker is ill ${run}`;
  const eventId = await createEventAs(hana, { title, description: 'Made by the event-cancel journey.' });

  // Marcus RSVPs on the event's page, then goes on elsewhere in the app.
  await marcus.goto(`/events/${eventId}`);
  await expect(marcus.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await marcus.getByRole('button', { name: 'RSVP', exact: true }).click();
  await expect(marcus.getByRole('button', { name: 'UnRSVP' })).toBeVisible();
  await marcus.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await expect(marcus).toHaveURL(/\/events$/);

  // Hana cancels: a reason is required, and Esc with a reason typed asks before losing it.
  await hana.goto(`/events/${eventId}`);
  await expect(hana.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(hana.getByRole('button', { name: 'Delete event' })).toHaveCount(0);
  await hana.getByRole('button', { name: 'Cancel event' }).click();
  const dialog = hana.getByRole('dialog', { name: 'Cancel event' });
  await dialog.getByRole('button', { name: 'Cancel event' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  const box = dialog.getByRole('textbox', { name: /Reason/ });
  await box.fill(reason);
  await hana.keyboard.press('Escape');
  const discard = hana.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(box).toHaveValue(reason);
  await expectAccessible(hana, 'cancel event dialog');
  await dialog.getByRole('button', { name: 'Cancel event' }).click();
  await expect(dialog).toHaveCount(0);
  const hanaBanner = hana.getByRole('region', { name: 'Event cancelled' });
  await expect(hanaBanner).toContainText('Cancelled');
  await expect(hanaBanner).toContainText(reason);
  await expect(hana.getByRole('button', { name: 'Restore event' })).toBeVisible();

  // Marcus: the toast, then the bell's notification leads to the page, which shows the banner.
  const notice = `Cancelled: ${title}. ${reason}`;
  await expect(marcus.getByText(notice, { exact: true })).toBeVisible();
  await bell(marcus).click();
  await marcus.getByRole('menuitem', { name: new RegExp(`Unread: Cancelled: ${title}`) }).click();
  await expect(marcus).toHaveURL(new RegExp(`/events/${eventId}$`));
  const banner = marcus.getByRole('region', { name: 'Event cancelled' });
  await expect(banner).toContainText(reason);
  await expect(marcus.getByRole('button', { name: /^(Un)?RSVP$/ })).toHaveCount(0);
  await expect(marcus.getByRole('button', { name: 'Cancel event' })).toHaveCount(0);
  // The list marks it too.
  await marcus.goto('/events');
  await expect(marcus.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  const card = marcus.locator(`[aria-label="${title}"]`);
  for (let attempt = 0; attempt < 20 && !(await card.count()); attempt++) {
    await expect(marcus.getByRole('status', { name: 'Loading events' })).toHaveCount(0);
    if (await card.count()) break;
    await marcus.getByRole('button', { name: 'Load more' }).click();
  }
  await expect(card).toContainText('Cancelled');

  // Hana deletes the cancelled event after confirming, and lands on the list.
  await hana.getByRole('button', { name: 'Delete event' }).click();
  const confirm = hana.getByRole('alertdialog', { name: 'Delete event?' });
  await confirm.getByRole('button', { name: 'Keep event' }).click();
  await expect(confirm).toHaveCount(0);
  await hana.getByRole('button', { name: 'Delete event' }).click();
  await confirm.getByRole('button', { name: 'Delete event' }).click();
  await expect(hana).toHaveURL(/\/events$/);
  await hana.goto(`/events/${eventId}`);
  await expect(hana.getByText('Event not found')).toBeVisible();
});
