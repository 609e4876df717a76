// Browser journeys of the events feature (issue 3): browsing, the calendar, RSVP, creating and editing
// events with the map and streams, the live stream dialog, and the offline map. Every journey makes
// its own uniquely named events, so the journeys pass in any order and again on the same stack.
import { type APIRequestContext, expect, type Locator, type Page, request, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, fillEventTime, signInToEvents } from './helpers.ts';

// Eastern time in the browser too, so the form's local times are the times the cards show.
test.use({ baseURL: process.env.STACK_URL, timezoneId: 'America/New_York' });

const HOUR = 60 * 60 * 1000;
const EASTERN = 'America/New_York';
const monthHeader = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: EASTERN });
const dayButtonName = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: EASTERN,
});
// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isLocal = (url: string) => {
  if (url.startsWith('data:') || url.startsWith('blob:')) return true;
  return ['localhost', '127.0.0.1'].includes(new URL(url).hostname);
};

type ApiEvent = { id: string; title: string; startDate: string; published: boolean; members: unknown[] };

/** An API client signed in as one of the demo accounts. */
async function apiAs(email: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: process.env.STACK_URL });
  const login = await api.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  return api;
}

async function generalSpaceId(api: APIRequestContext): Promise<string> {
  const { items } = (await (await api.get('/api/spaces')).json()) as {
    items: { id: string; name: string }[];
  };
  const general = items.find((space) => space.name === 'General');
  if (!general) throw new Error('the demo space General is missing');
  return general.id;
}

/** A published event of the host's, created through the API. */
async function createEventAsHost(overrides: Record<string, unknown>): Promise<ApiEvent> {
  const api = await apiAs('host@example.com');
  try {
    const me = (await (await api.get('/api/auth/me')).json()).user as { id: string };
    const start = new Date(Math.ceil((Date.now() + 26 * HOUR) / HOUR) * HOUR);
    const response = await api.post('/api/events', {
      data: {
        title: unique('Journey event'),
        description: 'Created by the events journeys.',
        spaceId: await generalSpaceId(api),
        hostId: me.id,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 2 * HOUR).toISOString(),
        location: 'IN_PERSON',
        address: {
          city: 'Berlin',
          name: 'Betahaus',
          full_address: 'Rudi-Dutschke-Straße 23, 10969 Berlin, Germany',
          lat: 52.5024,
          lng: 13.3906,
        },
        registration: 'FREE',
        published: true,
        tags: ['journey'],
        ...overrides,
      },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { event: ApiEvent }).event;
  } finally {
    await api.dispose();
  }
}

/** Clicks "Load more" until the event's card is on the list. */
async function findCard(page: Page, title: string): Promise<Locator> {
  const link = page.getByRole('link', { name: title, exact: true });
  for (let attempt = 0; attempt < 20; attempt++) {
    await expect(page.getByRole('status', { name: 'Loading events' })).toHaveCount(0);
    if (await link.count()) break;
    await page.getByRole('button', { name: 'Load more' }).click();
  }
  await expect(link).toBeVisible();
  return link;
}

/** Moves the calendar to the month of `date` (Eastern time). */
async function showMonth(page: Page, date: Date) {
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

const toast = (page: Page, text: string) =>
  page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text }).first();

test('a member browses Upcoming, Past and the calendar, opens an event, RSVPs and un-RSVPs', async ({
  page,
}) => {
  const event = await createEventAsHost({ title: unique('Journey RSVP') });
  await signInToEvents(page, 'member@example.com');

  // Upcoming is the default tab; the event sits under its month-and-year header.
  await expect(page.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, 'events list');
  await findCard(page, event.title);
  await expect(
    page.getByRole('region', { name: monthHeader.format(new Date(event.startDate)) }).getByRole('link', {
      name: event.title,
    }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Cards' }).click();
  await expect(page.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
  await findCard(page, event.title);
  await page.getByRole('button', { name: 'List' }).click();

  // Past: the latest past event, as the API lists it.
  const past = (await (await page.request.get('/api/events?when=past&limit=1')).json()).items[0] as ApiEvent;
  await page.getByRole('tab', { name: 'Past' }).click();
  await expect(page.getByRole('link', { name: past.title, exact: true }).first()).toBeVisible();

  // The calendar shows the event on its day; a click opens it in the viewEvent modal.
  await page.getByRole('link', { name: 'Calendar view' }).click();
  await expect(page).toHaveURL(/\/events\?view=calendar$/);
  const calendar = await showMonth(page, new Date(event.startDate));
  // A chip is named by what it shows: the start time, then the title.
  await calendar
    .getByRole('link', { name: new RegExp(`^\\d{1,2}:\\d{2} [AP]M ${escapeRegExp(event.title)}$`) })
    .click();
  const modal = page.getByRole('dialog', { name: 'Event details' });
  await expect(modal.getByRole('heading', { name: event.title })).toBeVisible();
  await expectAccessible(page, 'calendar grid with event dialog');
  await expect(modal.getByText('Rudi-Dutschke-Straße 23, 10969 Berlin, Germany')).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toHaveCount(0);

  // Back to the list, then the event's page.
  await page.getByRole('link', { name: 'List view' }).click();
  await (await findCard(page, event.title)).click();
  await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await expectAccessible(page, 'event detail page');
  const interested = page.getByTestId('event-interested');
  await expect(interested).toHaveText('0 Interested');

  await page.getByRole('button', { name: 'RSVP', exact: true }).click();
  await expect(toast(page, 'You marked as interested')).toBeVisible();
  await expect(interested).toHaveText('1 Interested');
  await expect(page.getByRole('img', { name: 'Marked as interested' })).toBeVisible();

  await page.getByRole('button', { name: 'UnRSVP' }).click();
  await expect(toast(page, 'You unmarked as interested')).toBeVisible();
  await expect(interested).toHaveText('0 Interested');
  const saved = (await (await page.request.get(`/api/events/${event.id}`)).json()) as ApiEvent;
  expect(saved.members).toEqual([]);
});

test('a host creates an in-person event on the map and a YouTube event, saves a draft, publishes and edits it', async ({
  page,
}) => {
  // Stream embeds point outside; nothing may leave the machine in a test.
  await page.route(
    (url) => !isLocal(url.href),
    (route) => route.abort(),
  );
  await signInToEvents(page, 'host@example.com');

  // 1. In person, with a banner, topics and a point picked on the map; published at once.
  const inPerson = unique('Journey meetup');
  await page.getByRole('button', { name: 'Create Event' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create Event' });
  await dialog.getByLabel('Title').fill(inPerson);
  await dialog.getByLabel('Description').fill('Talks and pizza.');
  await dialog.getByLabel('Space', { exact: true }).selectOption({ label: 'General' });
  await expect(dialog.getByRole('combobox', { name: 'Host' })).toHaveValue('Hana Holm');
  await expectAccessible(page, 'create event dialog');
  await dialog.getByLabel('Venue name').fill('Community Hall');
  await dialog.getByLabel('Full address').fill('1 Market Street, Springfield');
  // The city search places the point (the city list in Postgres), then a map click refines it.
  await dialog.getByLabel('City').fill('Springfield');
  await dialog.getByRole('option', { name: /^Springfield, IL/ }).click();
  await expect(dialog.getByLabel('City')).toHaveValue(/^Springfield/);
  await expect(dialog.getByLabel('Latitude')).toHaveValue(/^39\.8/);
  const pickedLat = await dialog.getByLabel('Latitude').inputValue();
  await expect(dialog.getByText(/Address search is not available/)).toBeVisible();
  const canvas = dialog.locator('canvas.maplibregl-canvas');
  await canvas.scrollIntoViewIfNeeded();
  await expect(canvas).toBeVisible();
  await canvas.click({ position: { x: 120, y: 80 } });
  await expect(dialog.getByLabel('Latitude')).not.toHaveValue(pickedLat);
  await expect(dialog.locator('.maplibregl-marker')).toBeVisible();
  const lat = await dialog.getByLabel('Latitude').inputValue();
  const lng = await dialog.getByLabel('Longitude').inputValue();
  for (const topic of ['journey', 'maps']) {
    await dialog.getByLabel('Topics', { exact: true }).fill(topic);
    await dialog.getByLabel('Topics', { exact: true }).press('Enter');
  }
  await dialog.getByLabel('Banner').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.locator('figure[data-state="loaded"] img[alt="Event banner"]')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(toast(page, 'Success!')).toBeVisible();
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: inPerson })).toBeVisible();
  await expectAccessible(page, 'in-person event with its map');
  await expect(page.locator('.maplibregl-marker')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Directions' })).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`,
  );
  await expect(page.getByRole('list', { name: 'Topics' })).toHaveText(/journey\s*maps/);
  await expect(page.locator('figure[data-state="loaded"] img[alt="Event banner"]')).toHaveAttribute(
    'src',
    /\/api\/files\/events\/.+signature=/,
  );

  // 2. YouTube: the reversed dates only warn on create, the server refuses them, then a draft is saved.
  const stream = unique('Journey stream');
  await page.getByRole('link', { name: 'All events' }).click();
  await page.getByRole('button', { name: 'Create Event' }).click();
  dialog = page.getByRole('dialog', { name: 'Create Event' });
  await dialog.getByLabel('Title').fill(stream);
  await dialog.getByLabel('Space', { exact: true }).selectOption({ label: 'General' });
  await dialog.getByRole('radio', { name: 'YouTube' }).check();
  await dialog.getByLabel('Stream URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  const firstStart = new Date(Date.now() + HOUR);
  const parts = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'numeric',
    timeZone: EASTERN,
  }).formatToParts(firstStart);
  const year = Number(parts.find((part) => part.type === 'year')?.value);
  const month = Number(parts.find((part) => part.type === 'month')?.value);
  // The 15th of next month (month is 1-based here, so it is next month's index).
  const fifteenth = dayButtonName.format(new Date(Date.UTC(year, month, 15, 17)));
  await dialog.getByRole('button', { name: /^Start date:/ }).click();
  await dialog.getByRole('button', { name: 'Next month' }).click();
  await dialog.getByRole('button', { name: fifteenth, exact: true }).click();
  await fillEventTime(dialog, 'Start', 10);
  // The end follows the start (an hour later); set before it, the dates are reversed.
  await fillEventTime(dialog, 'End', 9);
  // Esc in the open date picker closes the picker only: the dialog and what was typed stay.
  await dialog.getByRole('button', { name: /^End date:/ }).click();
  await expect(dialog.getByRole('button', { name: 'Next month' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('button', { name: 'Next month' })).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveValue(stream);
  await dialog.getByRole('button', { name: 'Save as draft' }).click();
  await expect(toast(page, 'Error in event date')).toBeVisible();
  await expect(toast(page, 'Error occured while creating event!')).toBeVisible();
  await expect(dialog.getByText('Check the event date')).toBeVisible();
  await fillEventTime(dialog, 'End', 11);
  await expect(dialog.getByText('Check the event date')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save as draft' }).click();
  await expect(toast(page, 'Success!')).toBeVisible();
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  const streamId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: stream })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByTestId('event-date-range')).toContainText('10:00 AM – 11:00 AM');
  // Drafts are listed for their author only, under My drafts.
  await page.getByRole('link', { name: 'All events' }).click();
  await page.getByRole('tab', { name: 'My drafts' }).click();
  await (await findCard(page, stream)).click();

  // Watch Now: the YouTube embed, autoplaying unmuted, with the live chat beside it.
  await page.getByRole('button', { name: 'Watch Now' }).click();
  const player = page.getByRole('dialog', { name: stream });
  await expect(player.locator('iframe[title="Live stream"]')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&mute=0',
  );
  await expect(player.locator('iframe[title="Live chat"]')).toHaveAttribute(
    'src',
    /^https:\/\/www\.youtube\.com\/live_chat\?v=dQw4w9WgXcQ&embed_domain=localhost$/,
  );
  await player.getByRole('button', { name: 'Close' }).click();

  // 3. Edit: a reversed range stops the submit; then the title changes and the draft is published.
  const puts: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PUT') puts.push(sent.url());
  });
  await page.getByRole('button', { name: 'Edit Event' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(dialog.getByLabel('Title')).toHaveValue(stream);
  // A draft: Save as draft or Publish, no switch beside them (issue 26).
  await expect(dialog.getByRole('switch')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Save as draft' })).toBeVisible();
  await expectAccessible(page, 'edit event dialog');
  await fillEventTime(dialog, 'End', 9);
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(toast(page, 'Error in event date')).toBeVisible();
  await expect(dialog.getByText('Check the event date')).toBeVisible();
  expect(puts).toEqual([]);
  await fillEventTime(dialog, 'End', 12);
  await dialog.getByLabel('Title').fill(`${stream} (edited)`);
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(toast(page, 'Success!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(puts).toHaveLength(1);
  await expect(page.getByRole('heading', { level: 1, name: `${stream} (edited)` })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'RSVP', exact: true })).toBeDisabled();
  const published = (await (await page.request.get(`/api/events/${streamId}`)).json()) as ApiEvent;
  expect(published).toMatchObject({ title: `${stream} (edited)`, published: true });
});

test('a USER does not see Go Live; a host goes live on LinkedIn', async ({ page, browser }) => {
  await signInToEvents(page, 'member@example.com');
  await expect(page.getByRole('button', { name: 'Create Event' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Live' })).toHaveCount(0);

  const hostContext = await browser.newContext({ baseURL: process.env.STACK_URL, timezoneId: EASTERN });
  const hostPage = await hostContext.newPage();
  await hostPage.route(
    (url) => !isLocal(url.href),
    (route) => route.abort(),
  );
  await signInToEvents(hostPage, 'host@example.com');
  await hostPage.getByRole('button', { name: 'Go Live' }).click();
  const dialog = hostPage.getByRole('dialog', { name: 'Go Live' });
  const title = unique('Journey live');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Space', { exact: true }).selectOption({ label: 'General' });
  await dialog.getByLabel('Stream URL').fill('https://vimeo.com/123');
  await dialog.getByRole('button', { name: 'Go Live' }).click();
  await expect(dialog.getByText('Use a YouTube, LinkedIn or Facebook URL')).toBeVisible();
  await expectAccessible(hostPage, 'go live dialog with errors');
  await dialog
    .getByLabel('Stream URL')
    .fill('https://www.linkedin.com/feed/update/urn:li:activity:7264019283746501234/');
  await dialog.getByLabel('Duration').selectOption({ label: '30 minutes' });
  await dialog.getByRole('button', { name: 'Go Live' }).click();
  await expect(toast(hostPage, 'Success!')).toBeVisible();
  await expect(hostPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(hostPage.getByText('Streamed live on LinkedIn')).toBeVisible();
  await hostPage.getByRole('button', { name: 'Watch Now' }).click();
  await expect(
    hostPage.getByRole('dialog', { name: title }).locator('iframe[title="Live stream"]'),
  ).toHaveAttribute('src', 'https://www.linkedin.com/embed/feed/update/urn:li:activity:7264019283746501234');
  await hostContext.close();
});

test('the map renders a marker offline', async ({ page }) => {
  const requested: string[] = [];
  page.context().on('request', (sent) => requested.push(sent.url()));
  const event = await createEventAsHost({ title: unique('Journey map') });
  await signInToEvents(page, 'member@example.com');
  await page.goto(`/events/${event.id}`);

  const map = page.getByTestId('event-map');
  const marker = page.locator('.maplibregl-marker');
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect(marker).toBeVisible();
  await expect(marker).toHaveAttribute('aria-label', 'Betahaus');
  // The marker sits on the event's coordinates, the map's centre.
  const mapBox = (await map.boundingBox())!;
  const markerBox = (await marker.boundingBox())!;
  expect(Math.abs(markerBox.x + markerBox.width / 2 - (mapBox.x + mapBox.width / 2))).toBeLessThan(3);
  expect(markerBox.y + markerBox.height).toBeGreaterThan(mapBox.y + mapBox.height / 2 - 3);
  expect(markerBox.y + markerBox.height).toBeLessThan(mapBox.y + mapBox.height / 2 + 12);
  await expect(page.getByRole('link', { name: 'Get Directions' })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/dir/?api=1&destination=52.5024,13.3906',
  );

  expect(requested.some((url) => url.endsWith('/map/offline-style.json'))).toBe(true);
  expect(requested.some((url) => /\/mfe\/events\/assets\/maplibre-gl-worker-[\w-]+\.mjs$/.test(url))).toBe(
    true,
  );
  expect(requested.filter((url) => !isLocal(url))).toEqual([]);
});

test('a member resets the calendar feed link: the new address serves the feed, the old one is refused', async ({
  page,
}) => {
  await signInToEvents(page, 'member@example.com');
  await page.getByRole('button', { name: 'Calendar feed' }).click();
  const address = page.getByRole('textbox', { name: 'Subscribe in your calendar app:' });
  await expect(address).toHaveValue(/\/api\/events\.ics\?user=.+&token=.+/);
  const before = await address.inputValue();

  // A calendar app: no cookies, only the address.
  const calendarApp = await request.newContext();
  try {
    expect((await calendarApp.get(before)).status()).toBe(200);

    await page.getByRole('button', { name: 'Reset link' }).click();
    await expect(toast(page, 'Calendar link reset')).toBeVisible();
    await expect(address).not.toHaveValue(before);
    const after = await address.inputValue();

    expect((await calendarApp.get(before)).status()).toBe(401);
    const served = await calendarApp.get(after);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toContain('text/calendar');
  } finally {
    await calendarApp.dispose();
  }
});
