// The bench's reference front: hands every request to the room worker over a service binding, as
// edge-api hands /parties/* to the realtime worker, so the reference pays the same hops per frame.
// Only `npm run bench -- chat` starts it, on 127.0.0.1; it is no part of the platform.
type Env = { ROOM: Fetcher };

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    return env.ROOM.fetch(request);
  },
};
