// An email's unsubscribe link (RFC 8058, ADR 26): it works without signing in, through the signed,
// expiring token in its address. Opening it (GET) only asks; the button on that page, or a mail
// app's own Unsubscribe (a POST with `List-Unsubscribe=One-Click`), turns the kind off. Once done, it
// says so again and changes nothing.
import { users } from '@community/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { type EmailKind, readUnsubscribeToken } from '../lib/unsubscribe-token.ts';

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is invalid or has expired.';
const KIND_NAMES: Record<EmailKind, string> = {
  messages: 'emails about unread direct messages',
  mentions: 'emails about mentions and comments on your posts',
  events: 'emails about event reminders and cancellations',
  digest: 'the weekly digest',
};

/** A small page of its own: no script, its own styles only, a form that posts back here only. */
function page(c: Context<AppEnv>, status: 200 | 400, title: string, body: string) {
  c.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  );
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;background:#f4f4f5;margin:0;padding:32px 16px;color:#18181b}main{background:#fff;border-radius:8px;max-width:480px;margin:0 auto;padding:32px}h1{font-size:22px;margin:0 0 16px}button{background:#4f46e5;color:#fff;border:0;border-radius:6px;padding:12px 20px;font-size:16px;font-weight:600;cursor:pointer}button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}</style></head><body><main><h1>${title}</h1>${body}</main></body></html>`,
    status,
  );
}

async function claimsOf(c: Context<AppEnv>) {
  const token = c.req.query('token') ?? '';
  return token ? readUnsubscribeToken(c.var.config.authSecret, token) : null;
}

export const emailRoutes = new Hono<AppEnv>()
  .get('/unsubscribe', async (c) => {
    const claims = await claimsOf(c);
    if (!claims) return page(c, 400, 'Unsubscribe', `<p>${UNSUBSCRIBE_INVALID}</p>`);
    return page(
      c,
      200,
      'Unsubscribe',
      `<p>Stop ${KIND_NAMES[claims.kind]}?</p><form method="post"><button type="submit">Unsubscribe</button></form>`,
    );
  })
  .post('/unsubscribe', async (c) => {
    const claims = await claimsOf(c);
    if (!claims) return page(c, 400, 'Unsubscribe', `<p>${UNSUBSCRIBE_INVALID}</p>`);
    const changed = await c.var
      .db()
      .update(users)
      .set({ emailOff: sql`array_append(${users.emailOff}, ${claims.kind})` })
      .where(and(eq(users.id, claims.userId), sql`not (${claims.kind} = any(${users.emailOff}))`))
      .returning({ id: users.id });
    const title = changed.length > 0 ? 'You are unsubscribed' : 'Already unsubscribed';
    const said =
      changed.length > 0
        ? `You will no longer get ${KIND_NAMES[claims.kind]}.`
        : `You had already turned off ${KIND_NAMES[claims.kind]}. Nothing changed.`;
    return page(c, 200, title, `<p>${said}</p>`);
  });
