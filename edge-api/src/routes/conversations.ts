// Direct messages (issue #10): one-to-one conversations for members with the `messages` feature.
// A conversation id names something only to its two participants: anyone else gets the same 404 as
// for an id that does not exist. After a write commits, the conversation room and the participants'
// user rooms hear about it (best effort: clients resync with `?after=`).
import {
  CONVERSATION_NOT_FOUND,
  MarkReadInput,
  MessageListQuery,
  PageQuery,
  ReactionEmoji,
  SendMessageInput,
  StartConversationInput,
} from '@community/domain';
import type { ServerEvent } from '@community/realtime-protocol';
import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { notFound } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { isUuid, pathIds } from '../middleware/access.ts';
import { requireAuth, signedIn } from '../middleware/auth.ts';
import { contentInBody, requireFeature } from '../middleware/features.ts';
import { assertOwnMedia } from '../middleware/own-media.ts';
import {
  assertMayMessage,
  conversationWith,
  deleteDirectMessage,
  findConversation,
  listConversations,
  listDirectMessages,
  loadParticipation,
  markMyDirectReactions,
  markRead,
  type Participation,
  reactToDirectMessage,
  searchPartners,
  sendDirectMessage,
  startConversation,
  USER_NOT_FOUND,
} from '../services/conversations.ts';
import { publishToConversation, publishToUser } from '../services/realtime.ts';
import { attachmentFields } from '../services/uploads.ts';
import { SEARCH_NAME_REQUIRED } from './users.ts';

const ConversationParam = z.object({ id: z.uuid({ error: CONVERSATION_NOT_FOUND }) });
const MessageParam = ConversationParam.extend({ messageId: z.uuid({ error: 'Message not found' }) });
const ReactionParam = MessageParam.extend({ emoji: ReactionEmoji });
const UserParam = z.object({ userId: z.uuid({ error: USER_NOT_FOUND }) });
// The same rule as the community-members search (routes/users.ts): an empty name is a 400.
const PartnerSearchQuery = z.object({
  SearchName: z.string({ error: SEARCH_NAME_REQUIRED }).min(1, SEARCH_NAME_REQUIRED).max(100),
});

type ConversationEnv = {
  Bindings: AppEnv['Bindings'];
  Variables: AppEnv['Variables'] & { conversation: Participation };
};

/**
 * The conversation named by `:id`, if the caller takes part in it (404 otherwise, before any
 * input is read); with `send`, the other participant must also still be reachable (403).
 */
const participant = (send: boolean) =>
  createMiddleware<ConversationEnv>(async (c, next) => {
    const { user } = requireAuth(c);
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound(CONVERSATION_NOT_FOUND);
    const participation = await loadParticipation(c.var.db(), id, user.id);
    if (send) assertMayMessage(participation);
    c.set('conversation', participation);
    await next();
  });
const conversationReader = participant(false);
const conversationSender = participant(true);

/** Tells the rooms after the commit; the write stands even if a room cannot be reached. */
function tell<E extends AppEnv>(c: Context<E>, ...work: Promise<unknown>[]) {
  c.executionCtx.waitUntil(Promise.all(work));
}

/** The conversation room and the given participants' user rooms (Messages list, badge, toast). */
function announce<E extends AppEnv>(
  c: Context<E>,
  conversationId: string,
  userIds: string[],
  event: ServerEvent,
) {
  tell(
    c,
    publishToConversation(c.env.REALTIME, c.var.config, conversationId, event),
    ...userIds.map((userId) => publishToUser(c.env.REALTIME, c.var.config, userId, event)),
  );
}

const bothOf = (userId: string, participation: Participation) =>
  participation.otherUserId ? [userId, participation.otherUserId] : [userId];

/**
 * A reaction added or removed: a revision of the message, sent whole to both when it changed.
 * Adding asks what sending asks (the other may still be messaged); removing one's own does not.
 */
async function react(c: Context<ConversationEnv>, add: boolean) {
  const { messageId, emoji } = ReactionParam.parse(c.req.param());
  const { user } = requireAuth(c);
  const participation = c.var.conversation;
  const { message, changed } = await reactToDirectMessage(c.var.db(), {
    conversationId: participation.id,
    messageId,
    userId: user.id,
    emoji,
    add,
  });
  if (changed) announce(c, participation.id, bothOf(user.id, participation), { type: 'dm.updated', message });
  const [mine] = await markMyDirectReactions(c.var.db(), [message], user);
  return c.json({ message: mine ?? message }, 200);
}

export const conversationRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .use(requireFeature('messages'))
  .get('/', validate('query', PageQuery), async (c) =>
    c.json(await listConversations(c.var.db(), requireAuth(c).user.id, c.req.valid('query')), 200),
  )
  .post('/', validate('json', StartConversationInput), async (c) => {
    const { conversation, created } = await startConversation(
      c.var.db(),
      requireAuth(c).user.id,
      c.req.valid('json').userId,
    );
    return c.json({ conversation }, created ? 201 : 200);
  })
  .get('/users', validate('query', PartnerSearchQuery), async (c) => {
    const items = await searchPartners(c.var.db(), requireAuth(c).user.id, c.req.valid('query').SearchName);
    return c.json({ items }, 200);
  })
  .get('/with/:userId', pathIds(UserParam), async (c) =>
    c.json(await conversationWith(c.var.db(), requireAuth(c).user.id, c.req.valid('param').userId), 200),
  )
  .get('/:id', conversationReader, pathIds(ConversationParam), async (c) => {
    const conversation = await findConversation(c.var.db(), requireAuth(c).user.id, c.req.valid('param').id);
    return c.json({ conversation }, 200);
  })
  .get(
    '/:id/messages',
    conversationReader,
    pathIds(ConversationParam),
    validate('query', MessageListQuery),
    async (c) => {
      const page = await listDirectMessages(c.var.db(), c.var.conversation, c.req.valid('query'));
      const items = await markMyDirectReactions(c.var.db(), page.items, requireAuth(c).user);
      return c.json({ ...page, items }, 200);
    },
  )
  .post(
    '/:id/messages',
    contentInBody(['attachments']),
    conversationSender,
    pathIds(ConversationParam),
    validate('json', SendMessageInput),
    async (c) => {
      const { user } = requireAuth(c);
      const participation = c.var.conversation;
      const input = c.req.valid('json');
      await assertOwnMedia(c, attachmentFields(input.attachments, 'spaces'));
      const { message, created } = await sendDirectMessage(c.var.db(), participation.id, user.id, input);
      if (created)
        announce(c, participation.id, bothOf(user.id, participation), { type: 'dm.created', message });
      return c.json({ message }, created ? 201 : 200);
    },
  )
  .put(
    '/:id/messages/:messageId/reactions/:emoji',
    conversationSender,
    pathIds(MessageParam),
    validate('param', ReactionParam),
    (c) => react(c, true),
  )
  .delete(
    '/:id/messages/:messageId/reactions/:emoji',
    conversationReader,
    pathIds(MessageParam),
    validate('param', ReactionParam),
    (c) => react(c, false),
  )
  .delete('/:id/messages/:messageId', conversationReader, pathIds(MessageParam), async (c) => {
    const { user } = requireAuth(c);
    const participation = c.var.conversation;
    const deleted = await deleteDirectMessage(
      c.var.db(),
      participation.id,
      c.req.valid('param').messageId,
      user.id,
    );
    announce(c, participation.id, bothOf(user.id, participation), {
      type: 'dm.deleted',
      conversationId: participation.id,
      ...deleted,
    });
    return c.json(deleted, 200);
  })
  .put(
    '/:id/read',
    conversationReader,
    pathIds(ConversationParam),
    validate('json', MarkReadInput),
    async (c) => {
      const { user } = requireAuth(c);
      const participation = c.var.conversation;
      const seq = await markRead(c.var.db(), participation.id, user.id, c.req.valid('json').seq);
      if (seq !== null) {
        announce(c, participation.id, [user.id], {
          type: 'dm.read',
          conversationId: participation.id,
          userId: user.id,
          seq,
        });
      }
      return c.body(null, 204);
    },
  );
