// "Who is going" (issue 29): a member RSVPs and another member sees them in the event's attendee
// strip; the host downloads the attendee list as CSV and it parses (papaparse) with the member's row.
// An event without a banner shows its colour with its title. The journey makes its own event.
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, request, test } from '@playwright/test';
import Papa from 'papaparse';
import { DEMO_PASSWORD, expectAccessible, signInToEvents } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });

const HOUR = 60 * 60 * 1000;
const MEMBER = { email: 'member@example.com', name: 'Marcus Meyer' };
/** Set to a folder to keep screenshots at both sizes (not in CI: looking at them is a person's job). */
const SHOTS = process.env.JOURNEY_SHOTS;

const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function apiAs(email: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: process.env.STACK_URL });
  const login = await api.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  return api;
}

/** A published event of the host's in the demo space General, without a banner. */
async function createEventAsHost(): Promise<{ id: string; title: string }> {
  const api = await apiAs('host@example.com');
  try {
    const me = (await (await api.get('/api/auth/me')).json()).user as { id: string };
    const { items } = (await (await api.get('/api/spaces')).json()) as {
      items: { id: string; name: string }[];
    };
    const general = items.find((space) => space.name === 'General');
    if (!general) throw new Error('the demo space General is missing');
    const start = new Date(Math.ceil((Date.now() + 30 * HOUR) / HOUR) * HOUR);
    const response = await api.post('/api/events', {
      data: {
        title: unique('Who is going'),
        spaceId: general.id,
        hostId: me.id,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 2 * HOUR).toISOString(),
        location: 'YOUTUBE',
        addressUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        published: true,
      },
    });
    expect(response.status()).toBe(201);
    return (await response.json()).event;
  } finally {
    await api.dispose();
  }
}

async function openEventAs(browser: Browser, email: string, eventId: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.STACK_URL, acceptDownloads: true });
  const page = await context.newPage();
  await signInToEvents(page, email);
  await page.goto(`/events/${eventId}`);
  return page;
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a member RSVPs and another sees them going; the host downloads the attendee CSV', async ({
  browser,
}) => {
  const event = await createEventAsHost();

  const member = await openEventAs(browser, MEMBER.email, event.id);
  await expect(member.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  // No banner: the event's colour with its title, not the default picture.
  await expect(member.getByTestId('banner-placeholder')).toHaveText(event.title);
  await member.getByRole('button', { name: 'RSVP', exact: true }).click();
  const ownStrip = member.getByRole('list', { name: 'Who is going' });
  await expect(ownStrip.getByRole('button', { name: MEMBER.name })).toBeVisible();

  const other = await openEventAs(browser, 'sofia.rossi@example.com', event.id);
  const strip = other.getByRole('list', { name: 'Who is going' });
  const avatar = strip.getByRole('button', { name: MEMBER.name });
  await expect(avatar).toBeVisible();
  await expect(other.getByTestId('event-interested')).toHaveText('1 Interested');
  // The name shows on focus, for keyboard users as for the mouse.
  await expect(avatar.getByText(MEMBER.name)).toBeHidden();
  await avatar.hover();
  await expect(avatar.getByText(MEMBER.name)).toBeVisible();
  await other.mouse.move(0, 0);
  await expect(avatar.getByText(MEMBER.name)).toBeHidden();
  // From the keyboard: Tab from the control before it.
  await other.getByRole('link', { name: 'Add to calendar' }).focus();
  await other.keyboard.press('Tab');
  await expect(avatar).toBeFocused();
  await expect(avatar.getByText(MEMBER.name)).toBeVisible();
  await expectAccessible(other, 'event page with who is going');
  // Only the organisers get the CSV.
  await expect(other.getByRole('link', { name: 'Download attendees (CSV)' })).toHaveCount(0);
  await shoot(other, 'event-attendees');

  const host = await openEventAs(browser, 'host@example.com', event.id);
  await expect(
    host.getByRole('list', { name: 'Who is going' }).getByRole('button', { name: MEMBER.name }),
  ).toBeVisible();
  const [download] = await Promise.all([
    host.waitForEvent('download'),
    host.getByRole('link', { name: 'Download attendees (CSV)' }).click(),
  ]);
  const path = await download.path();
  const csv = readFileSync(path, 'utf8');
  const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data[0]).toEqual(['First Name', 'Last Name', 'Pseudo', 'Email', 'RSVP Time', 'Status']);
  expect(parsed.data.slice(1).map((row) => [row[0], row[1], row[3]])).toEqual([
    ['Marcus', 'Meyer', MEMBER.email],
  ]);
  await expectAccessible(host, 'event page of its host');

  for (const page of [member, other, host]) await page.context().close();
});
