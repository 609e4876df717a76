// Events: list, detail, create, edit, RSVP, and calendar files. Writes need the `events` feature.
import { CreateEventInput, EventListQuery, RsvpInput, UpdateEventInput } from '@community/domain';
import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { badRequest, notFound, unauthorized } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { eventAttendee, eventAuthor, eventSpaceMember, isUuid, pathIds } from '../middleware/access.ts';
import { requireAuth, signedIn } from '../middleware/auth.ts';
import { requireFeature } from '../middleware/features.ts';
import { announceEvent } from '../services/announcements.ts';
import { communityCalendar, eventCalendar } from '../services/calendar.ts';
import { findCommunity } from '../services/community.ts';
import { createEvent, rsvp, unrsvp, updateEvent } from '../services/event-writes.ts';
import { EVENT_NOT_FOUND, findVisibleEvent, listEvents } from '../services/events.ts';
import {
  calendarFeedToken,
  calendarFeedUrl,
  checkCalendarFeedToken,
  resetCalendarFeedToken,
} from '../services/feed-token.ts';

const EventIdParam = z.object({ id: z.uuid({ error: EVENT_NOT_FOUND }) });
const RsvpParam = z.object({ eventId: z.uuid({ error: EVENT_NOT_FOUND }) });
const IcsParam = z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.ics$/i, EVENT_NOT_FOUND) });

const calendarResponse = (c: Context<AppEnv>, body: string, filename: string) =>
  c.body(body, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'private, max-age=300',
  });

async function loadEvent(c: Context<AppEnv>, id: string) {
  const event = await findVisibleEvent(c.var.db(), id, requireAuth(c).user.id);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return event;
}

/**
 * Who may read the community feed: a signed-in member, or a calendar app with a member's
 * `?user=&token=`. Checked before the query is looked at as anything else, so a stranger gets 401
 * whatever it sends (never a schema message).
 */
const feedReader = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.auth) {
    const { user, token } = c.req.query();
    if (
      !isUuid(user) ||
      !token ||
      !(await checkCalendarFeedToken(c.var.db(), c.var.config.authSecret, user, token))
    )
      throw unauthorized();
  }
  await next();
});

/** `GET /api/events.ics`: the community feed, for a signed-in browser or a calendar app with its token. */
export const communityFeedRoute = new Hono<AppEnv>().get('/', feedReader, async (c) => {
  const community = await findCommunity(c.var.db());
  const addresses = { origin: new URL(c.req.url).origin, publicUrl: c.var.config.publicUrl };
  return calendarResponse(
    c,
    await communityCalendar(c.var.db(), addresses, community?.communityName ?? 'Events'),
    'events.ics',
  );
});

export const eventRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .get('/', validate('query', EventListQuery), async (c) => {
    const query = c.req.valid('query');
    const page = await listEvents(c.var.db(), {
      ...query,
      published: query.published ?? true,
      viewerId: requireAuth(c).user.id,
    });
    return c.json(page, 200);
  })
  .get('/calendar-feed', async (c) => {
    const { user } = requireAuth(c);
    const token = await calendarFeedToken(c.var.db(), c.var.config.authSecret, user.id);
    return c.json({ url: calendarFeedUrl(new URL(c.req.url).origin, user.id, token) }, 200);
  })
  // "Reset link": a new feed key; every address given out before answers 401 from now on.
  .post('/calendar-feed/reset', async (c) => {
    const { user } = requireAuth(c);
    const token = await resetCalendarFeedToken(c.var.db(), c.var.config.authSecret, user.id);
    return c.json({ url: calendarFeedUrl(new URL(c.req.url).origin, user.id, token) }, 200);
  })
  .get('/:file{[0-9a-fA-F-]{36}\\.ics}', validate('param', IcsParam), async (c) => {
    const id = c.req.valid('param').file.slice(0, -'.ics'.length);
    const addresses = { origin: new URL(c.req.url).origin, publicUrl: c.var.config.publicUrl };
    const body = await eventCalendar(c.var.db(), id, requireAuth(c).user.id, addresses);
    if (!body) throw notFound(EVENT_NOT_FOUND);
    return calendarResponse(c, body, `event-${id}.ics`);
  })
  .get('/:id', pathIds(EventIdParam), async (c) => c.json(await loadEvent(c, c.req.valid('param').id), 200))
  .post('/', requireFeature('events'), eventSpaceMember, validate('json', CreateEventInput), async (c) => {
    const { user } = requireAuth(c);
    const input = c.req.valid('json');
    const id = await createEvent(c.var.txDb(), input, user);
    const event = await loadEvent(c, id);
    const announced = event.published
      ? await announceEvent(c.var.db(), c.env.REALTIME, c.var.config, event)
      : true;
    return c.json({ event, announced }, 201);
  })
  .put(
    '/:id',
    requireFeature('events'),
    eventAuthor,
    pathIds(EventIdParam),
    validate('json', UpdateEventInput),
    async (c) => {
      const { id } = c.req.valid('param');
      const { publishedNow } = await updateEvent(c.var.txDb(), id, c.req.valid('json'), requireAuth(c).user);
      const event = await loadEvent(c, id);
      const announced = publishedNow
        ? await announceEvent(c.var.db(), c.env.REALTIME, c.var.config, event)
        : true;
      return c.json({ event, announced }, 200);
    },
  )
  .post(
    '/:eventId/members',
    requireFeature('events'),
    eventAttendee,
    pathIds(RsvpParam),
    validate('json', RsvpInput),
    async (c) => {
      const { eventId } = c.req.valid('param');
      if (c.req.valid('json').eventId !== eventId) throw badRequest('eventId does not match the path');
      await rsvp(c.var.db(), eventId, requireAuth(c).user);
      return c.json(await loadEvent(c, eventId), 201);
    },
  )
  .delete('/:eventId/members', requireFeature('events'), eventAttendee, pathIds(RsvpParam), async (c) => {
    const { eventId } = c.req.valid('param');
    await unrsvp(c.var.db(), eventId, requireAuth(c).user);
    return c.json(await loadEvent(c, eventId), 200);
  });
