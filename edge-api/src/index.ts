// Worker entry. One origin serves it all: /api/* and /mfe-manifest.json here, /parties/* forwarded
// to the realtime worker (sockets included), everything else is the built front end (static assets).
import { app } from './app.ts';
import { type Bindings, readConfig } from './config.ts';
import { openHttpDatabase } from './db.ts';
import { recountOnlinePresence, sweepExpiredState } from './services/housekeeping.ts';

export default {
  fetch(request: Request, env: Bindings, ctx: ExecutionContext): Response | Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/parties/')) return env.REALTIME.fetch(request);
    if (pathname.startsWith('/api/') || pathname === '/mfe-manifest.json')
      return app.fetch(request, env, ctx);
    if (env.ASSETS) return env.ASSETS.fetch(request);
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
