// The demo looks like an event page (issue 29): the seeded events carry the banners drawn for the
// project (packages/db/demo-banners, uploaded as their authors when the stack starts), shown in the
// list's cards and on the event page; an event without one keeps the colour-and-title placeholder.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInToEvents } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });

type ApiEvent = { id: string; title: string; bannerUrl: string | null };

const WITH_BANNER = 'Live Q&A: Building Realtime Apps';
const WITHOUT_BANNER = 'Community Town Hall';

/** The seeded upcoming event with this title, as the API lists it (page after page). */
async function demoEvent(page: Page, title: string): Promise<ApiEvent> {
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const answer = await page.request.get(`/api/events?limit=100${query}`);
    const body = (await answer.json()) as { items: ApiEvent[]; nextCursor: string | null };
    const event = body.items.find((item) => item.title === title);
    if (event) return event;
    cursor = body.nextCursor;
  } while (cursor);
  throw new Error(`the demo event "${title}" is not listed`);
}

/** An image that is in the page and drawn: loaded, with the banner's own width (1500 px). */
async function expectDrawnBanner(banner: Locator) {
  await expect(banner.locator('xpath=ancestor::figure[1]')).toHaveAttribute('data-state', 'loaded');
  await expect(banner).toBeVisible();
  await expect.poll(() => banner.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1500);
}

test('the demo events show their banners in the cards and on the event page; one without shows its colour and title', async ({
  page,
}) => {
  await signInToEvents(page, 'member@example.com');
  const withBanner = await demoEvent(page, WITH_BANNER);
  const withoutBanner = await demoEvent(page, WITHOUT_BANNER);
  expect(withBanner.bannerUrl).toMatch(/\/api\/files\/events\/[0-9a-f-]{36}\.webp$/);
  expect(withoutBanner.bannerUrl).toBeNull();

  // The cards: the banner is the card's picture.
  await page.getByRole('button', { name: 'Cards' }).click();
  const card = page.getByRole('article', { name: WITH_BANNER, exact: true });
  for (let attempt = 0; attempt < 20 && !(await card.count()); attempt++) {
    await expect(page.getByRole('status', { name: 'Loading events' })).toHaveCount(0);
    if (await card.count()) break;
    await page.getByRole('button', { name: 'Load more' }).click();
  }
  await expectDrawnBanner(card.getByRole('img', { name: 'Event banner' }));
  await expect(card.getByTestId('banner-placeholder')).toHaveCount(0);

  // The event page: the banner heads it.
  await page.goto(`/events/${withBanner.id}`);
  await expect(page.getByRole('heading', { name: WITH_BANNER })).toBeVisible();
  await expectDrawnBanner(page.getByRole('img', { name: 'Event banner' }));
  await expect(page.getByTestId('banner-placeholder')).toHaveCount(0);

  // Without a banner: the event's colour with its title.
  await page.goto(`/events/${withoutBanner.id}`);
  await expect(page.getByRole('heading', { name: WITHOUT_BANNER })).toBeVisible();
  await expect(page.getByTestId('banner-placeholder')).toHaveText(WITHOUT_BANNER);
  await expect(page.getByRole('img', { name: 'Event banner' })).toHaveCount(0);
});
