// Who is calling: the access token from the `access_token` cookie or `Authorization: Bearer`,
// checked against a live session on every request, so sign-out, blocking and role changes apply
// at once.
import type { Role } from '@community/domain';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, AuthState } from '../env.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { verifyAccessToken } from '../lib/tokens.ts';
import { findSessionUser } from '../services/users.ts';
import { writeTakeFor } from './write-limits.ts';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';

function presentedToken(authorization: string | undefined, cookie: string | undefined): string | null {
  const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  return bearer ?? cookie ?? null;
}

/** Resolves the caller if a valid token is presented; never rejects on its own. */
export const identify = createMiddleware<AppEnv>(async (c, next) => {
  c.set('auth', null);
  c.set('writeTake', null);
  const token = presentedToken(c.req.header('Authorization'), getCookie(c, ACCESS_COOKIE));
  if (token) {
    const claims = await verifyAccessToken(c.var.config.authSecret, token);
    if (claims) {
      const write = writeTakeFor(c.req.method, c.req.path, claims.sub);
      const found = await findSessionUser(c.var.db(), claims.sid, claims.sub, write);
      if (found) {
        c.set('auth', { user: found.user, sessionId: claims.sid });
        c.set('writeTake', found.take);
      }
    }
  }
  await next();
});

/** The caller, or a 401. */
export function requireAuth(c: { var: { auth: AuthState | null } }): AuthState {
  if (!c.var.auth) throw unauthorized();
  return c.var.auth;
}

export const signedIn = createMiddleware<AppEnv>(async (c, next) => {
  requireAuth(c);
  await next();
});

export function requireRole(c: { var: { auth: AuthState | null } }, roles: readonly Role[]): AuthState {
  const auth = requireAuth(c);
  if (!roles.includes(auth.user.role)) throw forbidden();
  return auth;
}

export const ADMIN_ROLES = ['SUPER_ADMIN', 'ADMIN'] as const satisfies readonly Role[];
