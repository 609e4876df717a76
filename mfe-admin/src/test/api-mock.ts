// A stand-in for the API in component tests: answers fetch by "METHOD /path" (query string included
// when the route names one), records every call with its JSON body, and fails loudly on a call no
// route expects.
import { vi } from 'vitest';

export type MockAnswer = { status?: number; body?: unknown };
type Handler = MockAnswer | ((body: unknown, url: string) => MockAnswer | Promise<MockAnswer>);
export type ApiCall = { method: string; url: string; body: unknown };

export function mockApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const path = url.split('?')[0];
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${path}`];
    if (!handler) throw new Error(`Unexpected request ${method} ${url}`);
    const answer = typeof handler === 'function' ? await handler(body, url) : handler;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, writes: () => calls.filter((call) => call.method !== 'GET') };
}
