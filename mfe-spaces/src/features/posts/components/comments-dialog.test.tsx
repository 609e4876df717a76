import { outbox, session } from '@community/api-client';
import type { User } from '@community/domain';
import { modalStore, openModal, toast } from '@community/ui';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRoomConnector } from '../lib/posts-rooms.ts';
import { ME, makeComment, makePost } from '../test-helpers.ts';
import { CommentsDialog } from './comments-dialog.tsx';

function answer(routes: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const body = routes[new URL(input, 'http://x').pathname];
      return new Response(JSON.stringify(body ?? { error: 'Post not found' }), {
        status: body ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

beforeEach(() => {
  setRoomConnector(() => ({ close: () => {} }));
  session.user = { ...ME, firstName: 'Me', lastName: 'Myself' } as unknown as User;
});

afterEach(() => {
  cleanup();
  for (const item of outbox.list('comment')) outbox.remove(item.clientKey);
  setRoomConnector(null);
  session.user = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const composer = () => <div>the composer</div>;

describe('comments dialog', () => {
  it('shows the post, its comments and the composer', async () => {
    answer({
      '/api/posts/p1': { post: makePost('p1', { title: 'Big news' }) },
      '/api/posts/p1/comments': { items: [makeComment('c1', '2026-11-20T10:00:00.000Z')], nextCursor: null },
    });
    render(<CommentsDialog postId="p1" spaceRole="GUEST" composer={composer} />);
    expect(await screen.findByRole('heading', { name: 'Big news' })).toBeTruthy();
    expect(screen.getByText('Body of p1')).toBeTruthy();
    expect(await screen.findByText('Comment c1')).toBeTruthy();
    expect(screen.getByText('the composer')).toBeTruthy();
  });

  it('tells a reader who is not a member that only members comment', async () => {
    answer({
      '/api/posts/p1': { post: makePost('p1') },
      '/api/posts/p1/comments': { items: [], nextCursor: null },
    });
    render(<CommentsDialog postId="p1" spaceRole={null} composer={composer} />);
    expect(await screen.findByText('Only members of this space can comment.')).toBeTruthy();
    expect(screen.queryByText('the composer')).toBeNull();
  });

  it('says "Post not found" and closes when the post is gone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = vi.spyOn(toast, 'error');
    answer({});
    openModal('newComment', { postId: 'gone' });
    render(<CommentsDialog postId="gone" composer={composer} />);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Post not found', undefined, { reference: null }));
    expect(modalStore.type).toBeNull();
  });

  it('lists a comment written before a reload as "Not sent yet" and sends it, with its clientKey, when the dialog opens', async () => {
    const payload = {
      content: { root: { children: [] } },
      clientKey: '5b1c7a2e-0c1d-4e3f-8a9b-1c2d3e4f5a6b',
    };
    outbox.add({ clientKey: payload.clientKey, kind: 'comment', target: 'p1', payload });
    const sent = makeComment('c9', '2026-11-21T10:00:00.000Z');
    const posts: unknown[] = [];
    const answers = [
      { status: 503, body: { error: 'Service temporarily unavailable' } },
      { status: 201, body: { comment: sent } },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const path = new URL(input, 'http://x').pathname;
        let answer: { status: number; body: unknown } = { status: 200, body: { ok: true } };
        if (init.method === 'POST' && path === '/api/socket/posts/comments/p1') {
          posts.push(JSON.parse(String(init.body)));
          answer = answers.shift() ?? answer;
        } else if (path === '/api/posts/p1') answer = { status: 200, body: { post: makePost('p1') } };
        else if (path === '/api/posts/p1/comments')
          answer = { status: 200, body: { items: [], nextCursor: null } };
        return new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    render(<CommentsDialog postId="p1" spaceRole="GUEST" composer={composer} />);
    const unsent = await screen.findByRole('list', { name: 'Unsent comments' });
    expect(within(unsent).getByText(/^Not sent yet( — will retry in \d+ s)?$/)).toBeTruthy();
    const comments = await screen.findByRole('list', { name: 'Comments' });
    expect(within(comments).getAllByText('Comment c9')).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Unsent comments' })).toBeNull();
    expect(posts).toEqual([payload, payload]);
    expect(outbox.list('comment')).toEqual([]);
  });

  // p7: the API client keeps p1's answer from the tests above and would serve it while the server is away.
  it('keeps looking for the post while the server is away, instead of saying it is gone', {
    timeout: 15_000,
  }, async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = vi.spyOn(toast, 'error');
    let away = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const path = new URL(input, 'http://x').pathname;
        if (away && path === '/api/posts/p7') {
          return new Response(JSON.stringify({ error: 'Service temporarily unavailable' }), {
            status: 503,
            headers: { 'content-type': 'application/json', 'retry-after': '1' },
          });
        }
        const body =
          path === '/api/posts/p7'
            ? { post: makePost('p7', { title: 'Back again' }) }
            : path === '/api/posts/p7/comments'
              ? { items: [], nextCursor: null }
              : { ok: true };
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    render(<CommentsDialog postId="p7" spaceRole="GUEST" composer={composer} />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    away = false;
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeTruthy();
    expect(error).not.toHaveBeenCalledWith('Post not found', undefined, expect.anything());
  });
});
