// The bench's reference room: a bare partyserver Server (hibernating sockets, as ours) that
// broadcasts the body of each POST it receives with partyserver's own broadcast(). No ticket, no
// signature, no schema: the least a partyserver room can do per frame, to measure ours against in
// the same run. Only `npm run bench -- chat` starts it, on 127.0.0.1; it is no part of the platform.
import { routePartykitRequest, Server } from 'partyserver';

type Env = { ReferenceRoom: DurableObjectNamespace };

export class ReferenceRoom extends Server<Env> {
  static override options = { hibernate: true };

  override async onRequest(request: Request): Promise<Response> {
    this.broadcast(await request.text());
    return Response.json({ ok: true });
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    return (
      (await routePartykitRequest(request, env as unknown as Record<string, unknown>)) ??
      new Response('Not found', { status: 404 })
    );
  },
};
