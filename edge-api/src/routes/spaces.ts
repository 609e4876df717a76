// Spaces, members, invites and chat (spec sections 2, 6, 7). Every route checks the caller's
// place in the space on the server; after a write commits, the space's room hears about it.
// All but the list need the `spaces` feature.
import {
  AddSpaceUserInput,
  CreateSpaceInput,
  EditMessageInput,
  MentionQuery,
  MessageListQuery,
  mentionsAsText,
  ReactionEmoji,
  SendMessageInput,
  type SpaceMemberRole,
  UpdateSpaceInput,
  UpdateSpaceMemberInput,
} from '@community/domain';
import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { validate } from '../lib/validate.ts';
import {
  pathIds,
  roles,
  spaceAdmin,
  spaceAsker,
  spaceDecider,
  spaceJoiner,
  spaceMember,
  spaceReader,
  spaceVisitor,
} from '../middleware/access.ts';
import { ADMIN_ROLES, requireAuth, signedIn } from '../middleware/auth.ts';
import { contentInBody, requireFeature } from '../middleware/features.ts';
import { assertOwnMedia } from '../middleware/own-media.ts';
import {
  askToJoin,
  decideRequest,
  myJoinRequest,
  notifyDecision,
  notifyRequest,
  pendingRequests,
  REQUEST_GONE,
  withdrawRequest,
} from '../services/join-requests.ts';
import { mentionCandidates, withMentionNames } from '../services/mentions.ts';
import { notifySpaceChatMentions, resolveSpaceChatMentions } from '../services/message-mentions.ts';
import {
  assertOwnSpaceMessage,
  deleteMessage,
  editMessage,
  listMessages,
  markMyReactions,
  reactToMessage,
  sendMessage,
} from '../services/messages.ts';
import { notifySpaceMessage } from '../services/notifications.ts';
import { publishToSpace, revokeRealtimeAccess } from '../services/realtime.ts';
import { canModerate, SPACE_NOT_FOUND } from '../services/space-access.ts';
import {
  addableUsers,
  addMember,
  changeMemberRole,
  createSpace,
  DELETE_SPACE_FORBIDDEN,
  deleteSpace,
  findSpace,
  findSpaceCard,
  INVITE_INVALID,
  leaveSpace,
  listMembers,
  listSpaceCards,
  listVisibleSpaces,
  memberIdsOf,
  previewInvite,
  regenerateInviteCode,
  removeMember,
  spaceOfInvite,
  updateSpace,
} from '../services/spaces.ts';
import { attachmentFields } from '../services/uploads.ts';

const SpaceParam = z.object({ id: z.uuid({ error: SPACE_NOT_FOUND }) });
const MemberParam = SpaceParam.extend({ memberId: z.uuid({ error: 'Member not found' }) });
const MessageParam = SpaceParam.extend({ messageId: z.uuid({ error: 'Message not found' }) });
const ReactionParam = MessageParam.extend({ emoji: ReactionEmoji });
const RequestParam = SpaceParam.extend({ requestId: z.uuid({ error: REQUEST_GONE }) });
const InviteParam = z.object({ inviteCode: z.string().min(1, INVITE_INVALID).max(64, INVITE_INVALID) });
const SearchQuery = z.object({ search: z.string().max(100).optional() });

/** Tells the room after the commit; the write stands even if the room cannot be reached. */
function tell<E extends AppEnv>(c: Context<E>, work: Promise<unknown>) {
  c.executionCtx.waitUntil(work);
}

/** Only a message's author edits it: 404/403 before the body is read (ADR 10). After pathIds. */
const ownMessage = createMiddleware<AppEnv>(async (c, next) => {
  const { user } = requireAuth(c);
  await assertOwnSpaceMessage(c.var.db(), c.req.param('id') ?? '', c.req.param('messageId') ?? '', user.id);
  await next();
});

type MemberChange = { change: 'joined' | 'left' | 'role'; userId: string; role: SpaceMemberRole | null };

/**
 * Tells the room about a member change before answering. Awaited, not deferred (deferred work is
 * dropped under load): unlike messages, member changes have no `?after=` resync, so a lost event
 * would leave open pages with a stale role or member count. A room that cannot be reached still
 * leaves the write standing (publishToSpace never throws).
 */
function announceMemberChange<E extends AppEnv>(c: Context<E>, spaceId: string, change: MemberChange) {
  return publishToSpace(c.env.REALTIME, c.var.config, spaceId, { type: 'member.changed', ...change });
}

/**
 * The one way in (issue 30): an invite link, the space admin adding someone, joining a public space
 * and an approved request all add a GUEST here and tell the room, whose open pages (the member count,
 * a reader's socket that may now type) follow. Joining twice changes nothing and tells no one.
 */
async function admit<E extends AppEnv>(c: Context<E>, spaceId: string, userId: string): Promise<boolean> {
  const joined = await addMember(c.var.db(), spaceId, userId);
  if (joined) await announceMemberChange(c, spaceId, { change: 'joined', userId, role: 'GUEST' });
  return joined;
}

/** A reaction added or removed: a revision of the message, sent whole to the room when it changed. */
async function react<E extends AppEnv>(c: Context<E>, add: boolean) {
  const { id, messageId, emoji } = ReactionParam.parse(c.req.param());
  const { user } = requireAuth(c);
  const reacted = await reactToMessage(c.var.db(), { spaceId: id, messageId, userId: user.id, emoji, add });
  // Sent whole, as every update is: its mentions' names too, or readers would see bare tokens.
  const [message = reacted.message] = await withMentionNames(c.var.db(), [reacted.message]);
  if (reacted.changed)
    tell(c, publishToSpace(c.env.REALTIME, c.var.config, id, { type: 'message.updated', message }));
  const [mine] = await markMyReactions(c.var.db(), [message], user);
  return c.json({ message: mine ?? message }, 200);
}

export const spaceRoutes = new Hono<AppEnv>()
  .use(signedIn)
  // The list stays open (the event form and the composers pick a space from it): it answers
  // before the guard below, which every later route passes first (docs/features.md).
  .get('/', async (c) => c.json({ items: await listVisibleSpaces(c.var.db(), requireAuth(c).user.id) }, 200))
  .use(requireFeature('spaces'))
  .post('/', validate('json', CreateSpaceInput), async (c) => {
    const { user } = requireAuth(c);
    const id = await createSpace(c.var.txDb(), c.req.valid('json'), user);
    return c.json(await findSpace(c.var.db(), id, user.id), 201);
  })
  // The invite link's page reads this; only its Join button posts below (a link opened by an unfurler,
  // a mail scanner or a prefetch joins nobody).
  .get('/invite/:inviteCode', pathIds(InviteParam), async (c) =>
    c.json(await previewInvite(c.var.db(), c.req.valid('param').inviteCode, requireAuth(c).user.id), 200),
  )
  .post('/invite/:inviteCode', pathIds(InviteParam), async (c) => {
    const { user } = requireAuth(c);
    const spaceId = await spaceOfInvite(c.var.db(), c.req.valid('param').inviteCode);
    await admit(c, spaceId, user.id);
    return c.json(await findSpace(c.var.db(), spaceId, user.id), 200);
  })
  // The Spaces page: every space (a private one as its card, for requests to join), with a few
  // faces where the member may read it.
  .get('/directory', async (c) =>
    c.json({ items: await listSpaceCards(c.var.db(), requireAuth(c).user.id) }, 200),
  )
  .get('/:id', spaceReader, pathIds(SpaceParam), async (c) => {
    const { id } = c.req.valid('param');
    const spaceAccess = c.var.space;
    return c.json(
      { space: await findSpace(c.var.db(), id, requireAuth(c).user.id), role: spaceAccess.role },
      200,
    );
  })
  // What a space's page shows someone who may not read it (a link, a notification): its card and
  // the way in, never a bare refusal: a private space's card says no more than its name,
  // description, type and size, as on the Spaces page.
  .get('/:id/card', spaceVisitor, pathIds(SpaceParam), async (c) =>
    c.json(await findSpaceCard(c.var.db(), c.req.valid('param').id, requireAuth(c).user.id), 200),
  )
  // Joining a public space by oneself, as an invite would (403 for a private or paid one).
  .post('/:id/join', spaceJoiner, pathIds(SpaceParam), async (c) => {
    const { id } = c.req.valid('param');
    const { user } = requireAuth(c);
    await admit(c, id, user.id);
    return c.json(await findSpace(c.var.db(), id, user.id), 200);
  })
  // Requests to join a private space (services/join-requests.ts): asked by a non-member, decided
  // by its admin and moderators in the members dialog; approving admits as an invite does.
  .post('/:id/join-requests', spaceAsker, pathIds(SpaceParam), async (c) => {
    const { id } = c.req.valid('param');
    const { user } = requireAuth(c);
    const requestId = await askToJoin(c.var.db(), id, user.id);
    await notifyRequest(c.var.db(), c.env.REALTIME, c.var.config, {
      id: requestId,
      spaceId: id,
      userId: user.id,
    });
    return c.json({ joinRequest: await myJoinRequest(c.var.db(), id, user.id) }, 201);
  })
  .delete('/:id/join-requests/mine', spaceVisitor, pathIds(SpaceParam), async (c) => {
    const { id } = c.req.valid('param');
    await withdrawRequest(c.var.db(), id, requireAuth(c).user.id);
    return c.json({ joinRequest: null }, 200);
  })
  .get('/:id/join-requests', spaceDecider, pathIds(SpaceParam), async (c) =>
    c.json({ items: await pendingRequests(c.var.db(), c.req.valid('param').id) }, 200),
  )
  .post('/:id/join-requests/:requestId/approval', spaceDecider, pathIds(RequestParam), async (c) => {
    const { id, requestId } = c.req.valid('param');
    const userId = await decideRequest(c.var.db(), id, requestId, true);
    await admit(c, id, userId);
    await notifyDecision(c.var.db(), c.env.REALTIME, c.var.config, { spaceId: id, userId, approved: true });
    return c.json({ items: await pendingRequests(c.var.db(), id) }, 200);
  })
  .post('/:id/join-requests/:requestId/decline', spaceDecider, pathIds(RequestParam), async (c) => {
    const { id, requestId } = c.req.valid('param');
    const userId = await decideRequest(c.var.db(), id, requestId, false);
    await notifyDecision(c.var.db(), c.env.REALTIME, c.var.config, { spaceId: id, userId, approved: false });
    return c.json({ items: await pendingRequests(c.var.db(), id) }, 200);
  })
  .patch('/:id', spaceAdmin, pathIds(SpaceParam), validate('json', UpdateSpaceInput), async (c) => {
    const { id } = c.req.valid('param');
    const before = c.var.space;
    const input = c.req.valid('json');
    await updateSpace(c.var.db(), id, input);
    // No longer public: readers who are not members lose their sockets before the answer.
    if (before.space.type === 'PUBLIC' && input.type !== undefined && input.type !== 'PUBLIC') {
      await revokeRealtimeAccess(c.env.REALTIME, c.var.config, c.var.db(), {
        kind: 'space-non-members',
        spaceId: id,
        memberIds: await memberIdsOf(c.var.db(), id),
      });
    }
    return c.json(await findSpace(c.var.db(), id, requireAuth(c).user.id), 200);
  })
  .delete('/:id', roles(['SUPER_ADMIN'], DELETE_SPACE_FORBIDDEN), pathIds(SpaceParam), async (c) => {
    const { id } = c.req.valid('param');
    await deleteSpace(c.var.db(), id, requireAuth(c).user);
    // The room outlives the rows: close every socket still in it (no one is a member any more).
    await revokeRealtimeAccess(c.env.REALTIME, c.var.config, c.var.db(), {
      kind: 'space-non-members',
      spaceId: id,
      memberIds: [],
    });
    return c.json({ id }, 200);
  })
  .get('/:id/members', spaceReader, pathIds(SpaceParam), async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ items: await listMembers(c.var.db(), id, requireAuth(c).user) }, 200);
  })
  .get('/:id/addable-users', spaceAdmin, pathIds(SpaceParam), validate('query', SearchQuery), async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ items: await addableUsers(c.var.db(), id, c.req.valid('query').search) }, 200);
  })
  .post('/:id/users', spaceAdmin, pathIds(SpaceParam), validate('json', AddSpaceUserInput), async (c) => {
    const { id } = c.req.valid('param');
    await admit(c, id, c.req.valid('json').userId);
    return c.json({ items: await listMembers(c.var.db(), id, requireAuth(c).user) }, 201);
  })
  .patch(
    '/:id/members/:memberId',
    spaceAdmin,
    pathIds(MemberParam),
    validate('json', UpdateSpaceMemberInput),
    async (c) => {
      const { id, memberId } = c.req.valid('param');
      const changed = await changeMemberRole(c.var.db(), id, memberId, c.req.valid('json').role);
      await announceMemberChange(c, id, { change: 'role', ...changed });
      return c.json({ items: await listMembers(c.var.db(), id, requireAuth(c).user) }, 200);
    },
  )
  .delete('/:id/members/:memberId', spaceAdmin, pathIds(MemberParam), async (c) => {
    const { id, memberId } = c.req.valid('param');
    const { userId } = await removeMember(c.var.db(), id, memberId);
    // Awaited, not deferred: a kicked member's sockets close before we answer.
    await revokeRealtimeAccess(c.env.REALTIME, c.var.config, c.var.db(), {
      kind: 'space-member',
      spaceId: id,
      userId,
    });
    await announceMemberChange(c, id, { change: 'left', userId, role: null });
    return c.json({ items: await listMembers(c.var.db(), id, requireAuth(c).user) }, 200);
  })
  .patch('/:id/leave', spaceMember, pathIds(SpaceParam), async (c) => {
    const { id } = c.req.valid('param');
    const { user } = requireAuth(c);
    await leaveSpace(c.var.db(), id, user);
    await revokeRealtimeAccess(c.env.REALTIME, c.var.config, c.var.db(), {
      kind: 'space-member',
      spaceId: id,
      userId: user.id,
    });
    await announceMemberChange(c, id, { change: 'left', userId: user.id, role: null });
    return c.json({ id }, 200);
  })
  .patch('/:id/invite-code', spaceAdmin, pathIds(SpaceParam), async (c) => {
    const { id } = c.req.valid('param');
    await regenerateInviteCode(c.var.db(), id);
    return c.json(await findSpace(c.var.db(), id, requireAuth(c).user.id), 200);
  })
  .get('/:id/messages', spaceReader, pathIds(SpaceParam), validate('query', MessageListQuery), async (c) => {
    const { id } = c.req.valid('param');
    const { lastSeq, lastRev } = c.var.space.space;
    const page = await listMessages(c.var.db(), id, c.req.valid('query'), { lastSeq, lastRev });
    const named = await withMentionNames(c.var.db(), page.items);
    const items = await markMyReactions(c.var.db(), named, requireAuth(c).user);
    return c.json({ ...page, items }, 200);
  })
  // The composer's @mention autocomplete: the space's members (docs/api.md), read like the chat.
  .get(
    '/:id/mention-candidates',
    spaceReader,
    pathIds(SpaceParam),
    validate('query', MentionQuery),
    async (c) => {
      const { id } = c.req.valid('param');
      const place = { kind: 'space' as const, spaceId: id, features: ['spaces' as const] };
      const items = await mentionCandidates(
        c.var.db(),
        place,
        c.req.valid('query').q,
        requireAuth(c).user.id,
      );
      return c.json({ items }, 200);
    },
  )
  .post(
    '/:id/messages',
    contentInBody(['attachments']),
    spaceMember,
    pathIds(SpaceParam),
    validate('json', SendMessageInput),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      await assertOwnMedia(c, attachmentFields(input.attachments, 'spaces'));
      const { user } = requireAuth(c);
      const mayBroadcast = canModerate(c.var.space) || (ADMIN_ROLES as readonly string[]).includes(user.role);
      const resolved = await resolveSpaceChatMentions(c.var.db(), id, input.content, mayBroadcast);
      const sent = await sendMessage(c.var.db(), id, user.id, { ...input, content: resolved.content });
      const [message = sent.message] = await withMentionNames(c.var.db(), [sent.message]);
      const { created } = sent;
      if (created) {
        tell(
          c,
          notifySpaceChatMentions(
            c.var.db(),
            c.env.REALTIME,
            c.var.config,
            c.var.space.space,
            message,
            resolved,
          ),
        );
        tell(c, publishToSpace(c.env.REALTIME, c.var.config, id, { type: 'message.created', message }));
        tell(
          c,
          notifySpaceMessage(c.var.db(), c.env.REALTIME, c.var.config, {
            id: message.id,
            spaceId: id,
            spaceName: c.var.space.space.name,
            author: message.author,
            content: mentionsAsText(message.content, message.mentions ?? []),
            attachments: message.attachments.length,
          }),
        );
      }
      return c.json({ message }, created ? 201 : 200);
    },
  )
  .patch(
    '/:id/messages/:messageId',
    spaceMember,
    pathIds(MessageParam),
    ownMessage,
    validate('json', EditMessageInput),
    async (c) => {
      const { id, messageId } = c.req.valid('param');
      const { user } = requireAuth(c);
      const input = c.req.valid('json');
      // Mentions are checked as on sending (who may be named, @here/@space); an edit notifies no one.
      const mayBroadcast = canModerate(c.var.space) || (ADMIN_ROLES as readonly string[]).includes(user.role);
      const resolved = await resolveSpaceChatMentions(c.var.db(), id, input.content, mayBroadcast);
      const edited = await editMessage(c.var.db(), id, messageId, user.id, {
        ...input,
        content: resolved.content,
      });
      const [message = edited.message] = await withMentionNames(c.var.db(), [edited.message]);
      const { changed } = edited;
      if (changed)
        tell(c, publishToSpace(c.env.REALTIME, c.var.config, id, { type: 'message.updated', message }));
      return c.json({ message }, 200);
    },
  )
  // Reactions: those who may send in the space (members; a public space's other readers read only).
  // A kicked member is no longer one: their reactions stay, they add no more.
  .put(
    '/:id/messages/:messageId/reactions/:emoji',
    spaceMember,
    pathIds(MessageParam),
    validate('param', ReactionParam),
    (c) => react(c, true),
  )
  .delete(
    '/:id/messages/:messageId/reactions/:emoji',
    spaceMember,
    pathIds(MessageParam),
    validate('param', ReactionParam),
    (c) => react(c, false),
  )
  .delete('/:id/messages/:messageId', spaceMember, pathIds(MessageParam), async (c) => {
    const { id, messageId } = c.req.valid('param');
    const spaceAccess = c.var.space;
    const deleted = await deleteMessage(
      c.var.db(),
      id,
      messageId,
      requireAuth(c).user.id,
      canModerate(spaceAccess),
    );
    await publishToSpace(c.env.REALTIME, c.var.config, id, { type: 'message.deleted', ...deleted });
    return c.json(deleted, 200);
  });
