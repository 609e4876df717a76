import { session } from '@community/api-client';
import {
  CANNOT_MESSAGE_MEMBER,
  type DirectMessage,
  MESSAGES_FEATURE_OFF,
  type User,
} from '@community/domain';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConversationPage, seenStatus } from './conversation-page.tsx';

const me = {
  id: 'me',
  firstName: 'Marcus',
  lastName: 'Meyer',
  imageUrl: null,
  features: [{ feature: 'messages', enabled: true }],
} as unknown as User;
const hana = {
  id: 'u-hana',
  firstName: 'Hana',
  lastName: 'Holm',
  pseudo: 'hana',
  imageUrl: null,
  lastOfflineAt: '2026-11-23T10:00:00.000Z',
};

const dm = (seq: number, authorId: string): DirectMessage => ({
  id: `d${seq}`,
  conversationId: 'c1',
  seq,
  content: `dm ${seq}`,
  attachments: [],
  author: { id: authorId, firstName: 'X', lastName: 'Y', imageUrl: null },
  createdAt: new Date().toISOString(),
  deleted: false,
  clientKey: null,
  rev: 0,
  editedAt: null,
  replyTo: null,
});

type Route = (method: string, path: string, body: unknown) => { status: number; body?: unknown } | 'hang';

function serve(route: Route) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), location.origin), init);
      const path = new URL(request.url).pathname;
      const text = await request.text();
      calls.push(`${request.method} ${path}`);
      const answer = route(request.method, path, text ? JSON.parse(text) : null);
      if (answer === 'hang') return new Promise<Response>(() => {});
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

beforeEach(() => {
  session.user = me;
  session.status = 'signed-in';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('conversation page', () => {
  it('says why without the messages feature, without asking the server', () => {
    const calls = serve(() => ({ status: 500 }));
    session.user = { ...me, features: [] } as User;
    render(<ConversationPage userId="u-hana" />);
    expect(screen.getByText(MESSAGES_FEATURE_OFF)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows the server's reason for a 403, not a broken page", async () => {
    serve(() => ({ status: 403, body: { error: MESSAGES_FEATURE_OFF } }));
    render(<ConversationPage userId="u-hana" />);
    expect(await screen.findByText('This conversation is not available')).toBeTruthy();
    expect(screen.getByText(MESSAGES_FEATURE_OFF)).toBeTruthy();
  });

  it('opens with no conversation yet; the first message creates it, then is sent', async () => {
    const sent: unknown[] = [];
    const calls = serve((method, path, body) => {
      if (path === '/api/conversations/with/u-hana')
        return { status: 200, body: { conversation: null, other: hana } };
      if (method === 'POST' && path === '/api/conversations')
        return {
          status: 201,
          body: {
            conversation: {
              id: 'c1',
              other: hana,
              lastMessage: null,
              lastSeq: 0,
              myLastReadSeq: 0,
              otherLastReadSeq: 0,
              unreadCount: 0,
              lastMessageAt: null,
            },
          },
        };
      if (method === 'POST' && path === '/api/conversations/c1/messages') {
        sent.push(body);
        const { content, clientKey } = body as { content: string; clientKey: string };
        return { status: 201, body: { message: { ...dm(1, 'me'), content, clientKey, author: me } } };
      }
      // The room's ticket: the socket waits (no room server in a unit test).
      return 'hang';
    });
    render(<ConversationPage userId="u-hana" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hana Holm' })).toBeTruthy();
    expect(screen.getByTestId('conversation-presence').textContent).toMatch(/^Last seen/);
    // The empty list comes on a commit of its own after the heading (late on a busy machine).
    expect(await screen.findByText('Say hello to Hana Holm.')).toBeTruthy();
    expect(calls).not.toContain('POST /api/conversations');

    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi Hana{Enter}');
    const list = await screen.findByRole('list', { name: 'Messages' });
    await within(list).findByText('Hi Hana');
    await waitFor(() => expect(within(list).queryByText('Sending…')).toBeNull());
    expect(calls.indexOf('POST /api/conversations')).toBeLessThan(
      calls.indexOf('POST /api/conversations/c1/messages'),
    );
    expect(sent).toHaveLength(1);
  });

  it('opens at ?searchCursor= (Go to message from a profile): the page around it, marked', async () => {
    const queries: string[] = [];
    const conversation = {
      id: 'c1',
      other: hana,
      lastMessage: null,
      lastSeq: 40,
      myLastReadSeq: 40,
      otherLastReadSeq: 40,
      unreadCount: 0,
      lastMessageAt: null,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const request =
          input instanceof Request ? input : new Request(new URL(String(input), location.origin), init);
        const url = new URL(request.url);
        if (url.pathname === '/api/conversations/with/u-hana')
          return Response.json({ conversation, other: hana });
        if (url.pathname === '/api/conversations/c1/messages') {
          queries.push(url.search);
          return Response.json({ items: [dm(7, 'u-hana'), dm(8, 'me')], olderCursor: null, lastSeq: 40 });
        }
        return new Promise<Response>(() => {});
      }),
    );
    history.replaceState(null, '', '/community/conversations/u-hana?searchCursor=7');
    try {
      render(<ConversationPage userId="u-hana" />);
      const list = await screen.findByRole('list', { name: 'Messages' });
      await within(list).findByText('dm 7');
      expect(new URLSearchParams(queries[0]).get('around')).toBe('7');
      await waitFor(() => expect(list.querySelector('[data-seq="7"][data-highlighted]')).toBeTruthy());
    } finally {
      history.replaceState(null, '', '/');
    }
  });

  it('explains a refused first message', async () => {
    serve((method, path) => {
      if (path === '/api/conversations/with/u-hana')
        return { status: 200, body: { conversation: null, other: hana } };
      if (method === 'POST' && path === '/api/conversations')
        return { status: 403, body: { error: CANNOT_MESSAGE_MEMBER } };
      return 'hang';
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<ConversationPage userId="u-hana" />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(CANNOT_MESSAGE_MEMBER);
  });
});

describe('Seen', () => {
  const state = (messages: DirectMessage[], readSeqs: Record<string, number>) => ({ messages, readSeqs });

  it("goes under the user's last message once the other has read up to it", () => {
    const messages = [dm(1, 'me'), dm(2, 'me'), dm(3, 'u-hana')];
    expect(seenStatus(state(messages, { 'u-hana': 1 }), 'me', 'u-hana')).toBeNull();
    expect(seenStatus(state(messages, { 'u-hana': 2 }), 'me', 'u-hana')).toEqual({ seq: 2, text: 'Seen' });
    expect(seenStatus(state([dm(3, 'u-hana')], { 'u-hana': 3 }), 'me', 'u-hana')).toBeNull();
  });
});
