// Worker entry. One origin serves it all: /api/* and /mfe-manifest.json here, /parties/* forwarded
// to the realtime worker (sockets included), everything else is the built front end (static assets);
// a micro-frontend may be served from its own origin instead (MFE_*_URL, docs/api.md "Front end").
import { errorFields, logLine, REQUEST_ID_HEADER } from '@community/realtime-protocol';
import { app } from './app.ts';
import { type Bindings, readConfig } from './config.ts';
import { withCanonicalIds } from './lib/canonical-ids.ts';
import { withFrontEndSecurityHeaders } from './lib/content-security-policy.ts';
import { firstScreenHead, firstScreenHints, firstScreenModules } from './lib/first-screen.ts';
import {
  currentRemoteManifest,
  fetchRemoteFile,
  manifestAddresses,
  type RemoteManifest,
} from './lib/local-remotes.ts';
import { requestIdOf, withRequestId } from './lib/request-trace.ts';
import { consumeMail } from './mail/consumer.ts';
import { ACCESS_COOKIE } from './middleware/auth.ts';
import { runScheduled } from './scheduled.ts';

/** `response` with its request's id (a copy when its headers cannot change). */
function withId(response: Response, requestId: string): Response {
  const answer = new Response(response.body, response);
  answer.headers.set(REQUEST_ID_HEADER, requestId);
  return answer;
}

export default {
  fetch(request: Request, env: Bindings, ctx: ExecutionContext): Response | Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/parties/')) {
      // A socket's upgrade is passed through untouched; any other answer of a room carries an id too.
      if (request.headers.get('upgrade')?.toLowerCase() === 'websocket') return env.REALTIME.fetch(request);
      const requestId = requestIdOf(request);
      return env.REALTIME.fetch(request)
        .then((answer) => withRequestId(answer, requestId))
        .then((answer) => withId(answer, requestId));
    }
    if (pathname.startsWith('/api/') || pathname === '/mfe-manifest.json')
      return app.fetch(withCanonicalIds(request), env, ctx);
    // The front end's files carry a request id too (the API's come from lib/request-trace.ts).
    const requestId = requestIdOf(request);
    if (env.ASSETS)
      return serveFrontEnd(request, env.ASSETS, env).then((answer) => withId(answer, requestId));
    return Response.json(
      { error: 'Not found', requestId },
      { status: 404, headers: { [REQUEST_ID_HEADER]: requestId } },
    );
  },
  /** The Cron Triggers in wrangler.jsonc: hourly housekeeping, event reminders every minute. */
  scheduled(controller: ScheduledController, env: Bindings): Promise<void> {
    return runScheduled(controller, env);
  },
  /** The mail queue's batches (wrangler.jsonc `queues`; ADR 26). */
  queue(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
    return consumeMail(batch, readConfig(env));
  },
} satisfies ExportedHandler<Bindings>;

/**
 * A file of the built front end, with the security policy computed from configuration: MAP_STYLE_URL
 * and the micro-frontends' origins (MFE_*_URL) widen it (src/lib/content-security-policy.ts). The
 * Worker runs first for pages and micro-frontend files (wrangler.jsonc run_worker_first), so the
 * documents, whose policy governs every script, style and fetch of the page, carry it; the shell's
 * own /assets/* skip the Worker and keep shell/public/_headers (a policy on a script or a stylesheet
 * governs nothing). A micro-frontend file (`/mfe/…`) that does not exist is a 404, never index.html.
 * A page also carries what its first screen needs (src/lib/first-screen.ts).
 */
async function serveFrontEnd(request: Request, assets: Fetcher, env: Bindings): Promise<Response> {
  const isRemoteFile = new URL(request.url).pathname.startsWith('/mfe/');
  const [response, setup] = await Promise.all([
    isRemoteFile ? fetchRemoteFile(request, env) : assets.fetch(request),
    frontEndSetup(request, env),
  ]);
  const secured = withFrontEndSecurityHeaders(response, {
    mapStyleUrl: setup?.mapStyleUrl ?? '/map/offline-style.json',
    ...(setup ? { mfeUrls: manifestAddresses(setup.manifest) } : {}),
  });
  const isPage =
    !isRemoteFile &&
    request.method === 'GET' &&
    secured.status === 200 &&
    (secured.headers.get('Content-Type') ?? '').startsWith('text/html');
  return isPage && setup ? withFirstScreen(request, secured, setup.manifest, env) : secured;
}

/** The micro-frontend manifest and the map style of this request, or null for a broken configuration. */
async function frontEndSetup(
  request: Request,
  env: Bindings,
): Promise<{ manifest: RemoteManifest; mapStyleUrl: string } | null> {
  try {
    const config = readConfig(env);
    return {
      manifest: await currentRemoteManifest(env, config, request.url),
      mapStyleUrl: config.mapStyleUrl,
    };
  } catch (error) {
    // A broken configuration breaks the API, which says why; the pages still load, with the
    // default (strictest) policy, and can show that error.
    logLine('error', 'Configuration unreadable: pages served with the default policy', {
      requestId: requestIdOf(request),
      error: errorFields(error),
    });
    return null;
  }
}

/** The page with the manifest and its first screen's preloads at the end of its head. */
async function withFirstScreen(
  request: Request,
  page: Response,
  manifest: RemoteManifest,
  env: Bindings,
): Promise<Response> {
  const url = new URL(request.url);
  const signedIn = (request.headers.get('Cookie') ?? '').includes(`${ACCESS_COOKIE}=`);
  const hints = signedIn
    ? await firstScreenHints(firstScreenModules(url), manifest, request.url, (file) =>
        file.origin === url.origin ? fetchRemoteFile(new Request(file), env) : fetch(file),
      )
    : { modules: [], styles: [] };
  const head = firstScreenHead(manifest, hints, signedIn);
  const rewritten = new HTMLRewriter()
    .on('head', { element: (element) => void element.append(head, { html: true }) })
    .transform(page);
  const headers = new Headers(rewritten.headers);
  // The page now depends on the manifest and the session: never answered from a cache as is.
  headers.delete('ETag');
  headers.set('Cache-Control', 'no-cache');
  return new Response(rewritten.body, { status: rewritten.status, headers });
}
