// A direct message left in the outbox (after a reload) goes out without its page: it finds or opens
// the conversation first; with the page open, it goes through the page, which learns its conversation.
import { outbox } from '@community/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerOpenConversation } from './conversation-channel.ts';

const OTHER = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const payload = {
  content: 'still there?',
  attachments: [],
  clientKey: '11111111-2222-4333-8444-555555555555',
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  for (const item of outbox.list('dm')) outbox.remove(item.clientKey);
  vi.unstubAllGlobals();
});

describe('direct messages from the outbox', () => {
  it('opens the conversation, then posts with the first clientKey', async () => {
    const calls: { method: string; path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const path = new URL(input, 'http://x').pathname;
        calls.push({
          method: init.method ?? 'GET',
          path,
          body: init.body ? JSON.parse(String(init.body)) : null,
        });
        if (path === '/api/conversations') return json({ conversation: { id: 'conv-1' } }, 200);
        return json({ message: { id: 'm1', clientKey: payload.clientKey } }, 201);
      }),
    );
    outbox.add({ clientKey: payload.clientKey, kind: 'dm', target: OTHER, payload });
    const result = await outbox.deliver(payload.clientKey);
    expect(result.ok).toBe(true);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/conversations',
      'POST /api/conversations/conv-1/messages',
    ]);
    expect(calls[0]?.body).toEqual({ userId: OTHER });
    expect(calls[1]?.body).toEqual(payload);
    expect(outbox.list('dm')).toEqual([]);
  });

  it('goes through the open conversation page when there is one', async () => {
    const send = vi.fn(async () => ({ message: { id: 'm2' } as never }));
    const unregister = registerOpenConversation(OTHER, { send, started: vi.fn() });
    outbox.add({ clientKey: payload.clientKey, kind: 'dm', target: OTHER, payload });
    expect((await outbox.deliver(payload.clientKey)).ok).toBe(true);
    expect(send).toHaveBeenCalledWith(payload);
    unregister();
  });
});
