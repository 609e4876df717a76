// Worker entry. One origin serves it all: /api/* and /mfe-manifest.json here, /parties/* forwarded
// to the realtime worker (sockets included), everything else is the built front end (static assets).
import { app } from './app.ts';
import { type Bindings, readConfig } from './config.ts';
import { openHttpDatabase } from './db.ts';
import { withFrontEndSecurityHeaders } from './lib/content-security-policy.ts';
import { recountOnlinePresence, sweepExpiredState } from './services/housekeeping.ts';

export default {
  fetch(request: Request, env: Bindings, ctx: ExecutionContext): Response | Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/parties/')) return env.REALTIME.fetch(request);
    if (pathname.startsWith('/api/') || pathname === '/mfe-manifest.json')
      return app.fetch(request, env, ctx);
    if (env.ASSETS) return serveFrontEnd(request, env.ASSETS, env);
    return Response.json({ error: 'Not found' }, { status: 404 });
  },
  /** The Cron Trigger in wrangler.jsonc: hourly housekeeping. */
  async scheduled(_controller: ScheduledController, env: Bindings): Promise<void> {
    const config = readConfig(env);
    const db = openHttpDatabase(config);
    const swept = await sweepExpiredState(db);
    const presenceRecounts = await recountOnlinePresence(db, env.REALTIME, config);
    console.log('Housekeeping', JSON.stringify({ ...swept, presenceRecounts }));
  },
} satisfies ExportedHandler<Bindings>;

/**
 * A file of the built front end, with the security policy computed from configuration (MAP_STYLE_URL
 * widens it; src/lib/content-security-policy.ts). The Worker runs first for pages and micro-frontend
 * files (wrangler.jsonc run_worker_first), so the documents and the map's worker script carry it; the
 * shell's own /assets/* skip the Worker and keep shell/public/_headers, which only scripts and styles
 * read and which a script's policy does not govern.
 */
async function serveFrontEnd(request: Request, assets: Fetcher, env: Bindings): Promise<Response> {
  const response = await assets.fetch(request);
  let mapStyleUrl = '/map/offline-style.json';
  try {
    mapStyleUrl = readConfig(env).mapStyleUrl;
  } catch (error) {
    // A broken configuration breaks the API, which says why; the pages still load, with the
    // default (strictest) policy, and can show that error.
    console.error('[edge-api] config', error);
  }
  return withFrontEndSecurityHeaders(response, { mapStyleUrl });
}
