// The community itself, its members directory, and the caller's role (the admin panel reads the
// role from here).
import {
  CreateInviteInput,
  MemberDirectoryQuery,
  UpdateCommunityInput,
  UpdateWelcomeInput,
} from '@community/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { notFound } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { emailBrand } from '../mail/brand.ts';
import { queueMail } from '../mail/queue.ts';
import { communityAdmin } from '../middleware/access.ts';
import { ADMIN_ROLES, requireAuth, requireRole, signedIn } from '../middleware/auth.ts';
import { requireFeature } from '../middleware/features.ts';
import { findCommunity } from '../services/community.ts';
import {
  createInvitation,
  NO_COMMUNITY,
  updateCommunity,
  updateWelcomeText,
} from '../services/community-admin.ts';
import { isSuppressed } from '../services/mail-suppressions.ts';
import { listDirectory } from '../services/members.ts';
import { dismissWelcome, findWelcome } from '../services/welcome.ts';

export const communityRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .get('/', async (c) => {
    const community = await findCommunity(c.var.db());
    if (!community) throw notFound(NO_COMMUNITY);
    return c.json(community, 200);
  })
  .patch('/', communityAdmin, validate('json', UpdateCommunityInput), async (c) => {
    const { user } = requireRole(c, ADMIN_ROLES);
    return c.json(await updateCommunity(c.var.db(), user, c.req.valid('json')), 200);
  })
  // The first-visit welcome's text (admin panel, Community section): the role before the body.
  .put('/welcome', communityAdmin, validate('json', UpdateWelcomeInput), async (c) => {
    const { user } = requireRole(c, ADMIN_ROLES);
    return c.json(await updateWelcomeText(c.var.db(), user, c.req.valid('json')), 200);
  })
  // The members directory: searchable, by name or by recent activity (online first).
  .get('/users', requireFeature('community'), validate('query', MemberDirectoryQuery), async (c) => {
    return c.json(await listDirectory(c.var.db(), c.req.valid('query')), 200);
  })
  // The link is answered either way (the admin can still copy it); the email goes through the mail
  // queue when the platform sends email (SMTP_URL), and `emailed` says so. An address that bounced
  // before (the suppression list) is not emailed, and `bounced` tells the admin why.
  .post('/invite', communityAdmin, validate('json', CreateInviteInput), async (c) => {
    const { user } = requireRole(c, ADMIN_ROLES);
    const invitation = await createInvitation(
      c.var.db(),
      user,
      c.req.valid('json'),
      new URL(c.req.url).origin,
    );
    // The community's name and, when its admin turned images in emails on, its logo (mail/brand.ts);
    // a reply reaches the admin who invited (docs/product-decisions.md).
    if (await isSuppressed(c.var.db(), invitation.email)) {
      return c.json({ invitationLink: invitation.invitationLink, emailed: false, bounced: true }, 201);
    }
    const emailed = await queueMail(c.env, c.var.config, {
      ...emailBrand(invitation.community, c.var.config),
      kind: 'invitation',
      key: `invitation:${invitation.tokenHash}`,
      to: invitation.email,
      link: invitation.invitationLink,
      invitedBy: `${user.firstName} ${user.lastName}`.trim(),
      replyTo: user.email,
    });
    return c.json({ invitationLink: invitation.invitationLink, emailed }, 201);
  });

/** The caller's first-visit welcome on Home, and dismissing it (stored on the account). */
export const welcomeRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .get('/', async (c) => c.json(await findWelcome(c.var.db(), requireAuth(c).user), 200))
  .post('/dismissal', async (c) => {
    await dismissWelcome(c.var.db(), requireAuth(c).user);
    return c.body(null, 204);
  });

export const authorizationRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .get('/', (c) => c.json({ role: requireAuth(c).user.role }, 200));
