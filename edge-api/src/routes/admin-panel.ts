// The admin panel's API: ADMIN and SUPER_ADMIN only (others 403, anonymous 401). The rest of the
// panel (edits, blocking, import, invitations) comes with the admin panel issue.
import { PageQuery } from '@community/domain';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { forbidden } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { ADMIN_ROLES, requireRole, signedIn } from '../middleware/auth.ts';
import { listUsersForAdmin } from '../services/admin-users.ts';

const AdminParam = z.object({ adminId: z.uuid({ error: 'User not found' }) });
const UserListQuery = PageQuery.extend({ search: z.string().max(200).optional() });

export const adminPanelRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .use(async (c, next) => {
    requireRole(c, ADMIN_ROLES);
    await next();
  })
  .get('/users/:adminId', validate('param', AdminParam), validate('query', UserListQuery), async (c) => {
    // The path names the admin acting; it must be the caller.
    if (c.req.valid('param').adminId !== requireRole(c, ADMIN_ROLES).user.id) throw forbidden();
    return c.json(await listUsersForAdmin(c.var.db(), c.req.valid('query')), 200);
  });
