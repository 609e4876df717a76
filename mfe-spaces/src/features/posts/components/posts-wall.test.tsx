import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PostsQuery } from '../api/posts-api.ts';
import type { Page, Post } from '../api/types.ts';
import { WallStore } from '../lib/wall-store.ts';
import { deferred, ME, makePost } from '../test-helpers.ts';
import { PostsWall } from './posts-wall.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setup(fetchPosts: (query: PostsQuery, cursor: string | null) => Promise<Page<Post>>) {
  const api = {
    fetchPosts: vi.fn(fetchPosts),
    setLike: vi.fn(async (id: string, liked: boolean) => ({ id, likes: liked ? 8 : 6, likedByMe: liked })),
  };
  const store = new WallStore({ api, spaceId: 's1', meId: ME.id });
  void store.load();
  render(<PostsWall store={store} me={ME} spaceRole="GUEST" newPostSpaceId="s1" />);
  return { api, store };
}

const cards = () => screen.getAllByRole('article');

describe('posts wall', () => {
  it('shows 4 skeletons, then a card per post of the fetched page', async () => {
    const page = deferred<Page<Post>>();
    setup(() => page.promise);
    expect(
      screen.getByRole('status', { name: 'Loading posts' }).querySelectorAll('[data-post-skeleton]'),
    ).toHaveLength(4);
    page.resolve({
      items: [
        makePost('p1', { title: 'Hello wall', tags: ['news', 'design', 'ux'], likes: 3, commentsCount: 2 }),
        makePost('p2', { title: null }),
      ],
      nextCursor: null,
    });
    await waitFor(() => expect(cards()).toHaveLength(2));
    const first = cards()[0] as HTMLElement;
    expect(within(first).getByText('Ada Tester')).toBeTruthy();
    expect(within(first).getByRole('heading', { name: 'Hello wall' })).toBeTruthy();
    expect(within(first).getByText('Body of p1')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Filter by #news' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: /^Like, / }).textContent).toContain('3');
    expect(within(first).getByRole('button', { name: 'Comments, 2 comments' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New post' })).toBeTruthy();
  });

  it('says so when the wall is empty', async () => {
    setup(async () => ({ items: [], nextCursor: null }));
    expect(await screen.findByText('No posts yet')).toBeTruthy();
  });

  it('fetches again in the chosen order when the sort changes', async () => {
    const { api } = setup(async (query) => ({
      items: [makePost(query.sortBy === 'popular' ? 'hot' : 'new')],
      nextCursor: null,
    }));
    await screen.findByText('Body of new');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sort: Recent' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Popular' }));
    expect(await screen.findByText('Body of hot')).toBeTruthy();
    expect(screen.queryByText('Body of new')).toBeNull();
    expect(api.fetchPosts).toHaveBeenLastCalledWith(
      expect.objectContaining({ sortBy: 'popular', spaceId: 's1' }),
      null,
    );
    expect(screen.getByRole('button', { name: 'Sort: Popular' })).toBeTruthy();
  });

  it('filters by a tag clicked on a card', async () => {
    const { api } = setup(async (query) => ({
      items: [makePost(query.tags.length ? 'tagged' : 'p1', { tags: ['news'] })],
      nextCursor: null,
    }));
    await screen.findByText('Body of p1');
    fireEvent.click(screen.getByRole('button', { name: 'Filter by #news' }));
    expect(await screen.findByText('Body of tagged')).toBeTruthy();
    expect(api.fetchPosts).toHaveBeenLastCalledWith(expect.objectContaining({ tags: ['news'] }), null);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the #news filter' }));
    expect(await screen.findByText('Body of p1')).toBeTruthy();
  });

  it('likes at once, settles with the server, and unlikes', async () => {
    const { api } = setup(async () => ({ items: [makePost('p1', { likes: 7 })], nextCursor: null }));
    await screen.findByText('Body of p1');
    const like = screen.getByRole('button', { name: /^Like, / });
    fireEvent.click(like);
    const liked = await screen.findByRole('button', { name: /^Unlike, / });
    expect(liked.getAttribute('aria-pressed')).toBe('true');
    expect(liked.textContent).toContain('8');
    await waitFor(() => expect(api.setLike).toHaveBeenCalledWith('p1', true));
    fireEvent.click(await screen.findByRole('button', { name: /^Unlike, / }));
    await waitFor(() => expect(api.setLike).toHaveBeenLastCalledWith('p1', false));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Like, / }).textContent).toContain('6'));
  });

  it('sends only the last wish of quick repeated clicks, and undoes a like the server refused', async () => {
    const first = deferred<{ id: string; likes: number; likedByMe: boolean }>();
    const { api } = setup(async () => ({ items: [makePost('p1', { likes: 1 })], nextCursor: null }));
    api.setLike.mockImplementationOnce(() => first.promise).mockRejectedValueOnce(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await screen.findByText('Body of p1');
    fireEvent.click(screen.getByRole('button', { name: /^Like, / }));
    fireEvent.click(await screen.findByRole('button', { name: /^Unlike, / }));
    fireEvent.click(await screen.findByRole('button', { name: /^Like, / }));
    await screen.findByRole('button', { name: /^Unlike, / });
    expect(api.setLike).toHaveBeenCalledTimes(1);
    first.resolve({ id: 'p1', likes: 2, likedByMe: true });
    await waitFor(() => expect(screen.getByRole('button', { name: /^Unlike, / }).textContent).toContain('2'));
    expect(api.setLike).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: /^Unlike, / }));
    await waitFor(() => expect(api.setLike).toHaveBeenCalledTimes(2));
    expect(api.setLike).toHaveBeenLastCalledWith('p1', false);
    await waitFor(() => expect(screen.getByRole('button', { name: /^Unlike, / }).textContent).toContain('2'));
  });

  it('loads the next page from the cursor', async () => {
    const { api } = setup(async (_query, cursor) =>
      cursor === 'c2'
        ? { items: [makePost('p2')], nextCursor: null }
        : { items: [makePost('p1')], nextCursor: 'c2' },
    );
    await screen.findByText('Body of p1');
    fireEvent.click(screen.getByRole('button', { name: 'Load more posts' }));
    expect(await screen.findByText('Body of p2')).toBeTruthy();
    expect(api.fetchPosts).toHaveBeenLastCalledWith(expect.anything(), 'c2');
    expect(screen.queryByRole('button', { name: 'Load more posts' })).toBeNull();
  });

  it('marks the author’s scheduled post and offers Edit and Delete to its author only', async () => {
    setup(async () => ({
      items: [
        makePost('mine', {
          scheduled: true,
          scheduledAt: '2030-01-01T10:00:00.000Z',
          author: { ...makePost('x').author, id: ME.id },
        }),
        makePost('theirs'),
      ],
      nextCursor: null,
    }));
    await screen.findByText('Body of mine');
    const [mine, theirs] = cards() as [HTMLElement, HTMLElement];
    expect(within(mine).getByText('Scheduled')).toBeTruthy();
    expect(within(mine).getByRole('button', { name: 'Post actions' })).toBeTruthy();
    expect(within(theirs).queryByText('Scheduled')).toBeNull();
    expect(within(theirs).queryByRole('button', { name: 'Post actions' })).toBeNull();
  });
});
