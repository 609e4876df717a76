// Browser journey of repeating events (issue 12): a host creates a daily event through the form (its
// times on New York's clock, the community's zone), the month grid shows it on every day from its
// start, the detail card lists the next dates on the event's clock and on the viewer's (the browser
// is in Tokyo, so the two differ), and the host cancels one date, which the card and the grid strike
// through. The event is uniquely named, so the journey passes again on the same stack.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, fillEventTime, signInToEvents } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL, timezoneId: 'Asia/Tokyo' });

const EASTERN = 'America/New_York';
const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pad = (n: number) => String(n).padStart(2, '0');

/** Year and month (1-12) of an instant in a zone. */
function monthIn(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'numeric',
    timeZone,
  }).formatToParts(date);
  return {
    year: Number(parts.find((part) => part.type === 'year')?.value),
    month: Number(parts.find((part) => part.type === 'month')?.value),
  };
}

/** Moves the calendar to a month ("January 2027"). */
async function showMonth(page: Page, target: string) {
  const calendar = page.getByRole('region', { name: 'Calendar' });
  for (let step = 0; step < 24; step++) {
    const shown = await calendar.getByRole('heading', { level: 2 }).textContent();
    if (shown === target) return calendar;
    const forward = Date.parse(`1 ${target}`) > Date.parse(`1 ${shown}`);
    await calendar.getByRole('button', { name: forward ? 'Next month' : 'Previous month' }).click();
  }
  throw new Error(`the calendar never showed ${target}`);
}

test('a host creates a daily event; the grid shows every date, the card both clocks, and one date is cancelled', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInToEvents(page, 'host@example.com');

  // The 15th of next month (New York), 7 PM to 8 PM there: 8 or 9 AM on the 16th in Tokyo.
  const now = monthIn(new Date(), EASTERN);
  const year = now.month === 12 ? now.year + 1 : now.year;
  const month = now.month === 12 ? 1 : now.month + 1; // 1-12
  const dayName = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const fifteenth = dayName.format(new Date(Date.UTC(year, month - 1, 15, 12)));
  const monthTitle = new Intl.DateTimeFormat('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 15)));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();

  const title = unique('Daily journey');
  await page.getByRole('button', { name: 'Create Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Space', { exact: true }).selectOption({ label: 'General' });
  await dialog.getByRole('radio', { name: 'YouTube' }).check();
  await dialog.getByLabel('Stream URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  // The community's zone is the default; the browser's own (Tokyo) is not what the fields mean.
  await expect(dialog.getByLabel('Time zone')).toHaveValue(EASTERN);
  await dialog.getByLabel('Repeat').selectOption({ label: 'Every day' });
  await dialog.getByRole('button', { name: /^Start date:/ }).click();
  await dialog.getByRole('button', { name: 'Next month' }).click();
  await dialog.getByRole('button', { name: fifteenth, exact: true }).click();
  await fillEventTime(dialog, 'Start', 19);
  // The end follows the start to the 15th (issue 26); its hour is set too.
  await fillEventTime(dialog, 'End', 20);
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  // The month grid (Tokyo's days): nothing before the 16th, one chip on every day from it.
  // Publishing opens the new event's page; back to the list, then its calendar view.
  await page.getByRole('link', { name: 'All events' }).click();
  await page.getByRole('link', { name: 'Calendar view' }).click();
  const calendar = await showMonth(page, monthTitle);
  const chipName = new RegExp(`^\\d{1,2}:00 AM ${escapeRegExp(title)}( \\(cancelled\\))?$`);
  const cell = (day: number) => calendar.locator(`td[data-day="${year}-${pad(month)}-${pad(day)}"]`);
  await expect(cell(16).getByRole('link', { name: chipName })).toHaveCount(1);
  for (let day = 1; day <= daysInMonth; day++) {
    await expect(cell(day).getByRole('link', { name: chipName })).toHaveCount(day >= 16 ? 1 : 0);
  }

  // The detail card: every day, the next dates on New York's clock and on Tokyo's.
  await cell(16).getByRole('link', { name: chipName }).click();
  const modal = page.getByRole('dialog', { name: 'Event details' });
  await expect(modal.getByRole('heading', { name: title })).toBeVisible();
  await expect(modal.getByText('Repeats every day')).toBeVisible();
  // The host wrote it: their RSVP is disabled, and the card says why (not that an RSVP covers the series).
  await expect(modal.getByText('You are the author of this event')).toBeVisible();
  await expect(modal.getByText('Your RSVP covers every date of this event')).toHaveCount(0);
  await expectAccessible(page, 'repeating event dialog');
  const dates = modal.getByRole('list', { name: 'Next dates' }).getByRole('listitem');
  await expect(dates).toHaveCount(5);
  const monthShort = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 15)),
  );
  await expect(dates.first()).toHaveText(
    new RegExp(
      `^\\w{3}, ${monthShort} 15, ${year} · 7:00 PM – 8:00 PM E[SD]T · \\w{3}, ${monthShort} 16, ${year} · (8|9):00 AM – (9|10):00 AM GMT\\+9 your time`,
    ),
  );
  await expect(dates.nth(1)).toContainText(`${monthShort} 16, ${year} · 7:00 PM – 8:00 PM`);

  // The host cancels the second date: struck through on the card, then in the grid.
  await dates
    .nth(1)
    .getByRole('button', { name: /^Cancel this date/ })
    .click();
  await expect(dates.nth(1).locator('s')).toHaveCount(1);
  await expect(dates.nth(1)).toContainText('Cancelled');
  await expect(dates.nth(1).getByRole('button', { name: /^Restore/ })).toBeVisible();
  await expect(dates.first().locator('s')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toHaveCount(0);
  const cancelled = cell(17).getByRole('link', { name: chipName });
  await expect(cancelled).toHaveAccessibleName(/ \(cancelled\)$/);
  await expect(cancelled.locator('s')).toHaveCount(1);
  await expect(cell(16).getByRole('link', { name: chipName }).locator('s')).toHaveCount(0);
  await expect(cell(18).getByRole('link', { name: chipName }).locator('s')).toHaveCount(0);
});
