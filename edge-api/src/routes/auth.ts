// Sign-in, token refresh, sign-out, the current user, and joining through an invitation.
import { AcceptInviteInput, LoginInput } from '@community/domain';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env.ts';
import { clientAddress } from '../lib/client-address.ts';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS, signAccessToken } from '../lib/tokens.ts';
import { validate } from '../lib/validate.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE, requireAuth, signedIn } from '../middleware/auth.ts';
import {
  acceptInvite,
  type IssuedSession,
  refreshSession,
  revokeSession,
  revokeSessionByRefreshToken,
  signIn,
} from '../services/auth.ts';
import { revokeRealtimeAccess } from '../services/realtime.ts';

const REFRESH_PATH = '/api/auth';

/**
 * Options of every session cookie, set or deleted. `Secure` whenever the request came over HTTPS;
 * only plain-http local runs go without it (browsers drop a Secure cookie sent over http).
 */
export function sessionCookieOptions(requestUrl: string) {
  return { httpOnly: true, sameSite: 'Lax' as const, secure: new URL(requestUrl).protocol === 'https:' };
}

const cookieOptions = (c: Context<AppEnv>) => sessionCookieOptions(c.req.url);

async function respondWithSession(c: Context<AppEnv>, issued: IssuedSession) {
  const accessToken = await signAccessToken(c.var.config.authSecret, issued.user.id, issued.sessionId);
  setCookie(c, ACCESS_COOKIE, accessToken, {
    ...cookieOptions(c),
    path: '/',
    maxAge: ACCESS_TOKEN_TTL_SECONDS,
  });
  setCookie(c, REFRESH_COOKIE, issued.refreshToken, {
    ...cookieOptions(c),
    path: REFRESH_PATH,
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
  return { user: issued.user, accessToken };
}

function clientOf(c: Context<AppEnv>) {
  return {
    ip: clientAddress(c.req.raw.headers, c.var.config.clientIpHeader),
    userAgent: c.req.header('User-Agent') ?? null,
  };
}

export const authRoutes = new Hono<AppEnv>()
  .post('/login', validate('json', LoginInput), async (c) => {
    const issued = await signIn(c.var.db(), c.req.valid('json'), clientOf(c));
    return c.json(await respondWithSession(c, issued), 200);
  })
  .post('/refresh', async (c) => {
    const issued = await refreshSession(c.var.db(), getCookie(c, REFRESH_COOKIE), (reused) =>
      revokeRealtimeAccess(c.env.REALTIME, c.var.config, c.var.db(), {
        kind: 'session',
        userId: reused.userId,
        sessionId: reused.sessionId,
        reason: 'revoked',
      }),
    );
    return c.json(await respondWithSession(c, issued), 200);
  })
  .post('/sign-out', async (c) => {
    const auth = c.var.auth;
    const refreshToken = getCookie(c, REFRESH_COOKIE);
    let sessionId = auth?.sessionId ?? null;
    if (sessionId) await revokeSession(c.var.db(), sessionId);
    else if (refreshToken) sessionId = await revokeSessionByRefreshToken(c.var.db(), refreshToken);
    // A deletion must carry the same attributes as the cookie it replaces (Secure included).
    deleteCookie(c, ACCESS_COOKIE, { ...cookieOptions(c), path: '/' });
    deleteCookie(c, REFRESH_COOKIE, { ...cookieOptions(c), path: REFRESH_PATH });
    if (sessionId) {
      // Awaited: the session's sockets in every room (user room and spaces) close before the answer.
      await revokeRealtimeAccess(c.env.REALTIME, c.var.config, c.var.db(), {
        kind: 'session',
        sessionId,
        reason: 'signed-out',
        ...(auth ? { userId: auth.user.id } : {}),
      });
    }
    return c.body(null, 204);
  })
  .get('/me', signedIn, (c) => c.json({ user: requireAuth(c).user }, 200))
  .post('/accept-invite', validate('json', AcceptInviteInput), async (c) => {
    const issued = await acceptInvite(c.var.txDb(), c.req.valid('json'), clientOf(c));
    return c.json(await respondWithSession(c, issued), 201);
  });
