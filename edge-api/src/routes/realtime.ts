// Tickets for realtime rooms. A ticket is issued only for a room the caller may enter, and the
// grant is recorded so that revoking the session or the user later reaches that room.
import { RealtimeTicketInput } from '@community/domain';
import { PARTIES, PRESENCE_ROOM } from '@community/realtime-protocol';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { isUuid } from '../middleware/access.ts';
import { requireAuth, signedIn } from '../middleware/auth.ts';
import { assertFeature } from '../middleware/features.ts';
import { mayEnterConversationRoom } from '../services/conversations.ts';
import { issueTicket } from '../services/realtime.ts';
import { recordGrant } from '../services/realtime-grants.ts';
import { assertCanRead, loadSpaceAccess } from '../services/space-access.ts';

export const realtimeRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .post('/ticket', validate('json', RealtimeTicketInput), async (c) => {
    // Before the rights are read: a kick committed after that read has a later time than this,
    // so the room refuses this ticket (TicketClaims.iat).
    const issuedAt = Date.now();
    const { user, sessionId } = requireAuth(c);
    const { party, room } = c.req.valid('json');
    // A user's own notification room admits that user only; a space's chat room and posts room
    // (its wall), those who may read the space.
    if (party === PARTIES.userRoom && room !== user.id) throw forbidden();
    // The community's presence room: every signed-in member listens there for online dots.
    if (party === PARTIES.presenceRoom && room !== PRESENCE_ROOM) throw forbidden();
    // The room kind's feature (docs/features.md): it is in the body, so this follows validation.
    if (party === PARTIES.spaceRoom) assertFeature(user, 'spaces');
    if (party === PARTIES.postsRoom) assertFeature(user, 'posts', 'livewall');
    if (party === PARTIES.conversationRoom) assertFeature(user, 'messages');
    let member: boolean | undefined;
    if (party === PARTIES.spaceRoom || party === PARTIES.postsRoom) {
      if (!/^[0-9a-f-]{36}$/i.test(room)) throw forbidden();
      const access = await loadSpaceAccess(c.var.db(), room, user);
      assertCanRead(access);
      member = access.role !== null;
    }
    // A conversation's room: its two participants, while both may use direct messages (a blocked or
    // deleted participant, or one whose feature was switched off, ends it for the other too).
    if (party === PARTIES.conversationRoom) {
      if (!isUuid(room)) throw forbidden();
      if (!(await mayEnterConversationRoom(c.var.db(), room, user.id))) throw forbidden();
      member = true;
    }
    if (!(await recordGrant(c.var.db(), sessionId, { party, room }))) throw unauthorized();
    const name = `${user.firstName} ${user.lastName}`;
    return c.json(
      await issueTicket(
        c.var.config,
        { id: user.id, name },
        sessionId,
        { party, room },
        { issuedAt, member },
      ),
      200,
    );
  });
