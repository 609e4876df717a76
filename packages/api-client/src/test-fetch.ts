// A scripted fetch for unit tests: answers by "METHOD path" and records every call.
type Answer = { status: number; body?: unknown };
type Handler = (call: RecordedCall) => Answer | Promise<Answer>;
export type RecordedCall = { method: string; path: string; body: unknown; init: RequestInit };

export function json(status: number, body?: unknown): Answer {
  return { status, body };
}

export function createTestFetch(routes: Record<string, Handler | Answer[]>) {
  const calls: RecordedCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const call = {
      method,
      path: url.pathname + url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      init,
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) throw new Error(`unexpected request ${method} ${url.pathname}`);
    const answer = Array.isArray(route) ? route.shift() : await route(call);
    if (!answer) throw new Error(`no answer left for ${method} ${url.pathname}`);
    const payload = answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(payload, {
      status: answer.status,
      headers: payload ? { 'content-type': 'application/json' } : {},
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}
