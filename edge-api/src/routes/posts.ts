// Posts, likes and comments (spec sections 3, 4, 5, 7; docs/api.md "Posts and comments"). Who may
// call is decided first (guards below, ADR 10), then the body or query is read. Writes commit,
// then the space's posts room hears about them; the write stands if the room cannot be reached.
import {
  COMMENT_EMPTY,
  CONTENT_EMPTY,
  CommentListQuery,
  CreateCommentInput,
  CreatePostInput,
  LinkPreviewQuery,
  MediaSectionQuery,
  type MentionedMember,
  POST_EMPTY,
  type Post,
  PostListQuery,
  UpdatePostInput,
} from '@community/domain';
import { zValidator } from '@hono/zod-validator';
import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ApiError, badRequest, forbidden, notFound, validationError } from '../lib/errors.ts';
import { linkPreview } from '../lib/safe-fetch.ts';
import { validate } from '../lib/validate.ts';
import { isUuid, pathIds, USER_NOT_FOUND } from '../middleware/access.ts';
import { requireAuth, signedIn } from '../middleware/auth.ts';
import { contentInBody, requireFeature, requireFeatureUnlessSelf } from '../middleware/features.ts';
import { assertOwnMedia } from '../middleware/own-media.ts';
import {
  addComment,
  assertMayDeleteComment,
  COMMENT_NOT_FOUND,
  deleteComment,
  findCommentAuthor,
  listComments,
} from '../services/comments.ts';
import { listMedia } from '../services/media.ts';
import {
  notifyPostMentions,
  settlePostMentions,
  withCurrentMentionNames,
} from '../services/post-mentions.ts';
import {
  assertMayDelete,
  createPost,
  deletePost,
  findPost,
  isVisible,
  listPosts,
  loadPostAccess,
  type NotificationRow,
  ONLY_AUTHOR_EDITS_POST,
  POST_NOT_FOUND,
  type PostAccess,
  setLike,
  updatePost,
} from '../services/posts.ts';
import {
  publishToPostsRoom,
  publishToUser,
  schedulePostEvent,
  unschedulePostEvent,
} from '../services/realtime.ts';
import { assertCanRead, assertMember, loadSpaceAccess, SPACE_FORBIDDEN } from '../services/space-access.ts';
import { attachmentFields, imageField } from '../services/uploads.ts';

type PostEnv = { Bindings: AppEnv['Bindings']; Variables: AppEnv['Variables'] & { post: PostAccess } };

const PostParam = z.object({ id: z.uuid({ error: POST_NOT_FOUND }) });
const PostIdParam = z.object({ postId: z.uuid({ error: POST_NOT_FOUND }) });
const CommentParam = PostIdParam.extend({ commentId: z.uuid({ error: COMMENT_NOT_FOUND }) });
const UserParam = z.object({ userId: z.uuid({ error: USER_NOT_FOUND }) });

/**
 * Validates a post or comment body; an empty one answers with the spec's title as `error` ("Post
 * is empty") and its hint on `content` ("Please type something or attach a file").
 */
function validateBody<Schema extends z.ZodType>(schema: Schema, empty: string) {
  return zValidator('json', schema, (result) => {
    if (result.success) return;
    const error = validationError(result.error);
    const isEmpty = error.issues?.some(
      (issue) => issue.path === 'content' && issue.message === CONTENT_EMPTY,
    );
    throw isEmpty ? new ApiError(400, empty, error.issues) : error;
  });
}

type PostLevel = 'read' | 'author' | 'delete' | 'moderate' | 'member';

/**
 * The post named by `:id` or `:postId` and the caller's place in its space: `read` (its space is
 * readable and it is published, or the caller's own), `member` (also a member of the space: to
 * comment), `author` (to edit), `delete` (author, the space's moderators and admin, community
 * admins), `moderate` (as `read`, and community admins see every post: deleting comments). A post
 * the caller may not see is a 404, as if it did not exist.
 */
const postGuard = (level: PostLevel) =>
  createMiddleware<PostEnv>(async (c, next) => {
    const { user } = requireAuth(c);
    const id = c.req.param('id') ?? c.req.param('postId');
    if (!isUuid(id)) throw notFound(POST_NOT_FOUND);
    const access = await loadPostAccess(c.var.db(), id, user.id);
    const communityAdmin = user.role === 'ADMIN' || user.role === 'SUPER_ADMIN';
    if ((level === 'delete' || level === 'moderate') && access && communityAdmin) {
      // Community admins moderate every wall, private spaces included.
    } else if (!isVisible(access, user.id)) {
      throw notFound(POST_NOT_FOUND);
    }
    if (!access) throw notFound(POST_NOT_FOUND);
    if (level === 'author' && access.authorId !== user.id) throw forbidden(ONLY_AUTHOR_EDITS_POST);
    if (level === 'delete') assertMayDelete(access, user);
    if (level === 'member' && access.role === null) throw forbidden(SPACE_FORBIDDEN);
    c.set('post', access);
    await next();
  });

/** `GET /api/posts?spaceId=`: the space must be readable, checked before the rest of the query is read. */
const wallReader = createMiddleware<AppEnv>(async (c, next) => {
  const { user } = requireAuth(c);
  const spaceId = c.req.query('spaceId');
  if (isUuid(spaceId)) assertCanRead(await loadSpaceAccess(c.var.db(), spaceId, user));
  await next();
});

/**
 * `POST /api/socket/posts`: only `spaceId` is read from the body here (Hono keeps it for the
 * validator), and membership checked before the rest is validated. A missing or malformed
 * spaceId is left to the schema.
 */
const postSpaceMember = createMiddleware<AppEnv>(async (c, next) => {
  const { user } = requireAuth(c);
  const body: unknown = /^application\/json/i.test(c.req.header('Content-Type') ?? '')
    ? await c.req.json().catch(() => null)
    : null;
  const spaceId = body && typeof body === 'object' ? (body as { spaceId?: unknown }).spaceId : undefined;
  if (isUuid(spaceId)) assertMember(await loadSpaceAccess(c.var.db(), spaceId, user));
  await next();
});

/**
 * `GET /api/posts`: with `spaceId` a space's wall (`posts`), without it the community wall
 * (`livewall`). Checked before the space is looked at or the query read.
 */
const wallFeature = createMiddleware<AppEnv>(async (c, next) => {
  const spaceWall = c.req.query('spaceId') !== undefined;
  return requireFeature(spaceWall ? 'posts' : 'livewall')(c, next);
});

/** An edit that resends the post's own attachments adds no media: only new ones need `content`. */
const keepsOwnAttachments = async (c: Context<AppEnv>, body: Record<string, unknown>) => {
  const sent = Array.isArray(body.attachments) ? body.attachments : [];
  const id = c.req.param('id');
  const post = isUuid(id) ? await findPost(c.var.db(), id, requireAuth(c).user.id) : null;
  const current = new Set(post?.attachments.map((attachment) => attachment.url) ?? []);
  return sent.every((item) => current.has((item as { url?: unknown } | null)?.url as string));
};

/** Who hears about a post's changes: its author alone while it is scheduled, otherwise the whole wall. */
const audienceOf = (access: PostAccess): string | undefined =>
  access.scheduled ? access.authorId : undefined;

/** A post as every reader sees it in a broadcast: each client keeps its own `likedByMe`. */
const forEveryone = (post: Post): Post => ({ ...post, likedByMe: false });

function realtimeOf<E extends AppEnv>(c: Context<E>) {
  return { realtime: c.env.REALTIME, config: c.var.config };
}

/** Announces a new or edited post: now to the wall, or (scheduled) to its author now and the wall at its time. */
async function announcePost<E extends AppEnv>(
  c: Context<E>,
  post: Post,
  kind: 'post.created' | 'post.updated',
) {
  const { realtime, config } = realtimeOf(c);
  if (!post.scheduled) {
    await publishToPostsRoom(realtime, config, post.spaceId, { type: kind, post: forEveryone(post) });
    return;
  }
  await Promise.all([
    publishToPostsRoom(
      realtime,
      config,
      post.spaceId,
      { type: kind, post: forEveryone(post) },
      post.author.id,
    ),
    schedulePostEvent(realtime, config, post.spaceId, post.id, new Date(post.publishedAt), {
      type: 'post.created',
      post: forEveryone({ ...post, scheduled: false }),
    }),
  ]);
}

function notify<E extends AppEnv>(
  c: Context<E>,
  row: NotificationRow | null,
  type: 'POST_REACTION' | 'POST_COMMENT',
) {
  if (!row) return Promise.resolve(true);
  const { realtime, config } = realtimeOf(c);
  return publishToUser(realtime, config, row.userId, {
    type: 'notification',
    id: row.id,
    cursor: row.createdAt,
    notification: { type, title: row.title, payload: row.payload },
  });
}

/** Reads: `/api/posts`. */
export const postReadRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .get('/', wallFeature, wallReader, validate('query', PostListQuery), async (c) => {
    const page = await listPosts(c.var.db(), requireAuth(c).user, c.req.valid('query'));
    return c.json({ ...page, items: await withCurrentMentionNames(c.var.db(), page.items) }, 200);
  })
  // Another member's media is part of their profile: `community` (one's own stays open).
  .get(
    '/attachments/:userId',
    requireFeatureUnlessSelf('community', 'userId'),
    pathIds(UserParam),
    validate('query', MediaSectionQuery),
    async (c) => {
      const { userId } = c.req.valid('param');
      return c.json(await listMedia(c.var.db(), userId, requireAuth(c).user.id, c.req.valid('query')), 200);
    },
  )
  .get(
    '/:postId/comments',
    requireFeature('posts'),
    postGuard('read'),
    pathIds(PostIdParam),
    validate('query', CommentListQuery),
    async (c) => {
      const page = await listComments(c.var.db(), c.req.valid('param').postId, c.req.valid('query'));
      return c.json({ ...page, items: await withCurrentMentionNames(c.var.db(), page.items) }, 200);
    },
  )
  .get('/:id', requireFeature('posts'), postGuard('read'), pathIds(PostParam), async (c) => {
    const post = await findPost(c.var.db(), c.req.valid('param').id, requireAuth(c).user.id);
    if (!post) throw notFound(POST_NOT_FOUND);
    const [named = post] = await withCurrentMentionNames(c.var.db(), [post]);
    return c.json({ post: named }, 200);
  });

/** Writes: `/api/socket/posts` (the spec's paths). */
export const postWriteRoutes = new Hono<AppEnv>()
  .use(signedIn)
  // Every write, deletes included, before any guard or validation (docs/features.md).
  .use(requireFeature('posts'))
  .post(
    '/comments/:postId',
    contentInBody(['imageUrl']),
    postGuard('member'),
    pathIds(PostIdParam),
    validateBody(CreateCommentInput, COMMENT_EMPTY),
    async (c) => {
      const input = c.req.valid('json');
      await assertOwnMedia(c, [imageField('imageUrl', input.imageUrl, 'postsComments')]);
      const { user } = requireAuth(c);
      const settled = await settlePostMentions(c.var.db(), c.var.post.spaceId, input.content);
      const result = await addComment(c.var.db(), c.var.post, user, { ...input, content: settled.content });
      if (result.created) {
        const { realtime, config } = realtimeOf(c);
        await Promise.all([
          notifyPostMentions(c.var.db(), realtime, config, {
            spaceId: c.var.post.spaceId,
            postId: c.var.post.id,
            commentId: result.comment.id,
            author: user,
            mentioned: settled.mentioned,
          }),
          publishToPostsRoom(
            realtime,
            config,
            c.var.post.spaceId,
            {
              type: 'comment.created',
              postId: c.var.post.id,
              comment: result.comment,
              commentsCount: result.commentsCount,
            },
            audienceOf(c.var.post),
          ),
          notify(c, result.notification, 'POST_COMMENT'),
        ]);
      }
      return c.json({ comment: result.comment }, result.created ? 201 : 200);
    },
  )
  .delete('/comments/:postId/:commentId', postGuard('moderate'), pathIds(CommentParam), async (c) => {
    const { postId, commentId } = c.req.valid('param');
    const authorId = await findCommentAuthor(c.var.db(), postId, commentId);
    if (!authorId) throw notFound(COMMENT_NOT_FOUND);
    assertMayDeleteComment(c.var.post, authorId, requireAuth(c).user);
    const commentsCount = await deleteComment(c.var.db(), postId, commentId);
    const { realtime, config } = realtimeOf(c);
    await publishToPostsRoom(
      realtime,
      config,
      c.var.post.spaceId,
      { type: 'comment.deleted', postId, id: commentId, commentsCount },
      audienceOf(c.var.post),
    );
    return c.json({ id: commentId }, 200);
  })
  .post(
    '/',
    contentInBody(['attachments']),
    postSpaceMember,
    validateBody(CreatePostInput, POST_EMPTY),
    async (c) => {
      const input = c.req.valid('json');
      await assertOwnMedia(c, attachmentFields(input.attachments, 'posts'));
      const { user } = requireAuth(c);
      const settled = await settlePostMentions(c.var.db(), input.spaceId, input.content);
      const { post, created } = await createPost(c.var.db(), user, { ...input, content: settled.content });
      if (created) {
        await announcePost(c, post, 'post.created');
        await notifyNewPostMentions(c, post, settled.mentioned);
      }
      return c.json({ post }, created ? 201 : 200);
    },
  )
  .put('/:id/like', postGuard('read'), pathIds(PostParam), async (c) => like(c, true))
  .delete('/:id/like', postGuard('read'), pathIds(PostParam), async (c) => like(c, false))
  .put(
    '/:id',
    contentInBody(['attachments'], keepsOwnAttachments),
    postGuard('author'),
    pathIds(PostParam),
    validateBody(UpdatePostInput, POST_EMPTY),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      if (input.id !== undefined && input.id !== id)
        throw badRequest('Post is not a valid id.', [{ path: 'id', message: 'Post is not a valid id.' }]);
      await assertOwnMedia(c, attachmentFields(input.attachments, 'posts'));
      const { user } = requireAuth(c);
      const settled = await settlePostMentions(c.var.db(), c.var.post.spaceId, input.content);
      const post = await updatePost(c.var.db(), id, user, { ...input, content: settled.content });
      await announcePost(c, post, 'post.updated');
      // Members the edit newly names are notified; those already notified for this post are not.
      await notifyNewPostMentions(c, post, settled.mentioned);
      return c.json({ post }, 200);
    },
  )
  .delete('/:id', postGuard('delete'), pathIds(PostParam), async (c) => {
    const { id } = c.req.valid('param');
    const access = c.var.post;
    await deletePost(c.var.db(), id);
    const { realtime, config } = realtimeOf(c);
    await Promise.all([
      access.scheduled ? unschedulePostEvent(realtime, config, access.spaceId, id) : Promise.resolve(true),
      // To everyone, even for a scheduled post: its alarm may have published it a moment ago, and
      // the id of a post nobody else saw reveals nothing.
      publishToPostsRoom(realtime, config, access.spaceId, {
        type: 'post.deleted',
        id,
        spaceId: access.spaceId,
      }),
    ]);
    return c.json({ id }, 200);
  });

/** A published post's mentions notify now; a scheduled post's never do (docs/product-decisions.md). */
function notifyNewPostMentions<E extends AppEnv>(c: Context<E>, post: Post, mentioned: MentionedMember[]) {
  if (post.scheduled || mentioned.length === 0) return Promise.resolve(true);
  const { realtime, config } = realtimeOf(c);
  return notifyPostMentions(c.var.db(), realtime, config, {
    spaceId: post.spaceId,
    postId: post.id,
    author: post.author,
    mentioned,
  });
}

async function like(c: Context<PostEnv>, liked: boolean) {
  const access = c.var.post;
  if (access.scheduled) throw notFound(POST_NOT_FOUND); // nothing to like before it is published
  const result = await setLike(c.var.db(), access.id, requireAuth(c).user, liked);
  if (result.changed) {
    const { realtime, config } = realtimeOf(c);
    await Promise.all([
      publishToPostsRoom(realtime, config, access.spaceId, {
        type: 'post.liked',
        id: access.id,
        likes: result.likes,
      }),
      notify(c, result.notification, 'POST_REACTION'),
    ]);
  }
  return c.json({ id: result.id, likes: result.likes, likedByMe: result.likedByMe }, 200);
}

/** `GET /api/link-preview?url=`: title and favicon of a link attachment, through the guarded fetch. */
export const linkPreviewRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .get('/', validate('query', LinkPreviewQuery), async (c) => {
    const { url } = c.req.valid('query');
    const preview = await linkPreview(url);
    return c.json({ url, title: preview.title, faviconUrl: preview.faviconUrl }, 200);
  });
