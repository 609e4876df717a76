import { describe, expect, it, vi } from 'vitest';
import type { Page, Post } from '../api/types.ts';
import { makePost } from '../test-helpers.ts';
import { WallStore } from './wall-store.ts';

const at = (hour: number) => `2026-11-20T${String(hour).padStart(2, '0')}:00:00.000Z`;

function wall(pages: Page<Post>[], spaceId: string | null = 's1') {
  const fetchPosts = vi.fn(async () => pages.shift() ?? { items: [], nextCursor: null });
  const store = new WallStore({ api: { fetchPosts, setLike: vi.fn() }, spaceId, meId: 'me' });
  return { store, fetchPosts };
}

const ids = (store: WallStore) => store.state.posts.map((post) => post.id);

describe('wall store', () => {
  it('takes a live post once, in its place, and ignores other spaces and others’ scheduled posts', async () => {
    const { store } = wall([{ items: [makePost('b', { publishedAt: at(10) })], nextCursor: null }]);
    await store.load();
    const created = makePost('c', { publishedAt: at(11) });
    store.handleEvent({ type: 'post.created', post: created });
    store.handleEvent({ type: 'post.created', post: created });
    store.handleEvent({ type: 'post.created', post: makePost('x', { spaceId: 'other' }) });
    store.handleEvent({ type: 'post.created', post: makePost('y', { scheduled: true }) });
    expect(ids(store)).toEqual(['c', 'b']);
  });

  it('applies edits, deletes, like counts and comment counts by id, and never brings a deleted post back', async () => {
    const { store } = wall([{ items: [makePost('a', { likedByMe: true, likes: 1 })], nextCursor: null }]);
    await store.load();
    store.handleEvent({
      type: 'post.updated',
      post: makePost('a', { title: 'Edited', likedByMe: false, likes: 1 }),
    });
    expect(store.find('a')).toMatchObject({ title: 'Edited', likedByMe: true });
    store.handleEvent({ type: 'post.liked', id: 'a', likes: 5 });
    store.handleEvent({ type: 'comment.created', postId: 'a', comment: {} as never, commentsCount: 3 });
    expect(store.find('a')).toMatchObject({ likes: 5, commentsCount: 3 });
    store.handleEvent({ type: 'post.deleted', id: 'a', spaceId: 's1' });
    store.handleEvent({ type: 'post.updated', post: makePost('a') });
    expect(ids(store)).toEqual([]);
  });

  it('moves the author’s scheduled post from the top to its place once it is published', async () => {
    const { store } = wall([
      {
        items: [
          makePost('mine', {
            scheduled: true,
            publishedAt: at(20),
            author: { ...makePost('x').author, id: 'me' },
          }),
          makePost('b', { publishedAt: at(12) }),
          makePost('a', { publishedAt: at(8) }),
        ],
        nextCursor: null,
      },
    ]);
    await store.load();
    expect(ids(store)).toEqual(['mine', 'b', 'a']);
    store.handleEvent({ type: 'post.created', post: makePost('mine', { publishedAt: at(10) }) });
    expect(ids(store)).toEqual(['b', 'mine', 'a']);
    expect(store.find('mine')?.scheduled).toBe(false);
  });

  it('merges the first page after a reconnect: new posts join, missed deletes go, older pages stay', async () => {
    const { store } = wall([
      {
        items: [makePost('d', { publishedAt: at(9) }), makePost('c', { publishedAt: at(8) })],
        nextCursor: 'n1',
      },
      { items: [makePost('b', { publishedAt: at(7) })], nextCursor: 'n2' },
      {
        items: [makePost('e', { publishedAt: at(10) }), makePost('c', { publishedAt: at(8), likes: 4 })],
        nextCursor: 'x',
      },
    ]);
    await store.load();
    await store.loadMore();
    expect(ids(store)).toEqual(['d', 'c', 'b']);
    await store.refresh();
    expect(ids(store)).toEqual(['e', 'c', 'b']);
    expect(store.find('c')?.likes).toBe(4);
  });

  it('keeps a post that arrived live while the refresh was on its way', async () => {
    let answer!: (page: Page<Post>) => void;
    const { store, fetchPosts } = wall([
      { items: [makePost('a', { publishedAt: at(8) })], nextCursor: null },
    ]);
    await store.load();
    fetchPosts.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const refreshed = store.refresh();
    store.handleEvent({ type: 'post.created', post: makePost('live', { publishedAt: at(12) }) });
    answer({ items: [makePost('a', { publishedAt: at(8) })], nextCursor: null });
    await refreshed;
    expect(ids(store)).toEqual(['live', 'a']);
  });
});
