// Capacity and the waitlist, end to end in three browsers (issue 29): Hana (host@) makes an event
// with one place; Sofia takes it; Marcus (member@) finds it full, joins the waitlist and is told his
// place; Sofia un-RSVPs and Marcus is promoted live: the toast, and his button turns to UnRSVP
// without a reload. The event is made here with a unique title, so the journey passes beside the
// others and again.
import { type BrowserContext, expect, test } from '@playwright/test';
import { createEventAs } from './event-fixtures.ts';
import { openSignedIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });
test.describe.configure({ timeout: 120_000 });

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const contexts: BrowserContext[] = [];

test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

test('a full event offers Join waitlist; when a member leaves, the waiting member is promoted live', async ({
  browser,
}, testInfo) => {
  const open = async (email: string) => {
    const { context, page } = await openSignedIn(browser, email);
    contexts.push(context);
    return page;
  };
  const hana = await open('host@example.com');
  const sofia = await open('sofia.rossi@example.com');
  const marcus = await open('member@example.com');
  const title = `Small workshop ${run}`;
  const eventId = await createEventAs(hana, {
    title,
    description: 'Made by the event-waitlist journey.',
    capacity: 1,
  });

  // Sofia takes the only place.
  await sofia.goto(`/events/${eventId}`);
  await expect(sofia.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(sofia.getByTestId('event-places')).toHaveText('· 1 of 1 place left');
  await sofia.getByRole('button', { name: 'RSVP', exact: true }).click();
  await expect(sofia.getByRole('button', { name: 'UnRSVP' })).toBeVisible();
  await expect(sofia.getByTestId('event-places')).toHaveText('· Full · 0 on the waitlist');

  // Marcus finds it full and joins the waitlist.
  await marcus.goto(`/events/${eventId}`);
  await expect(marcus.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(marcus.getByTestId('event-places')).toHaveText('· Full · 0 on the waitlist');
  await marcus.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(marcus.getByText('You joined the waitlist')).toBeVisible();
  await expect(marcus.getByTestId('event-waitlist-position')).toHaveText('You are 1st on the waitlist');
  await expect(marcus.getByRole('button', { name: /Leave waitlist/ })).toBeVisible();
  await expect(marcus.getByTestId('event-places')).toHaveText('· Full · 1 on the waitlist');
  for (const [name, size] of [
    ['desktop', { width: 1366, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await marcus.setViewportSize(size);
    await marcus.screenshot({ path: testInfo.outputPath(`waitlist-${name}.png`), fullPage: true });
  }
  await marcus.setViewportSize({ width: 1366, height: 900 });

  // Sofia leaves: Marcus gets her place at once, told by a toast, and his page updates by itself.
  await sofia.getByRole('button', { name: 'UnRSVP' }).click();
  await expect(sofia.getByRole('button', { name: 'RSVP', exact: true })).toHaveCount(0);
  await expect(sofia.getByRole('button', { name: 'Join waitlist' })).toBeVisible();
  await expect(marcus.getByText(`A place opened up: you are going to ${title}`)).toBeVisible();
  await expect(marcus.getByRole('button', { name: 'UnRSVP' })).toBeVisible();
  await expect(marcus.getByTestId('event-waitlist-position')).toHaveCount(0);
  await expect(marcus.getByTestId('event-places')).toHaveText('· Full · 0 on the waitlist');
});
