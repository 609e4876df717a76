// The demo seed's events carry banners (issue 29, "Looks like an event page"): uploaded through the
// real upload route as each event's author when the stack starts (scripts/lib/demo-images.ts).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_BANNERS_FOLDER } from '@community/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, type Session, signIn, withDatabase } from '../../scripts/lib/api-test-client.ts';

/** The demo's events (packages/db/src/seed.ts), by title. */
const DEMO_EVENT_TITLES = [
  'Community Kickoff Meetup',
  'Design Systems in Practice',
  'Founders AMA: Raising a Seed Round',
  'Live Q&A: Building Realtime Apps',
  'Open Source Saturday',
  'Community Town Hall',
  'Hands-on Workshop: Accessible Forms',
  'Summer Rooftop Social',
];

type DemoEvent = {
  id: string;
  title: string;
  published: boolean;
  author_id: string;
  banner_url: string | null;
  owner_id: string | null;
  bucket: string | null;
};

let member: Session;
/** Admin of every demo space (the member is not in Founders Circle). */
let owner: Session;
let events: DemoEvent[];
beforeAll(async () => {
  member = await signIn('member@example.com');
  owner = await signIn('owner@example.com');
  events = await withDatabase(async (db) => {
    const { rows } = await db.query(
      `select e.id, e.title, e.published, e.author_id, e.banner_url, u.owner_id, u.bucket
        from events e
        left join uploads u on e.banner_url like '%/api/files/' || u.key
        where e.title = any($1) and e.author_id in (select id from users where email like '%@example.com')
        order by e.start_date`,
      [DEMO_EVENT_TITLES],
    );
    return rows as DemoEvent[];
  });
});

describe('the demo events', () => {
  it('most have a banner, an image their author uploaded; at least one shows the placeholder', () => {
    expect(events.map((event) => event.title).sort()).toEqual([...DEMO_EVENT_TITLES].sort());
    const withBanner = events.filter((event) => event.banner_url);
    expect(withBanner.length).toBeGreaterThanOrEqual(events.length - 2);
    expect(withBanner.length).toBeLessThan(events.length);
    for (const event of withBanner) {
      expect(event.banner_url, event.title).toMatch(
        new RegExp(`^${baseUrl()}/api/files/events/[0-9a-f-]{36}\\.webp$`),
      );
      // Recorded as the author's own upload, as the event form's dropzone would have it.
      expect({ owner: event.owner_id, bucket: event.bucket }, event.title).toEqual({
        owner: event.author_id,
        bucket: 'events',
      });
    }
  });

  it('show their banners to every member: WebP images, the committed files', async () => {
    const committed = new Set(
      await Promise.all(
        ['kickoff-network.webp', 'design-modules.webp', 'open-source-branches.webp'].map(async (file) =>
          Buffer.from(await readFile(path.join(DEMO_BANNERS_FOLDER, file))).toString('base64'),
        ),
      ),
    );
    let matched = 0;
    for (const event of events.filter((e) => e.published && e.banner_url)) {
      const detail = await call(`/api/events/${event.id}`, { token: owner.token });
      expect(detail.status).toBe(200);
      expect(detail.body.bannerUrl).toBe(event.banner_url);
      const file = await fetch(event.banner_url!, { headers: { Authorization: `Bearer ${member.token}` } });
      expect(file.status, event.title).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(1000);
      if (committed.has(bytes.toString('base64'))) matched++;
    }
    expect(matched).toBe(committed.size);
  });
});
