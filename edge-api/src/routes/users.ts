// Member profiles: anyone signed in reads public fields; only the user edits their own profile.
import { ActivityQuery, OnlineStatusInput, UpdateProfileInput } from '@community/domain';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { notFound } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { pathIds, self } from '../middleware/access.ts';
import { requireAuth, signedIn } from '../middleware/auth.ts';
import { contentInBody, requireFeature, requireFeatureUnlessSelf } from '../middleware/features.ts';
import { requestFileOrigins } from '../middleware/own-media.ts';
import { closeEndedSessions } from '../services/auth.ts';
import { leaderboard, mostActiveMembers } from '../services/members.ts';
import { updateProfile } from '../services/profile.ts';
import { listActivity, listProfileEvents } from '../services/profile-activity.ts';
import { askPresenceRecount } from '../services/realtime.ts';
import { listVisibleSpaces } from '../services/spaces.ts';
import {
  findUserById,
  findUserWithFeatures,
  searchCommunityMembers,
  toPublicUser,
} from '../services/users.ts';

export const USER_NOT_FOUND = 'User not found';
const IdParam = z.object({ id: z.uuid({ error: USER_NOT_FOUND }) });

export const SEARCH_NAME_REQUIRED = 'SearchName is required';
// The client retries a 400 with `a`, then with a space (spec section 7): a lone space lists everyone.
const MemberSearchQuery = z.object({
  SearchName: z.string({ error: SEARCH_NAME_REQUIRED }).min(1, SEARCH_NAME_REQUIRED).max(100),
});

const othersNeedCommunity = requireFeatureUnlessSelf('community', 'id');

/** `content`: a new profile photo (clearing it, or sending the one already there, needs nothing). */
const photoNeedsContent = contentInBody(
  ['imageUrl'],
  async (c, body) => body.imageUrl === requireAuth(c).user.imageUrl,
);

export const userRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .get('/community-members', validate('query', MemberSearchQuery), async (c) => {
    const items = await searchCommunityMembers(c.var.db(), c.req.valid('query').SearchName);
    return c.json({ items }, 200);
  })
  // Fixed paths before `/:id`, which would take them for an id.
  .get('/leaderboard', requireFeature('community'), async (c) =>
    c.json({ items: await leaderboard(c.var.db()) }, 200),
  )
  .get('/most-active', requireFeature('community'), async (c) =>
    c.json({ items: await mostActiveMembers(c.var.db()) }, 200),
  )
  // Another member's profile and what hangs off it need `community`; one's own stays open.
  .get('/:id', othersNeedCommunity, pathIds(IdParam), async (c) => {
    const { id } = c.req.valid('param');
    const auth = requireAuth(c);
    if (id === auth.user.id) return c.json({ user: auth.user }, 200);
    const row = await findUserById(c.var.db(), id);
    if (!row) throw notFound(USER_NOT_FOUND);
    return c.json({ user: toPublicUser(row) }, 200);
  })
  .get('/:id/spaces', othersNeedCommunity, pathIds(IdParam), async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ items: await listVisibleSpaces(c.var.db(), requireAuth(c).user.id, id) }, 200);
  })
  .get(
    '/:id/latest-activity',
    othersNeedCommunity,
    pathIds(IdParam),
    validate('query', ActivityQuery),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await listActivity(c.var.db(), id, requireAuth(c).user.id, c.req.valid('query')), 200);
    },
  )
  .get('/:id/events', requireFeature('events'), othersNeedCommunity, pathIds(IdParam), async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await listProfileEvents(c.var.db(), id, requireAuth(c).user.id), 200);
  })
  .patch(
    '/:id',
    photoNeedsContent,
    self('id'),
    pathIds(IdParam),
    validate('json', UpdateProfileInput),
    async (c) => {
      const { id } = c.req.valid('param');
      const auth = requireAuth(c);
      const row = await findUserById(c.var.db(), id);
      if (!row) throw notFound(USER_NOT_FOUND);
      // A new email ends the member's other sessions in the same commit; their sockets close after it.
      const { endedSessionIds } = await updateProfile(
        c.var.db(),
        row,
        c.req.valid('json'),
        auth.sessionId,
        requestFileOrigins(c),
      );
      await closeEndedSessions(c.env.REALTIME, c.var.config, c.var.db(), id, endedSessionIds, {
        allOfThem: false,
      });
      const user = await findUserWithFeatures(c.var.db(), id);
      if (!user) throw notFound(USER_NOT_FOUND);
      return c.json({ user }, 200);
    },
  );

export const presenceRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .patch(
    '/online-status/:id',
    self('id'),
    pathIds(IdParam),
    validate('json', OnlineStatusInput),
    async (c) => {
      // Either status asks the user room to count the member's sockets again: it sees every tab,
      // so one tab going away never marks someone offline whose other tabs are open (ADR 13).
      const { id } = c.req.valid('param');
      c.req.valid('json');
      await askPresenceRecount(c.env.REALTIME, c.var.config, id);
      return c.body(null, 204);
    },
  );
