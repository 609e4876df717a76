// Events: list, range (every date in a month grid), detail, create, edit, delete, cancelling one
// date of a series, RSVP, and calendar files. Every route needs the `events` feature (docs/features.md),
// the calendar feed fetched with its token too (its owner's); a stream live now needs `livestream`.
import {
  CancelEventInput,
  CancelOccurrenceInput,
  CreateEventInput,
  EventListQuery,
  EventRangeQuery,
  PageQuery,
  RsvpInput,
  UpdateEventInput,
} from '@community/domain';
import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { badRequest, forbidden, notFound, unauthorized, validationError } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { eventAttendee, eventAuthor, eventSpaceMember, isUuid, pathIds } from '../middleware/access.ts';
import { ADMIN_ROLES, requireAuth, signedIn } from '../middleware/auth.ts';
import { assertFeature, requireFeature } from '../middleware/features.ts';
import { assertOwnMedia } from '../middleware/own-media.ts';
import { announceEvent, isLiveNow } from '../services/announcements.ts';
import { communityCalendar, eventCalendar } from '../services/calendar.ts';
import { findCommunity } from '../services/community.ts';
import { attendeesCsv, listAttendees } from '../services/event-attendees.ts';
import {
  cancelEvent,
  deleteEventChecked,
  notifyEventCancelled,
  restoreEvent,
} from '../services/event-cancel.ts';
import { publishEventChanged } from '../services/event-notices.ts';
import { notifyWaitlistPromoted } from '../services/event-waitlist.ts';
import {
  cancelOccurrence,
  createEvent,
  ONLY_ORGANIZERS_CHANGE,
  restoreOccurrence,
  rsvp,
  unrsvp,
  updateEvent,
} from '../services/event-writes.ts';
import { EVENT_NOT_FOUND, eventsInRangeJson, findVisibleEvent, listEvents } from '../services/events.ts';
import {
  calendarFeedToken,
  calendarFeedUrl,
  checkCalendarFeedToken,
  resetCalendarFeedToken,
} from '../services/feed-token.ts';
import { imageField } from '../services/uploads.ts';
import { findUserWithFeatures } from '../services/users.ts';

const EventIdParam = z.object({ id: z.uuid({ error: EVENT_NOT_FOUND }) });
const RsvpParam = z.object({ eventId: z.uuid({ error: EVENT_NOT_FOUND }) });
const CancelledOccurrenceParam = z.object({
  id: z.uuid({ error: EVENT_NOT_FOUND }),
  occurrenceStart: z.string(),
});
const IcsParam = z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.ics$/i, EVENT_NOT_FOUND) });

const calendarResponse = (c: Context<AppEnv>, body: string, filename: string) =>
  c.body(body, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'private, max-age=300',
  });

const isCommunityAdmin = (c: Context<AppEnv>) =>
  (ADMIN_ROLES as readonly string[]).includes(requireAuth(c).user.role);

/**
 * The event as the caller sees it (`eventVisibleTo`: the readers of its space), else 404.
 * `organizing`: the routes that call off dates, where community admins reach every space's events.
 */
async function loadEvent(c: Context<AppEnv>, id: string, { organizing = false } = {}) {
  const everySpace = organizing && isCommunityAdmin(c);
  const event = await findVisibleEvent(c.var.db(), id, requireAuth(c).user.id, { everySpace });
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return event;
}

/**
 * Who may call off a date of an event or delete it: its author, its host, or a community admin
 * (docs/product-decisions.md), who may do so in any space, as they moderate every wall; anyone
 * else who may not see the event gets 404. Asked before the body is validated, so anyone else
 * gets 403 whatever they send.
 */
const eventOrganizer = createMiddleware<AppEnv>(async (c, next) => {
  const { user } = requireAuth(c);
  const id = c.req.param('id');
  if (!isUuid(id)) throw notFound(EVENT_NOT_FOUND);
  const event = await loadEvent(c, id, { organizing: true });
  if (event.authorId !== user.id && event.hostId !== user.id && !isCommunityAdmin(c))
    throw forbidden(ONLY_ORGANIZERS_CHANGE);
  await next();
});

/** Who may read what belongs to an event (its attendees): whoever may see it; anyone else gets 404. */
const eventReader = createMiddleware<AppEnv>(async (c, next) => {
  const id = c.req.param('id');
  if (!isUuid(id)) throw notFound(EVENT_NOT_FOUND);
  await loadEvent(c, id);
  await next();
});

/**
 * Who may read the community feed: a signed-in member, or a calendar app with a member's
 * `?user=&token=`. Checked before the query is looked at as anything else, so a stranger gets 401
 * whatever it sends (never a schema message).
 */
const feedReader = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.auth) {
    assertFeature(c.var.auth.user, 'events');
  } else {
    const { user, token } = c.req.query();
    if (
      !isUuid(user) ||
      !token ||
      !(await checkCalendarFeedToken(c.var.db(), c.var.config.authSecret, user, token))
    )
      throw unauthorized();
    // The feed is its owner's: it stops when their `events` switch is off (docs/features.md).
    assertFeature(await findUserWithFeatures(c.var.db(), user), 'events');
  }
  await next();
});

type StreamTimes = Parameters<typeof isLiveNow>[0];

/**
 * `livestream`: creating a stream that is live now (what Go Live creates and announces as "is
 * live in"), or editing an event into one. It reads the body, so it follows validation. Editing a
 * stream that was already live (its title, say) needs nothing more than editing any event.
 */
function assertMayGoLive(c: Context<AppEnv>, event: StreamTimes, before?: StreamTimes) {
  if (isLiveNow(event) && !(before && isLiveNow(before))) assertFeature(requireAuth(c).user, 'livestream');
}

/**
 * `GET /api/events.ics`: the community feed, for a signed-in browser or a calendar app with its
 * token; it holds what its reader may see: the signed-in member, else the token's owner (checked).
 */
export const communityFeedRoute = new Hono<AppEnv>().get('/', feedReader, async (c) => {
  const reader = c.var.auth?.user.id ?? c.req.query('user');
  if (!reader) throw unauthorized();
  const community = await findCommunity(c.var.db());
  const addresses = { origin: new URL(c.req.url).origin, publicUrl: c.var.config.publicUrl };
  return calendarResponse(
    c,
    await communityCalendar(c.var.db(), reader, addresses, community?.communityName ?? 'Events'),
    'events.ics',
  );
});

export const eventRoutes = new Hono<AppEnv>()
  .use(signedIn)
  // Every events route, reads included (docs/features.md), before any guard or validation.
  .use(requireFeature('events'))
  // `?from=&to=` makes it a range (the month grid: every date, one request); else the lists' pages.
  .get('/', async (c) => {
    const raw = c.req.query();
    if ('from' in raw || 'to' in raw) {
      const range = EventRangeQuery.safeParse(raw);
      if (!range.success) throw validationError(range.error);
      const answer = await eventsInRangeJson(
        c.var.db(),
        requireAuth(c).user.id,
        new Date(range.data.from),
        new Date(range.data.to),
      );
      return c.body(answer, 200, { 'Content-Type': 'application/json' });
    }
    const parsed = EventListQuery.safeParse(raw);
    if (!parsed.success) throw validationError(parsed.error);
    const query = parsed.data;
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
  .post('/', eventSpaceMember, validate('json', CreateEventInput), async (c) => {
    const { user } = requireAuth(c);
    const input = c.req.valid('json');
    assertMayGoLive(c, input);
    await assertOwnMedia(c, [imageField('bannerUrl', input.bannerUrl, 'events')]);
    const id = await createEvent(c.var.txDb(), input, user);
    const event = await loadEvent(c, id);
    const announced = event.published
      ? await announceEvent(c.var.db(), c.env.REALTIME, c.var.config, event)
      : true;
    return c.json({ event, announced }, 201);
  })
  .put('/:id', eventAuthor, pathIds(EventIdParam), validate('json', UpdateEventInput), async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const current = await loadEvent(c, id);
    assertMayGoLive(c, input, current);
    // An event's banner from before the media rule stays while it is not changed.
    await assertOwnMedia(c, [imageField('bannerUrl', input.bannerUrl, 'events', current.bannerUrl)]);
    const { publishedNow, promoted } = await updateEvent(c.var.txDb(), id, input, requireAuth(c).user);
    const event = await loadEvent(c, id);
    await Promise.all([
      notifyWaitlistPromoted(c.var.db(), c.env.REALTIME, c.var.config, event, promoted),
      publishEventChanged(c.env.REALTIME, c.var.config, event),
    ]);
    const announced = publishedNow
      ? await announceEvent(c.var.db(), c.env.REALTIME, c.var.config, event)
      : true;
    return c.json({ event, announced }, 200);
  })
  // RSVP, or join the waitlist of a full event (the answer's `waitlistPosition` says which).
  .post('/:eventId/members', eventAttendee, pathIds(RsvpParam), validate('json', RsvpInput), async (c) => {
    const { eventId } = c.req.valid('param');
    if (c.req.valid('json').eventId !== eventId) throw badRequest('eventId does not match the path');
    await rsvp(c.var.db(), eventId, requireAuth(c).user);
    const event = await loadEvent(c, eventId);
    await publishEventChanged(c.env.REALTIME, c.var.config, event);
    return c.json(event, 201);
  })
  // UnRSVP, or leave the waitlist; a freed place goes to the first waiting member at once.
  .delete('/:eventId/members', eventAttendee, pathIds(RsvpParam), async (c) => {
    const { eventId } = c.req.valid('param');
    const promoted = await unrsvp(c.var.txDb(), eventId, requireAuth(c).user);
    const event = await loadEvent(c, eventId);
    await Promise.all([
      notifyWaitlistPromoted(c.var.db(), c.env.REALTIME, c.var.config, event, promoted),
      publishEventChanged(c.env.REALTIME, c.var.config, event),
    ]);
    return c.json(event, 200);
  })
  // "Who is going": names and avatars for every reader of the event, never an email.
  .get('/:id/attendees', eventReader, validate('query', PageQuery), async (c) =>
    c.json(await listAttendees(c.var.db(), c.req.param('id'), c.req.valid('query')), 200),
  )
  // The attendee list with emails, for its organisers (author, host, community admins).
  .get('/:id/attendees.csv', eventOrganizer, async (c) =>
    c.body(await attendeesCsv(c.var.db(), c.req.param('id')), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="event-${c.req.param('id')}-attendees.csv"`,
      'Cache-Control': 'private, no-store',
    }),
  )
  // A draft, or a cancelled event (409 for one still on); a trigger leaves the tombstone calendar
  // feeds cancel the event from.
  .delete('/:id', eventOrganizer, pathIds(EventIdParam), async (c) => {
    await deleteEventChecked(c.var.txDb(), c.req.valid('param').id, requireAuth(c).user);
    return c.body(null, 204);
  })
  // Calling the whole event off (every date of a series) with a reason, and putting it back.
  .post(
    '/:id/cancellation',
    eventOrganizer,
    pathIds(EventIdParam),
    validate('json', CancelEventInput),
    async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      const { user } = requireAuth(c);
      await cancelEvent(c.var.txDb(), id, reason, user);
      const event = await loadEvent(c, id, { organizing: true });
      const [notified] = await Promise.all([
        notifyEventCancelled(c.var.db(), c.env.REALTIME, c.var.config, event, reason, user.id),
        publishEventChanged(c.env.REALTIME, c.var.config, event),
      ]);
      return c.json({ event, notified }, 200);
    },
  )
  .delete('/:id/cancellation', eventOrganizer, pathIds(EventIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const promoted = await restoreEvent(c.var.txDb(), id, requireAuth(c).user);
    const event = await loadEvent(c, id, { organizing: true });
    await Promise.all([
      notifyWaitlistPromoted(c.var.db(), c.env.REALTIME, c.var.config, event, promoted),
      publishEventChanged(c.env.REALTIME, c.var.config, event),
    ]);
    return c.json(event, 200);
  })
  // Calling off one date of a series (and putting it back).
  .post(
    '/:id/cancelled-occurrences',
    eventOrganizer,
    pathIds(EventIdParam),
    validate('json', CancelOccurrenceInput),
    async (c) => {
      const { id } = c.req.valid('param');
      await cancelOccurrence(c.var.txDb(), id, new Date(c.req.valid('json').occurrenceStart));
      return c.json(await loadEvent(c, id, { organizing: true }), 200);
    },
  )
  .delete(
    '/:id/cancelled-occurrences/:occurrenceStart',
    eventOrganizer,
    pathIds(CancelledOccurrenceParam),
    async (c) => {
      const { id, occurrenceStart } = c.req.valid('param');
      const start = CancelOccurrenceInput.safeParse({ occurrenceStart });
      if (!start.success) throw validationError(start.error);
      await restoreOccurrence(c.var.txDb(), id, new Date(start.data.occurrenceStart));
      return c.json(await loadEvent(c, id, { organizing: true }), 200);
    },
  );
