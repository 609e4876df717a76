// The admin panel's API (spec section 7): ADMIN and SUPER_ADMIN only (others 403, anonymous 401).
// Paths that name the acting admin (`{adminId}`, `{userId}` of one's own info) must name the caller.
import {
  AdminUserOperationQuery,
  AdminUsersQuery,
  CreateUrlsInput,
  PageQuery,
  UpdateAdminInfoInput,
  UpdateUserFeaturesInput,
  UserFormInput,
} from '@community/domain';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { communityAdmin, manageableUser, pathIds, self } from '../middleware/access.ts';
import { ADMIN_ROLES, requireAuth, requireRole, signedIn } from '../middleware/auth.ts';
import {
  addUser,
  deleteUser,
  editUser,
  importUserRows,
  setBlocked,
  updateFeatures,
} from '../services/admin-user-writes.ts';
import { listUsersForAdmin } from '../services/admin-users.ts';
import { listAudit } from '../services/audit.ts';
import { closeEndedSessions } from '../services/auth.ts';
import { findCommunity } from '../services/community.ts';
import { addUrls, deleteUrl, listUrls, updateAdminInfo } from '../services/community-admin.ts';
import { announceFeatureChange } from '../services/feature-changes.ts';
import { clearSuppression, listSuppressions, SUPPRESSION_NOT_FOUND } from '../services/mail-suppressions.ts';
import { revokeRealtimeAccess } from '../services/realtime.ts';
import { findUserWithFeatures } from '../services/users.ts';

export const IMPORT_BATCH_MAX = 500;
const UserId = z.uuid({ error: 'User not found' });
const AdminParam = z.object({ adminId: UserId });
/** Exports page through every user: allow big pages here (the table asks for small ones). */
export const ADMIN_USERS_PAGE_MAX = 1000;
const AdminUsersPageQuery = AdminUsersQuery.extend({
  limit: z.coerce
    .number()
    .int()
    .optional()
    .transform((limit) => Math.min(ADMIN_USERS_PAGE_MAX, Math.max(1, limit ?? 20))),
});
const UserParam = z.object({ userId: UserId });
const TargetParam = z.object({ id: UserId });
const UrlParam = z.object({ userId: UserId, urlId: z.uuid({ error: 'URL not found' }) });
// An address that is not one cannot be on the list: 404, as for a malformed id.
const SuppressionParam = z.object({
  email: z.string().max(254, SUPPRESSION_NOT_FOUND).pipe(z.email(SUPPRESSION_NOT_FOUND)),
});
const ImportBody = z.strictObject({
  users: z.array(z.unknown()).max(IMPORT_BATCH_MAX, `Send at most ${IMPORT_BATCH_MAX} users per request`),
  dryRun: z.boolean().default(false),
});

const admin = (c: Context<AppEnv>) => requireRole(c, ADMIN_ROLES).user;

export const adminPanelRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .use(communityAdmin)
  .get(
    '/users/:adminId',
    self('adminId'),
    pathIds(AdminParam),
    validate('query', AdminUsersPageQuery),
    async (c) => {
      return c.json(await listUsersForAdmin(c.var.db(), c.req.valid('query')), 200);
    },
  )
  .post(
    '/users/import/:adminId',
    self('adminId'),
    pathIds(AdminParam),
    validate('json', ImportBody),
    async (c) => {
      const { users: rows, dryRun } = c.req.valid('json');
      const outcome = await importUserRows(c.var.txDb(), admin(c), rows, dryRun);
      return c.json(outcome, dryRun ? 200 : 201);
    },
  )
  .post(
    '/users/:adminId',
    self('adminId'),
    pathIds(AdminParam),
    validate('json', UserFormInput),
    async (c) => {
      const id = await addUser(c.var.txDb(), admin(c), c.req.valid('json'));
      return c.json({ user: await findUserWithFeatures(c.var.db(), id) }, 201);
    },
  )
  .patch(
    '/users/:id',
    manageableUser,
    pathIds(TargetParam),
    validate('query', AdminUserOperationQuery),
    async (c) => {
      const { id } = c.req.valid('param');
      const actor = admin(c);
      const { operation } = c.req.valid('query');
      const body =
        operation === 'block' || operation === 'reactivate' ? null : await c.req.json().catch(() => null);
      // Both the edit form and Features write the switches.
      const featuresWritten = operation === 'edit' || operation === 'updateFeatures';
      if (operation === 'edit') {
        const input = UserFormInput.safeParse(body);
        if (!input.success)
          throw badRequest(
            input.error.issues[0]?.message ?? 'Invalid input',
            input.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
          );
        // A new password or email ends every session of that user, but an admin editing
        // themselves stays signed in here; the ended sessions' sockets close before the answer.
        const keep = id === actor.id ? requireAuth(c).sessionId : null;
        const { endedSessionIds } = await editUser(c.var.txDb(), actor, id, input.data, keep);
        if (endedSessionIds.length > 0)
          await closeEndedSessions(c.env.REALTIME, c.var.config, c.var.db(), id, endedSessionIds, {
            allOfThem: keep === null,
          });
      } else if (operation === 'updateFeatures') {
        const input = UpdateUserFeaturesInput.safeParse(body);
        if (!input.success) throw badRequest(input.error.issues[0]?.message ?? 'Invalid input');
        await updateFeatures(c.var.db(), actor, id, input.data);
      } else {
        await setBlocked(c.var.db(), actor, id, operation === 'block');
        // Every socket of theirs, in every room they held a ticket for, closes before the answer.
        if (operation === 'block') {
          await revokeRealtimeAccess(c.env.REALTIME, c.var.config, c.var.db(), {
            kind: 'user',
            userId: id,
            reason: 'blocked',
          });
        }
      }
      const user = await findUserWithFeatures(c.var.db(), id);
      if (!user) throw notFound('User not found');
      // After the commit: the member's pages and sockets follow the switches now (docs/features.md).
      if (featuresWritten)
        await announceFeatureChange(c.env.REALTIME, c.var.config, c.var.db(), id, user.features);
      return c.json({ user }, 200);
    },
  )
  .delete('/users/:id', manageableUser, pathIds(TargetParam), async (c) => {
    const { id } = c.req.valid('param');
    const { rooms } = await deleteUser(c.var.db(), admin(c), id);
    await revokeRealtimeAccess(c.env.REALTIME, c.var.config, c.var.db(), {
      kind: 'user',
      userId: id,
      reason: 'deleted',
      rooms,
    });
    return c.json({ id }, 200);
  })
  .get('/community/:userId', self('userId'), pathIds(UserParam), async (c) => {
    const community = await findCommunity(c.var.db());
    return c.json(community ? { id: community.id, name: community.communityName } : null, 200);
  })
  .get('/urls/:userId', self('userId'), pathIds(UserParam), async (c) => {
    return c.json({ items: await listUrls(c.var.db(), admin(c).id) }, 200);
  })
  .post('/urls/:userId', self('userId'), pathIds(UserParam), validate('json', CreateUrlsInput), async (c) => {
    const { urls, communityId } = c.req.valid('json');
    return c.json({ items: await addUrls(c.var.db(), admin(c), communityId, urls) }, 201);
  })
  .delete('/urls/:userId/:urlId', self('userId'), pathIds(UrlParam), async (c) => {
    const { urlId } = c.req.valid('param');
    await deleteUrl(c.var.db(), admin(c), urlId);
    return c.json({ id: urlId }, 200);
  })
  .get('/audit', validate('query', PageQuery), async (c) =>
    c.json(await listAudit(c.var.db(), c.req.valid('query')), 200),
  )
  // The suppression list (issue 32): addresses the SMTP server refused for good, newest first.
  .get('/email-suppressions', validate('query', PageQuery), async (c) =>
    c.json(await listSuppressions(c.var.db(), c.req.valid('query')), 200),
  )
  .delete('/email-suppressions/:email', pathIds(SuppressionParam), async (c) => {
    const { email } = c.req.valid('param');
    await clearSuppression(c.var.db(), admin(c), email);
    return c.json({ email: email.toLowerCase() }, 200);
  })
  .patch(
    '/:userId',
    self('userId'),
    pathIds(UserParam),
    validate('json', UpdateAdminInfoInput),
    async (c) => {
      await updateAdminInfo(c.var.db(), admin(c), c.req.valid('json'));
      return c.json({ user: await findUserWithFeatures(c.var.db(), admin(c).id) }, 200);
    },
  );
