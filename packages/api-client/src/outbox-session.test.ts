// The page's outbox follows the page's session (index.ts): one member's items only, deleted when that
// member signs out, kept when the session merely lapses.
import type { User } from '@community/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markSignedOut, outbox, session, signOut } from './index.ts';

const signInAs = (id: string) => {
  session.user = { id } as User;
  session.status = 'signed-in';
};

const item = (clientKey: string) => ({
  clientKey,
  kind: 'chat' as const,
  target: 'space-1',
  payload: { content: 'hello', attachments: [], clientKey },
});

afterEach(() => {
  vi.unstubAllGlobals();
  markSignedOut();
});

describe('the page’s outbox and the session', () => {
  it('shows each member only their own items', () => {
    signInAs('ada');
    outbox.add(item('ada-1'));
    signInAs('bob');
    expect(outbox.userId).toBe('bob');
    expect(outbox.list('chat')).toEqual([]);
    signInAs('ada');
    expect(outbox.list('chat').map((held) => held.clientKey)).toEqual(['ada-1']);
    markSignedOut();
    expect(outbox.list('chat')).toEqual([]);
  });

  it('keeps a member’s items when the session lapses, deletes them when the member signs out', async () => {
    signInAs('cy');
    outbox.add(item('cy-1'));
    markSignedOut();
    signInAs('cy');
    expect(outbox.list('chat').map((held) => held.clientKey)).toEqual(['cy-1']);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await signOut();
    expect(session.status).toBe('signed-out');
    signInAs('cy');
    expect(outbox.list('chat')).toEqual([]);
  });
});
