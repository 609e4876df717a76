// The edge-api Hono app: shared middleware, then one chained sub-app per resource so the typed
// client (`hc<AppType>`) sees every route. Paths are the spec's (section 7) under /api.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './env.ts';
import { ApiError, handleError } from './lib/errors.ts';
import { currentRemoteManifest } from './lib/local-remotes.ts';
import { discardBody } from './lib/refused-body.ts';
import { traceRequests } from './lib/request-trace.ts';
import { identify } from './middleware/auth.ts';
import { requestContext } from './middleware/context.ts';
import { sameOriginWrites } from './middleware/origin.ts';
import { writeLimits } from './middleware/write-limits.ts';
import { adminPanelRoutes } from './routes/admin-panel.ts';
import { authRoutes } from './routes/auth.ts';
import { cityRoutes } from './routes/cities.ts';
import { authorizationRoutes, communityRoutes, welcomeRoutes } from './routes/community.ts';
import { conversationRoutes } from './routes/conversations.ts';
import { emailRoutes } from './routes/email.ts';
import { emailLogoRoutes } from './routes/email-logo.ts';
import { communityFeedRoute, eventRoutes } from './routes/events.ts';
import { fileRoutes, signedUrlRoutes, uploadRoutes } from './routes/files.ts';
import { healthRoutes } from './routes/health.ts';
import { internalRoutes } from './routes/internal.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { linkPreviewRoutes, postReadRoutes, postWriteRoutes } from './routes/posts.ts';
import { realtimeRoutes } from './routes/realtime.ts';
import { spaceRoutes } from './routes/spaces.ts';
import { presenceRoutes, userRoutes } from './routes/users.ts';

export const MAX_JSON_BODY_BYTES = 256 * 1024;
export const BODY_TOO_LARGE = 'Request body is too large';

export const api = new Hono<AppEnv>()
  // A refusal sent before the body was read (its size, a sign-in or a role): the rest of the body
  // is read and dropped first, so that the client still sending it reads the answer.
  .use(async (c, next) => {
    await next();
    await discardBody(c.req.raw);
  })
  // A route's own value stands (the email logo is for other origins); none of ours sets the rest.
  .use(secureHeaders({ overwrite: false }))
  .use(requestContext)
  .use(async (c, next) => {
    // Uploads set their own, larger limit.
    if (c.req.path.startsWith('/api/uploads/')) return next();
    return bodyLimit({
      maxSize: MAX_JSON_BODY_BYTES,
      onError: () => {
        throw new ApiError(413, BODY_TOO_LARGE);
      },
    })(c, next);
  })
  .use(sameOriginWrites)
  .use(identify)
  .use(writeLimits)
  .route('/health', healthRoutes)
  .get('/config', (c) => c.json({ mapStyleUrl: c.var.config.mapStyleUrl }, 200))
  .route('/auth', authRoutes)
  .route('/authorization', authorizationRoutes)
  .route('/community', communityRoutes)
  .route('/email', emailRoutes)
  .route('/email/logo', emailLogoRoutes)
  .route('/welcome', welcomeRoutes)
  .route('/users', userRoutes)
  .route('/cities', cityRoutes)
  .route('/socket/users', presenceRoutes)
  .route('/events.ics', communityFeedRoute)
  .route('/events', eventRoutes)
  .route('/spaces', spaceRoutes)
  .route('/conversations', conversationRoutes)
  .route('/posts', postReadRoutes)
  .route('/socket/posts', postWriteRoutes)
  .route('/link-preview', linkPreviewRoutes)
  .route('/admin-panel', adminPanelRoutes)
  .route('/realtime', realtimeRoutes)
  .route('/uploads', uploadRoutes)
  .route('/aws-s3', signedUrlRoutes)
  .route('/files', fileRoutes)
  .route('/notifications', notificationRoutes)
  // The realtime worker's calls (presence reports): signed, never a browser's.
  .route('/internal', internalRoutes);

export const app = new Hono<AppEnv>()
  // First: every answer below carries its request's id, and each request ends in one log line.
  .use(traceRequests)
  .route('/api', api)
  // Where the shell finds the micro-frontends: configuration, so each can be redeployed alone.
  .get('/mfe-manifest.json', requestContext, async (c) => {
    c.header('Cache-Control', 'no-cache');
    // MFE_*_URL (on a local run, where the stack serves each remote now) and MFE_*_VERSION.
    return c.json(await currentRemoteManifest(c.env, c.var.config, c.req.url), 200);
  });

app.notFound((c) => c.json({ error: 'Not found' }, 404));
app.onError(handleError);
api.onError(handleError);

export type AppType = typeof api;
