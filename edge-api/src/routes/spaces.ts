// Spaces: the list in the layout's sidebar. Chat, members and invites come with the spaces issue.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { requireAuth, signedIn } from '../middleware/auth.ts';
import { listVisibleSpaces } from '../services/spaces.ts';

export const spaceRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .get('/', async (c) => c.json({ items: await listVisibleSpaces(c.var.db(), requireAuth(c).user.id) }, 200));
