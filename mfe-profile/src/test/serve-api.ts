// A scripted `fetch` for component tests: answers by "METHOD /path" (query left out) and records each
// call's path with its query, so a test can assert what was asked. Unknown calls fail the test loudly.
import { vi } from 'vitest';

export type ApiAnswer = { status: number; body?: unknown } | 'hang';
export type ApiRoute = (url: URL) => ApiAnswer | Promise<ApiAnswer>;

export const ok = (body: unknown): ApiAnswer => ({ status: 200, body });

export function serveApi(routes: Record<string, ApiRoute>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), location.origin), init);
      const url = new URL(request.url);
      calls.push(`${request.method} ${url.pathname}${url.search}`);
      const route = routes[`${request.method} ${url.pathname}`];
      if (!route) throw new Error(`unexpected request ${request.method} ${url.pathname}`);
      const answer = await route(url);
      if (answer === 'hang') return new Promise<Response>(() => {});
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
