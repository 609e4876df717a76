// An open event page follows everyone's RSVPs without a reload (issue 29, items left): Hana (host@)
// makes an event with one place; Sofia takes it; Marcus (member@), who only looks, and Hana both
// have the page open. Sofia leaves: both pages show the free place, the RSVP button and an empty
// "who is going" strip; Sofia RSVPs again: both show it full, with her avatar. Neither watcher is
// told by a notification (nobody waits), so only the space's posts room (`event.changed`) can do it.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { openSignedIn } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });
test.describe.configure({ timeout: 120_000 });

const HOUR = 60 * 60 * 1000;
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A published event of Hana's in General (public) with one place, starting tomorrow. */
async function createEvent(hana: Page, title: string): Promise<string> {
  const me = (await (await hana.request.get('/api/auth/me')).json()).user as { id: string };
  const { items } = (await (await hana.request.get('/api/spaces')).json()) as {
    items: { id: string; name: string }[];
  };
  const general = items.find((space) => space.name === 'General');
  if (!general) throw new Error('the demo space General is missing');
  const start = new Date(Math.ceil((Date.now() + 26 * HOUR) / HOUR) * HOUR);
  const created = await hana.request.post('/api/events', {
    data: {
      title,
      description: 'Made by the event-page-live journey.',
      spaceId: general.id,
      hostId: me.id,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 2 * HOUR).toISOString(),
      location: 'YOUTUBE',
      addressUrl: 'https://www.youtube.com/watch?v=journey',
      registration: 'FREE',
      published: true,
      tags: [],
      capacity: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { event: { id: string } }).event.id;
}

const contexts: BrowserContext[] = [];

test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

test("others' RSVPs reach an open event page live: places, the RSVP button and who is going", async ({
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
  const title = `Live places ${run}`;
  const eventId = await createEvent(hana, title);

  await sofia.goto(`/events/${eventId}`);
  await expect(sofia.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await sofia.getByRole('button', { name: 'RSVP', exact: true }).click();
  await expect(sofia.getByTestId('event-places')).toHaveText('· Full · 0 on the waitlist');

  for (const watcher of [marcus, hana]) {
    await watcher.goto(`/events/${eventId}`);
    await expect(watcher.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(watcher.getByTestId('event-places')).toHaveText('· Full · 0 on the waitlist');
    await expect(watcher.getByRole('list', { name: 'Who is going' }).getByRole('listitem')).toHaveCount(1);
  }
  await expect(marcus.getByRole('button', { name: 'Join waitlist' })).toBeVisible();

  // Sofia leaves: both open pages show the free place, and Marcus may RSVP, without a reload.
  await sofia.getByRole('button', { name: 'UnRSVP' }).click();
  await expect(sofia.getByRole('button', { name: 'RSVP', exact: true })).toBeVisible();
  for (const watcher of [marcus, hana]) {
    await expect(watcher.getByTestId('event-places')).toHaveText('· 1 of 1 place left');
    await expect(watcher.getByText('Nobody has RSVPed yet.')).toBeVisible();
  }
  await expect(marcus.getByRole('button', { name: 'RSVP', exact: true })).toBeVisible();
  await marcus.screenshot({ path: testInfo.outputPath('live-free-desktop.png'), fullPage: true });

  // Sofia takes the place again: full again on both, with her in the strip.
  await sofia.getByRole('button', { name: 'RSVP', exact: true }).click();
  for (const watcher of [marcus, hana]) {
    await expect(watcher.getByTestId('event-places')).toHaveText('· Full · 0 on the waitlist');
    await expect(watcher.getByRole('list', { name: 'Who is going' }).getByRole('listitem')).toHaveCount(1);
  }
  await expect(marcus.getByRole('button', { name: 'Join waitlist' })).toBeVisible();
  await marcus.setViewportSize({ width: 390, height: 844 });
  await marcus.screenshot({ path: testInfo.outputPath('live-full-phone.png'), fullPage: true });
});
