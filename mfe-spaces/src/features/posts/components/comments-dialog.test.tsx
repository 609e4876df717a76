import { session } from '@community/api-client';
import type { User } from '@community/domain';
import { modalStore, openModal, toast } from '@community/ui';
import { cleanup, render, screen } from '@testing-library/react';
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
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Post not found'));
    expect(modalStore.type).toBeNull();
  });
});
