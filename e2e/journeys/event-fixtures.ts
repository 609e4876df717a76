// Set-up the event journeys share (issue 29): a published event made through the API by the member
// signed in on `page`, in the demo space General, starting tomorrow on the hour for two hours. Each
// journey gives it a unique title, so it passes beside the others and again.
import { expect, type Page } from '@playwright/test';

const HOUR = 60 * 60 * 1000;

/** Online (YouTube), free, no tags; `fields` adds the title, description and anything else (capacity). */
export async function createEventAs(
  page: Page,
  fields: { title: string; description: string } & Record<string, unknown>,
): Promise<string> {
  const me = (await (await page.request.get('/api/auth/me')).json()).user as { id: string };
  const { items } = (await (await page.request.get('/api/spaces')).json()) as {
    items: { id: string; name: string }[];
  };
  const general = items.find((space) => space.name === 'General');
  if (!general) throw new Error('the demo space General is missing');
  const start = new Date(Math.ceil((Date.now() + 26 * HOUR) / HOUR) * HOUR);
  const created = await page.request.post('/api/events', {
    data: {
      spaceId: general.id,
      hostId: me.id,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 2 * HOUR).toISOString(),
      location: 'YOUTUBE',
      addressUrl: 'https://www.youtube.com/watch?v=journey',
      registration: 'FREE',
      published: true,
      tags: [],
      ...fields,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { event: { id: string } }).event.id;
}
