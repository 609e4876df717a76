// The community itself and the caller's role (the admin panel reads the role from here).
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { notFound } from '../lib/errors.ts';
import { requireAuth, signedIn } from '../middleware/auth.ts';
import { findCommunity } from '../services/community.ts';

export const NO_COMMUNITY = 'No community found';

export const communityRoutes = new Hono<AppEnv>().use(signedIn).get('/', async (c) => {
  const community = await findCommunity(c.var.db());
  if (!community) throw notFound(NO_COMMUNITY);
  return c.json(community, 200);
});

export const authorizationRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .get('/', (c) => c.json({ role: requireAuth(c).user.role }, 200));
