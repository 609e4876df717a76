// Tickets for realtime rooms. A ticket is issued only for a room the caller may enter.
import { RealtimeTicketInput } from '@community/domain';
import { PARTIES } from '@community/realtime-protocol';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { forbidden } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { requireAuth, signedIn } from '../middleware/auth.ts';
import { issueTicket } from '../services/realtime.ts';
import { assertCanRead, loadSpaceAccess } from '../services/space-access.ts';

export const realtimeRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .post('/ticket', validate('json', RealtimeTicketInput), async (c) => {
    const { user, sessionId } = requireAuth(c);
    const { party, room } = c.req.valid('json');
    // A user's own notification room admits that user only; a space room, those who may read the space.
    if (party === PARTIES.userRoom && room !== user.id) throw forbidden();
    if (party === PARTIES.spaceRoom) {
      if (!/^[0-9a-f-]{36}$/i.test(room)) throw forbidden();
      assertCanRead(await loadSpaceAccess(c.var.db(), room, user));
    }
    const name = `${user.firstName} ${user.lastName}`;
    return c.json(await issueTicket(c.var.config, { id: user.id, name }, sessionId, { party, room }), 200);
  });
