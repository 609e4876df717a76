// Browser journeys of the Create/Edit Event form (issue 26): time fields in the member's locale
// (hours and minutes, AM/PM in en-US), the end following a new start, one way to publish (buttons,
// no switch; a published event's edit says Save), and repeat options that follow the start's weekday.
// The browser is in New York, the community's zone, so the fields' times are the times the page shows.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInToEvents } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL, timezoneId: 'America/New_York', locale: 'en-US' });

const EASTERN = 'America/New_York';
const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toast = (page: Page, text: string) =>
  page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text }).first();

const dayButtonName = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Year and month (0-11) of next month in New York, and a day of it as UTC noon. */
function nextMonth() {
  const parts = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'numeric',
    timeZone: EASTERN,
  }).formatToParts(new Date());
  const year = Number(parts.find((part) => part.type === 'year')?.value);
  const month = Number(parts.find((part) => part.type === 'month')?.value); // 1-12: next month's index
  return (day: number) => new Date(Date.UTC(year, month, day, 12));
}

/** Opens the start or end calendar (on the month of its value), goes to the day's month and picks it. */
async function pickDay(dialog: Locator, which: 'Start' | 'End', day: Date) {
  await dialog.getByRole('button', { name: new RegExp(`^${which} date:`) }).click();
  const month = monthName.format(day);
  const calendar = dialog.getByRole('table', { name: month });
  await expect(dialog.getByRole('button', { name: 'Next month' })).toBeVisible();
  if (!(await calendar.count())) await dialog.getByRole('button', { name: 'Next month' }).click();
  await calendar.getByRole('button', { name: dayButtonName.format(day), exact: true }).click();
}

async function openCreateForm(page: Page, title: string) {
  await page.getByRole('button', { name: 'Create Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Space', { exact: true }).selectOption({ label: 'General' });
  await dialog.getByRole('radio', { name: 'YouTube' }).check();
  await dialog.getByLabel('Stream URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  return dialog;
}

test('the time is hours and minutes with AM/PM in en-US, and the end follows a new start', async ({
  page,
}) => {
  await signInToEvents(page, 'host@example.com');
  const title = unique('Clock journey');
  const dialog = await openCreateForm(page, title);
  const start = dialog.getByRole('group', { name: 'Start' });
  await expect(start.getByLabel('Start hours')).toBeVisible();
  await expect(start.getByLabel('Start minutes')).toBeVisible();
  await expect(start.getByLabel('Start seconds')).toHaveCount(0);
  await expect(start.getByRole('spinbutton')).toHaveCount(2);
  const period = start.getByLabel('Start AM/PM');
  await expect(period.locator('option')).toHaveText(['AM', 'PM']);

  // 7:30 PM on the 15th of next month; the end keeps the one-hour default and moves along.
  const fifteenth = nextMonth()(15);
  await pickDay(dialog, 'Start', fifteenth);
  await start.getByLabel('Start hours').fill('7');
  await start.getByLabel('Start minutes').fill('30');
  await period.selectOption('PM');
  await expect(start.getByLabel('Start hours')).toHaveValue('07');
  const end = dialog.getByRole('group', { name: 'End' });
  await expect(end.getByRole('button', { name: /^End date:/ })).toHaveText(shortDay.format(fifteenth));
  await expect(end.getByLabel('End hours')).toHaveValue('08');
  await expect(end.getByLabel('End minutes')).toHaveValue('30');
  await expect(end.getByLabel('End AM/PM')).toHaveValue('PM');

  // A longer session: the end set to 10:30 PM, then the start moved a day later keeps the 3 hours.
  await end.getByLabel('End hours').fill('10');
  await pickDay(dialog, 'Start', nextMonth()(16));
  await expect(end.getByRole('button', { name: /^End date:/ })).toHaveText(shortDay.format(nextMonth()(16)));
  await expect(end.getByLabel('End hours')).toHaveValue('10');
  await expect(end.getByLabel('End AM/PM')).toHaveValue('PM');

  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(toast(page, 'Success!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('event-date-range')).toContainText('7:30 PM – 10:30 PM');
});

test('create offers Save as draft and Publish without a switch; a published event’s edit says Save', async ({
  page,
}) => {
  await signInToEvents(page, 'host@example.com');
  const title = unique('Buttons journey');
  let dialog = await openCreateForm(page, title);
  await expect(dialog.getByRole('switch')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Save as draft' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(toast(page, 'Success!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const eventId = page.url().split('/').pop();

  await page.getByRole('button', { name: 'Edit Event' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await expect(dialog.getByRole('switch')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Save as draft' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  await dialog.getByLabel('Title').fill(`${title} (edited)`);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Success!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: `${title} (edited)` })).toBeVisible();
  const saved = (await (await page.request.get(`/api/events/${eventId}`)).json()) as { published: boolean };
  expect(saved.published).toBe(true);
});

test('the repeat options follow the start’s weekday, and every 2 weeks on Tuesday publishes', async ({
  page,
}) => {
  await signInToEvents(page, 'host@example.com');
  const title = unique('Fortnightly journey');
  const dialog = await openCreateForm(page, title);
  const day = nextMonth();
  // The first Thursday of next month, then the Tuesday five days after it.
  let thursday = 1;
  while (day(thursday).getUTCDay() !== 4) thursday++;
  const repeat = dialog.getByLabel('Repeat');

  await pickDay(dialog, 'Start', day(thursday));
  await expect(repeat.locator('option')).toContainText(['Every Thursday', 'Every 2 weeks on Thursday']);
  await expect(repeat.locator('option', { hasText: 'Tuesday' })).toHaveCount(0);
  await repeat.selectOption({ label: 'Every 2 weeks on Thursday' });
  await expect(dialog.getByText(/must start on a/)).toHaveCount(0);

  await pickDay(dialog, 'Start', day(thursday + 5));
  await expect(repeat.locator('option')).toContainText(['Every Tuesday', 'Every 2 weeks on Tuesday']);
  await expect(repeat.locator('option:checked')).toHaveText('Every 2 weeks on Tuesday');
  await expect(dialog.getByRole('status').filter({ hasText: /Tuesday/ })).toBeVisible();

  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(toast(page, 'Success!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Repeats every other Tuesday')).toBeVisible();
});
