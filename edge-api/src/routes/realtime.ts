// Tickets for realtime rooms. A ticket is issued only for a room the caller may enter.
import { RealtimeTicketInput } from '@community/domain';
import { PARTIES } from '@community/realtime-protocol';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { forbidden } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { requireAuth, signedIn } from '../middleware/auth.ts';
import { issueTicket } from '../services/realtime.ts';

export const realtimeRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .post('/ticket', validate('json', RealtimeTicketInput), async (c) => {
    const { user, sessionId } = requireAuth(c);
    const { party, room } = c.req.valid('json');
    // A user's own notification room admits that user only.
    if (party === PARTIES.userRoom && room !== user.id) throw forbidden();
    return c.json(await issueTicket(c.var.config, user.id, sessionId, { party, room }), 200);
  });
