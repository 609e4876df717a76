// Cross-site request forgery guard: a state-changing request that says where it comes from must
// come from this origin or a configured one. (Cookies are SameSite=Lax as a second lock.)
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { forbidden } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const sameOriginWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header('Origin');
    const own = new URL(c.req.url).origin;
    if (origin && origin !== own && !c.var.config.allowedOrigins.includes(origin)) {
      throw forbidden('Cross-origin request refused');
    }
  }
  await next();
});
