// The community's logo as its emails show it (ADR 26, mail/brand.ts): `GET /api/email/logo/<file>`,
// no sign-in (a mail app sends none, and its proxy fetches on its own), while the community's admin
// has images in emails on. Off, or no logo of ours: 404, so even emails sent before stop fetching it.
// The file's name in the address only changes with the logo (a mail app's cache keeps the old one
// otherwise); whatever it is, the community's current logo is answered.
import { communities } from '@community/db/schema';
import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { notFound } from '../lib/errors.ts';
import { uploadedLogoKey } from '../mail/brand.ts';

export const EMAIL_LOGO_NOT_FOUND = 'No logo is shown in emails';
const FILE_NAME = /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export const emailLogoRoutes = new Hono<AppEnv>().get('/:file', async (c) => {
  if (!FILE_NAME.test(c.req.param('file')) || !c.env.UPLOADS) throw notFound(EMAIL_LOGO_NOT_FOUND);
  const [row] = await c.var
    .db()
    .select({ logo: communities.communityLogo, emailImages: communities.emailImages })
    .from(communities)
    .orderBy(asc(communities.createdAt))
    .limit(1);
  const key = row?.emailImages && row.logo ? uploadedLogoKey(row.logo, c.var.config.publicUrl) : null;
  const object = key ? await c.env.UPLOADS.get(key) : null;
  const contentType = object?.httpMetadata?.contentType ?? '';
  if (!object || !contentType.startsWith('image/')) throw notFound(EMAIL_LOGO_NOT_FOUND);
  return c.body(object.body, 200, {
    'Content-Type': contentType,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    // Shown in a mail app's page, on another origin than ours (the API's default is same-origin).
    'Cross-Origin-Resource-Policy': 'cross-origin',
    // A mail app's proxy may keep a copy for an hour (fewer opens reach us); turned off, gone within it.
    'Cache-Control': 'public, max-age=3600',
  });
});
