// Direct messages (issue #10): one-to-one conversations for members with the `messages` feature.
// A conversation id names something only to its two participants: anyone else gets the same 404 as
// for an id that does not exist. After a write commits, the conversation room and the participants'
// user rooms hear about it (best effort: clients resync with `?after=`).
import {
  CONVERSATION_NOT_FOUND,
  EditMessageInput,
  MarkReadInput,
  MentionQuery,
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
  assertOwnDirectMessage,
  conversationWith,
  deleteDirectMessage,
  editDirectMessage,
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
import { mentionCandidates, withMentionNames } from '../services/mentions.ts';
import { notifyDirectMentions, resolveDirectMentions } from '../services/message-mentions.ts';
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

/** Only a message's author edits it: 404/403 before the body is read (ADR 10). After pathIds. */
const ownMessage = createMiddleware<ConversationEnv>(async (c, next) => {
  const { user } = requireAuth(c);
  await assertOwnDirectMessage(c.var.db(), c.var.conversation.id, c.req.param('messageId') ?? '', user.id);
  await next();
});

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
  const reacted = await reactToDirectMessage(c.var.db(), {
    conversationId: participation.id,
    messageId,
    userId: user.id,
    emoji,
    add,
  });
  // Sent whole, as every update is: its mentions' names too, or readers would see bare tokens.
  const [message = reacted.message] = await withMentionNames(c.var.db(), [reacted.message]);
  if (reacted.changed)
    announce(c, participation.id, bothOf(user.id, participation), { type: 'dm.updated', message });
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
      const named = await withMentionNames(c.var.db(), page.items);
      const items = await markMyDirectReactions(c.var.db(), named, requireAuth(c).user);
      return c.json({ ...page, items }, 200);
    },
  )
  // The composer's @mention autocomplete: the conversation's other person (docs/api.md).
  .get(
    '/:id/mention-candidates',
    conversationReader,
    pathIds(ConversationParam),
    validate('query', MentionQuery),
    async (c) => {
      const { user } = requireAuth(c);
      const place = { kind: 'people' as const, userIds: bothOf(user.id, c.var.conversation), features: [] };
      const items = await mentionCandidates(c.var.db(), place, c.req.valid('query').q, user.id);
      return c.json({ items }, 200);
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
      const people = bothOf(user.id, participation);
      const resolved = await resolveDirectMentions(c.var.db(), people, input.content);
      const sent = await sendDirectMessage(c.var.db(), participation.id, user.id, {
        ...input,
        content: resolved.content,
      });
      const [message = sent.message] = await withMentionNames(c.var.db(), [sent.message]);
      const { created } = sent;
      if (created) {
        announce(c, participation.id, people, { type: 'dm.created', message });
        tell(c, notifyDirectMentions(c.var.db(), c.env.REALTIME, c.var.config, people, message, resolved));
      }
      return c.json({ message }, created ? 201 : 200);
    },
  )
  // Editing, like sending, needs the other participant to be reachable still.
  .patch(
    '/:id/messages/:messageId',
    conversationSender,
    pathIds(MessageParam),
    ownMessage,
    validate('json', EditMessageInput),
    async (c) => {
      const { user } = requireAuth(c);
      const participation = c.var.conversation;
      const people = bothOf(user.id, participation);
      const input = c.req.valid('json');
      // Mentions are checked as on sending; an edit notifies no one.
      const resolved = await resolveDirectMentions(c.var.db(), people, input.content);
      const edited = await editDirectMessage(
        c.var.db(),
        participation.id,
        c.req.valid('param').messageId,
        user.id,
        {
          ...input,
          content: resolved.content,
        },
      );
      const [message = edited.message] = await withMentionNames(c.var.db(), [edited.message]);
      if (edited.changed) announce(c, participation.id, people, { type: 'dm.updated', message });
      return c.json({ message }, 200);
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
