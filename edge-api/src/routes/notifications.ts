// The signed-in member's notifications (`/api/notifications`): the top bar's menu and badge. Each
// member reads and marks only their own; someone else's id is a 404, as if it did not exist.
import { PageQuery } from '@community/domain';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { validate } from '../lib/validate.ts';
import { pathIds } from '../middleware/access.ts';
import { requireAuth, signedIn } from '../middleware/auth.ts';
import {
  listNotifications,
  markAllRead,
  markRead,
  NOTIFICATION_NOT_FOUND,
} from '../services/notifications.ts';

const NotificationParam = z.object({ id: z.uuid({ error: NOTIFICATION_NOT_FOUND }) });
/** `{}` marks every notification read; `{ spaceId }` only that space's message notifications. */
const ReadAllInput = z.strictObject({
  spaceId: z
    .uuid({ error: 'Space not found' })
    .transform((id) => id.toLowerCase())
    .optional(),
});

export const notificationRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .get('/', validate('query', PageQuery), async (c) =>
    c.json(await listNotifications(c.var.db(), requireAuth(c).user.id, c.req.valid('query')), 200),
  )
  .patch('/:id/read', pathIds(NotificationParam), async (c) => {
    await markRead(c.var.db(), requireAuth(c).user.id, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .post('/read-all', validate('json', ReadAllInput), async (c) => {
    await markAllRead(c.var.db(), requireAuth(c).user.id, c.req.valid('json').spaceId);
    return c.body(null, 204);
  });
