// Browser journeys of how the events pages sit on the screen (issue 26): on a phone nothing is drawn
// over the bottom tab bar (an event's map controls, toasts) and the calendar is an agenda with no
// sideways scrolling; on desktop a calendar chip shows the start of its title. Each journey makes its
// own uniquely named event, so they pass in any order and again on the same stack.
import { expect, type Locator, type Page, request, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, signInToEvents } from './helpers.ts';

// Eastern time in the browser, so the calendar's months are the ones `monthHeader` names.
test.use({ baseURL: process.env.STACK_URL, timezoneId: 'America/New_York' });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const HOUR = 60 * 60 * 1000;
const monthHeader = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'America/New_York',
});
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type ApiEvent = { id: string; title: string; startDate: string };

/** A published in-person event (Berlin, so its page has a map) by the host, tomorrow. */
async function createEvent(title: string): Promise<ApiEvent> {
  const api = await request.newContext({ baseURL: process.env.STACK_URL });
  try {
    const login = await api.post('/api/auth/login', {
      data: { email: 'host@example.com', password: DEMO_PASSWORD },
    });
    expect(login.ok()).toBe(true);
    const me = (await (await api.get('/api/auth/me')).json()).user as { id: string };
    const { items } = (await (await api.get('/api/spaces')).json()) as {
      items: { id: string; name: string }[];
    };
    const start = new Date(Math.ceil((Date.now() + 26 * HOUR) / HOUR) * HOUR);
    const response = await api.post('/api/events', {
      data: {
        title,
        description: 'Created by the events layout journeys.',
        spaceId: items.find((space) => space.name === 'General')?.id,
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
      },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { event: ApiEvent }).event;
  } finally {
    await api.dispose();
  }
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

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('nothing sits on top of the bottom tab bar: the map’s zoom buttons pass under it, toasts rise above it', async ({
    page,
  }) => {
    const event = await createEvent(`Journey tab bar ${unique()}`);
    await signInToEvents(page, 'member@example.com');
    await page.goto(`/events/${event.id}`);
    const bar = page.getByRole('navigation', { name: 'Main' });
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    const zoomOut = page.getByRole('button', { name: 'Zoom out' });
    await expect(zoomIn).toBeVisible();
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBe(PHONE.height);

    // Scrolled so the zoom buttons are behind the bar: the bar is what shows (and takes a tap) there.
    const zoomBox = (await zoomIn.boundingBox())!;
    await page.evaluate((by) => window.scrollBy(0, by), zoomBox.y - (barBox.y + 8));
    await expect
      .poll(() =>
        zoomIn.evaluate((button) => {
          const box = button.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return hit?.closest('nav')?.getAttribute('aria-label') ?? hit?.getAttribute('aria-label');
        }),
      )
      .toBe('Main');

    // At the page's end the map sits above the bar: its zoom buttons are clear of it.
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    for (const button of [zoomIn, zoomOut]) {
      await expect(button).toBeInViewport();
      expect(overlaps((await button.boundingBox())!, barBox)).toBe(false);
    }

    // A toast (an RSVP's) stands above the bar.
    await page.getByRole('button', { name: 'RSVP', exact: true }).click();
    const toast = page
      .locator('[data-scope="toast"][data-part="root"]')
      .filter({ hasText: 'You marked as interested' });
    await expect(toast).toBeVisible();
    await expect.poll(async () => overlaps((await toast.boundingBox())!, barBox)).toBe(false);
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y);
    await page.getByRole('button', { name: 'UnRSVP' }).click();
    await expect(page.getByRole('button', { name: 'RSVP', exact: true })).toBeVisible();
  });

  test('the calendar is an agenda of the month’s days with their events, with no sideways scrolling', async ({
    page,
  }) => {
    const event = await createEvent(`Journey agenda ${unique()}`);
    await signInToEvents(page, 'member@example.com');
    await page.getByRole('link', { name: 'Calendar view' }).click();
    const calendar = await showMonth(page, new Date(event.startDate));
    const month = monthHeader.format(new Date(event.startDate));
    const agenda = calendar.getByRole('list', { name: month });
    await expect(agenda).toBeVisible();
    await expect(calendar.getByRole('table')).toHaveCount(0);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    // The event's day is a heading, its date a row with the time and the whole title.
    const day = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'America/New_York',
    }).format(new Date(event.startDate));
    const dayItem = agenda
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: day }) });
    const row = dayItem.getByRole('link', {
      name: new RegExp(`^\\d{1,2}:\\d{2} [AP]M ${escapeRegExp(event.title)}$`),
    });
    await expect(row).toBeVisible();
    await expect(row).toContainText(event.title);
    const rowBox = (await row.boundingBox())!;
    expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'calendar agenda (phone)');

    // A tap opens the event as a grid chip does.
    await row.click();
    const modal = page.getByRole('dialog', { name: 'Event details' });
    await expect(modal.getByRole('heading', { name: event.title })).toBeVisible();
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toHaveCount(0);
  });
});

test.describe('on desktop', () => {
  test.use({ viewport: DESKTOP });

  test('a calendar chip shows at least the first word of its title', async ({ page }) => {
    // A long first word: "Community" is as long as the demo's first words get.
    const event = await createEvent(`Community chip ${unique()}`);
    await signInToEvents(page, 'member@example.com');
    await page.getByRole('link', { name: 'Calendar view' }).click();
    const calendar = await showMonth(page, new Date(event.startDate));
    const chip = calendar
      .getByRole('table')
      .getByRole('link', { name: new RegExp(escapeRegExp(event.title)) });
    await expect(chip).toBeVisible();
    await expect(chip).toHaveAttribute('title', new RegExp(`^${escapeRegExp(event.title)} \\(`));

    // Where "Community" ends on screen, and where the chip stops drawing its title's text (its clip,
    // less the ellipsis when the title is cut).
    const { wordEnd, visibleEnd } = await chip.evaluate((link, title) => {
      const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
      let text: Text | null = null;
      while (walker.nextNode()) {
        if (walker.currentNode.textContent?.includes(title)) text = walker.currentNode as Text;
      }
      if (!text?.textContent) throw new Error('the chip does not show its title');
      const range = document.createRange();
      const from = text.textContent.indexOf(title);
      range.setStart(text, from);
      range.setEnd(text, from + title.indexOf(' '));
      let clip = text.parentElement as HTMLElement;
      while (clip !== link && getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement!;
      const style = getComputedStyle(clip);
      let ellipsis = 0;
      if (style.textOverflow === 'ellipsis' && clip.scrollWidth > clip.clientWidth) {
        const probe = document.createElement('span');
        probe.textContent = '…';
        probe.style.font = style.font;
        document.body.append(probe);
        ellipsis = probe.getBoundingClientRect().width;
        probe.remove();
      }
      const box = clip.getBoundingClientRect();
      return {
        wordEnd: range.getBoundingClientRect().right,
        visibleEnd:
          box.right -
          Number.parseFloat(style.paddingRight) -
          Number.parseFloat(style.borderRightWidth) -
          ellipsis,
      };
    }, event.title);
    expect(wordEnd).toBeLessThanOrEqual(visibleEnd);
  });
});

test.describe('on desktop, scrolled', () => {
  test.use({ viewport: DESKTOP });

  test('an event page scrolls under the top bar while the top bar and the sidebar stay in place', async ({
    page,
  }) => {
    const event = await createEvent(`Journey scrolled ${unique()}`);
    await signInToEvents(page, 'member@example.com');
    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole('button', { name: 'Zoom in' })).toBeVisible();
    const topBar = page.locator('header').first();
    const sidebar = page.getByRole('navigation', { name: 'Spaces' });
    await expect(sidebar).toBeVisible();
    const barBox = (await topBar.boundingBox())!;
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);

    expect((await topBar.boundingBox())!.y).toBe(0);
    const sidebarBox = (await sidebar.boundingBox())!;
    // (The bar's box is a fraction of a pixel short of its 3.5rem.)
    expect(Math.abs(sidebarBox.y - barBox.height)).toBeLessThan(1);
    expect(Math.round(sidebarBox.y + sidebarBox.height)).toBe(DESKTOP.height);
    // The top bar is drawn over what scrolled under it, across the whole width (over the sidebar too).
    const drawnOnTop = await page.evaluate(
      (points) => points.map(([x, y]) => Boolean(document.elementFromPoint(x, y)?.closest('header'))),
      [10, 200, 683, 1000, 1300].map((x): [number, number] => [x, barBox.height / 2]),
    );
    expect(drawnOnTop).toEqual([true, true, true, true, true]);
  });
});
