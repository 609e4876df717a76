// The token of an email's one-click unsubscribe link (RFC 8058): which member, which kind of email,
// until when; signed with AUTH_SECRET, so it works without signing in and cannot be made for
// someone else. A new AUTH_SECRET retires every link, as it retires sessions.
import { sign, verify } from 'hono/jwt';
import { z } from 'zod';

/** A link in an old email keeps working this long (mail is read late, and forwarded). */
export const UNSUBSCRIBE_TTL_SECONDS = 90 * 24 * 60 * 60;

export const EMAIL_KINDS = ['messages', 'mentions', 'events', 'digest'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

const Claims = z.object({
  purpose: z.literal('unsubscribe'),
  sub: z.uuid(),
  kind: z.enum(EMAIL_KINDS),
  exp: z.number(),
});

export function signUnsubscribeToken(secret: string, userId: string, kind: EmailKind, now = Date.now()) {
  const exp = Math.floor(now / 1000) + UNSUBSCRIBE_TTL_SECONDS;
  return sign({ purpose: 'unsubscribe', sub: userId, kind, exp }, secret, 'HS256');
}

/** The member and kind the token names, or null when it is not ours, altered or expired. */
export async function readUnsubscribeToken(
  secret: string,
  token: string,
): Promise<{ userId: string; kind: EmailKind } | null> {
  try {
    const claims = Claims.safeParse(await verify(token, secret, 'HS256'));
    return claims.success ? { userId: claims.data.sub, kind: claims.data.kind } : null;
  } catch {
    return null;
  }
}
