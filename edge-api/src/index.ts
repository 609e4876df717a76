// Worker entry. One origin serves it all: /api/* and /mfe-manifest.json here, /parties/* forwarded
// to the realtime worker (sockets included), everything else is the built front end (static assets);
// a micro-frontend may be served from its own origin instead (MFE_*_URL, docs/api.md "Front end").
import { app } from './app.ts';
import { type Bindings, readConfig } from './config.ts';
import { withCanonicalIds } from './lib/canonical-ids.ts';
import { type PolicySources, withFrontEndSecurityHeaders } from './lib/content-security-policy.ts';
import { currentRemoteUrls, fetchRemoteFile } from './lib/local-remotes.ts';
import { runScheduled } from './scheduled.ts';

export default {
  fetch(request: Request, env: Bindings, ctx: ExecutionContext): Response | Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/parties/')) return env.REALTIME.fetch(request);
    if (pathname.startsWith('/api/') || pathname === '/mfe-manifest.json')
      return app.fetch(withCanonicalIds(request), env, ctx);
    if (env.ASSETS) return serveFrontEnd(request, env.ASSETS, env);
    return Response.json({ error: 'Not found' }, { status: 404 });
  },
  /** The Cron Triggers in wrangler.jsonc: hourly housekeeping, event reminders every minute. */
  scheduled(controller: ScheduledController, env: Bindings): Promise<void> {
    return runScheduled(controller, env);
  },
} satisfies ExportedHandler<Bindings>;

/**
 * A file of the built front end, with the security policy computed from configuration: MAP_STYLE_URL
 * and the micro-frontends' origins (MFE_*_URL) widen it (src/lib/content-security-policy.ts). The
 * Worker runs first for pages and micro-frontend files (wrangler.jsonc run_worker_first), so the
 * documents, whose policy governs every script, style and fetch of the page, carry it; the shell's
 * own /assets/* skip the Worker and keep shell/public/_headers (a policy on a script or a stylesheet
 * governs nothing). A micro-frontend file (`/mfe/…`) that does not exist is a 404, never index.html.
 */
async function serveFrontEnd(request: Request, assets: Fetcher, env: Bindings): Promise<Response> {
  const isRemoteFile = new URL(request.url).pathname.startsWith('/mfe/');
  const [response, sources] = await Promise.all([
    isRemoteFile ? fetchRemoteFile(request, env) : assets.fetch(request),
    policySources(request, env),
  ]);
  return withFrontEndSecurityHeaders(response, sources);
}

async function policySources(request: Request, env: Bindings): Promise<PolicySources> {
  try {
    const config = readConfig(env);
    const mfeUrls = await currentRemoteUrls(env, config.mfeUrls, request.url);
    return { mapStyleUrl: config.mapStyleUrl, mfeUrls };
  } catch (error) {
    // A broken configuration breaks the API, which says why; the pages still load, with the
    // default (strictest) policy, and can show that error.
    console.error('[edge-api] config', error);
    return { mapStyleUrl: '/map/offline-style.json' };
  }
}
