// Entry of the realtime worker: routes /parties/{party}/{room} to the room's Durable Object after
// checking the edge-api ticket and the page's Origin. The room itself then refuses a ticket it has
// seen before or one a revocation covers (CommandRoom.fetch). Internal commands are checked by the room;
// the fan-out (`POST /fanout`) by the worker itself.
import { devSecretRefusal, FANOUT_PATH, verifyTicket } from '@community/realtime-protocol';
import { routePartykitRequest } from 'partyserver';
import { ADMITTED_HEADER } from './command-room.ts';
import { type RealtimeConfig, type RealtimeEnv, readConfig } from './config.ts';
import { handleFanout } from './fanout.ts';

export { ConversationRoom } from './conversation-room.ts';
export { FanoutShard } from './fanout.ts';
export { PostsRoom } from './posts-room.ts';
export { PresenceRoom } from './presence-room.ts';
export { SpaceRoom } from './space-room.ts';
export { UserRoom } from './user-room.ts';

function refuse(status: number, error: string): Response {
  return Response.json({ error }, { status });
}

/**
 * The party a ticket names (`user-room`), from the room's class (`UserRoom`), as partyserver routes
 * `/parties/user-room/…`. Not `lobby.party`: partyserver logs a deprecation warning on every read of
 * it (one line per socket opened) and its next major version makes it the class name.
 */
export const partyOf = (className: string) => className.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

export default {
  async fetch(request: Request, env: RealtimeEnv): Promise<Response> {
    let config: RealtimeConfig;
    try {
      config = readConfig(env);
    } catch (error) {
      // A deploy without its secret: say so (never a bare 500).
      return refuse(503, `${(error as Error).message}: set it with \`wrangler secret put REALTIME_SECRET\`.`);
    }
    // The committed development secret makes tickets forgeable: serve with it only on this machine
    // (or to edge-api over the service binding, which nobody else can reach).
    const refusal = devSecretRefusal(
      request.url,
      { REALTIME_SECRET: config.secret },
      { allowInternal: true },
    );
    if (refusal) return refuse(503, refusal);
    // Readiness probe (edge-api's /api/health/ready over the service binding): a configured worker
    // that can take requests. Touches no room.
    if (request.method === 'GET' && new URL(request.url).pathname === '/health') {
      return Response.json({ ok: true });
    }
    // edge-api's one call per notification burst (src/fanout.ts); checked by its signature.
    if (new URL(request.url).pathname === FANOUT_PATH) return handleFanout(request, env, config.secret);
    const response = await routePartykitRequest(request, env as unknown as Cloudflare.Env, {
      onBeforeConnect: async (req, lobby) => {
        const origin = req.headers.get('Origin');
        // Browsers always send Origin on a socket: it must be this origin (edge-api forwards the
        // public request unchanged) or a configured one. Non-browser clients send none.
        if (origin && origin !== new URL(req.url).origin && !config.allowedOrigins.includes(origin)) {
          return refuse(403, 'Origin not allowed');
        }
        const ticket = new URL(req.url).searchParams.get('ticket');
        const check = await verifyTicket(config.secret, ticket, {
          party: partyOf(lobby.className),
          room: lobby.name,
        });
        if (!check.ok) return refuse(401, check.reason);
        // Only what the ticket proves reaches the room: strip anything the client sent itself.
        const admitted = new Request(req);
        admitted.headers.set(ADMITTED_HEADER, encodeURIComponent(JSON.stringify(check.claims)));
        return admitted;
      },
      onBeforeRequest: (req) => {
        // Plain HTTP to a room is only for edge-api's signed commands; never let admission headers through.
        const cleaned = new Request(req);
        cleaned.headers.delete(ADMITTED_HEADER);
        return cleaned;
      },
    });
    return response ?? refuse(404, 'Not found');
  },
};
