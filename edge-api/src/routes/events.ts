// Events: the list behind the events page. Detail, create, edit and RSVP come with the events issue.
import { PageQuery } from '@community/domain';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { validate } from '../lib/validate.ts';
import { requireAuth, signedIn } from '../middleware/auth.ts';
import { listEvents } from '../services/events.ts';

const EventListQuery = PageQuery.extend({
  published: z
    .enum(['true', 'false'], { error: 'published must be true or false' })
    .optional()
    .transform((value) => value !== 'false'),
  when: z
    .enum(['upcoming', 'past'], { error: 'when must be upcoming or past' })
    .optional()
    .default('upcoming'),
});

export const eventRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .get('/', validate('query', EventListQuery), async (c) => {
    const query = c.req.valid('query');
    const page = await listEvents(c.var.db(), { ...query, viewerId: requireAuth(c).user.id });
    return c.json(page, 200);
  });
