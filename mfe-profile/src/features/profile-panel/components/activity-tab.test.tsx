import { modalStore } from '@community/ui';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anActivityComment, anActivityPost } from '../../../test/fixtures.ts';
import { ok, serveApi } from '../../../test/serve-api.ts';
import { ActivityTab } from './activity-tab.tsx';

const ACTIVITY = 'GET /api/users/u2/latest-activity';

beforeEach(() => {
  modalStore.type = 'profile';
  history.replaceState(null, '', '/events?profile_popover_tab=activity');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('activity tab', () => {
  it('shows placeholders while both lists load', () => {
    serveApi({ [ACTIVITY]: () => 'hang' });
    render(<ActivityTab userId="u2" />);
    expect(screen.getByRole('status', { name: 'Loading posts' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading comments' })).toBeTruthy();
  });

  it('says "No posts activity" and "No comments activity" when there is none', async () => {
    serveApi({ [ACTIVITY]: () => ok({ items: [], nextCursor: null }) });
    render(<ActivityTab userId="u2" />);
    expect(await screen.findByText('No posts activity')).toBeTruthy();
    expect(await screen.findByText('No comments activity')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('pages the posts with Load more, asking for the next cursor', async () => {
    const calls = serveApi({
      [ACTIVITY]: (url) => {
        if (url.searchParams.get('type') === 'comments') return ok({ items: [], nextCursor: null });
        return url.searchParams.get('cursor') === 'next'
          ? ok({ items: [anActivityPost({ id: 'p2', title: 'Older post' })], nextCursor: null })
          : ok({ items: [anActivityPost({ id: 'p1', title: 'Newest post' })], nextCursor: 'next' });
      },
    });
    render(<ActivityTab userId="u2" />);
    const posts = await screen.findByRole('region', { name: 'Posts' });
    await within(posts).findByText('Newest post');

    fireEvent.click(within(posts).getByRole('button', { name: 'Load more' }));
    expect(await within(posts).findByText('Older post')).toBeTruthy();
    expect(within(posts).getByText('Newest post')).toBeTruthy();
    expect(within(posts).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls).toContain('GET /api/users/u2/latest-activity?type=posts&cursor=next');
  });

  it('links a post and a comment to the post on its space page, and closes the panel on the way', async () => {
    serveApi({
      [ACTIVITY]: (url) =>
        url.searchParams.get('type') === 'comments'
          ? ok({
              items: [anActivityComment({ id: 'c1', postId: 'p9', excerpt: 'Nice one.' })],
              nextCursor: null,
            })
          : ok({
              items: [anActivityPost({ id: 'p1', spaceId: 's1', title: 'Newest post' })],
              nextCursor: null,
            }),
    });
    render(<ActivityTab userId="u2" />);

    const post = (await screen.findByText('Newest post')).closest('a') as HTMLAnchorElement;
    expect(post.getAttribute('href')).toBe('/spaces/s1?postId=p1');
    const comment = (await screen.findByText('Nice one.')).closest('a') as HTMLAnchorElement;
    expect(comment.getAttribute('href')).toBe('/spaces/s1?postId=p9');

    fireEvent.click(comment);
    expect(modalStore.type).toBeNull();
    expect(location.pathname + location.search).toBe('/spaces/s1?postId=p9');
  });

  it('shows a failed list with Retry instead of an empty one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const answers = [{ status: 500, body: { error: 'Internal error' } }, ok({ items: [], nextCursor: null })];
    serveApi({
      [ACTIVITY]: (url) =>
        url.searchParams.get('type') === 'posts'
          ? (answers.shift() ?? 'hang')
          : ok({ items: [], nextCursor: null }),
    });
    render(<ActivityTab userId="u2" />);
    expect(await screen.findByText('Unable to load posts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No posts activity')).toBeTruthy();
  });
});
