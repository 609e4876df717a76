// One wall as the page shows it (a space's, or the community's): pages of posts in the chosen order
// and tag filter, merged with the posts rooms' events by id (an event and a page may bring the same
// post in any order; one copy stays), likes shown at once and settled by the server's answer, and
// after a reconnect the first page fetched again and merged, since events may have been missed.
import { referenceOf } from '@community/api-client';
import { proxy, ref } from 'valtio';
import type { LikeAnswer, PostsQuery } from '../api/posts-api.ts';
import type { Page, Post, PostSort } from '../api/types.ts';
import type { PostsRoomEvent } from './posts-rooms.ts';

export const WALL_PAGE_SIZE = 10;

export type WallApi = {
  fetchPosts(query: PostsQuery, cursor: string | null): Promise<Page<Post>>;
  setLike(id: string, liked: boolean): Promise<LikeAnswer>;
};

type Ref<T extends object> = ReturnType<typeof ref<T>>;

export type WallState = {
  status: 'loading' | 'ready' | 'error';
  posts: Ref<readonly Post[]>;
  sort: PostSort;
  tags: readonly string[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  /** The failed load's request id (`referenceOf`), for the error's "Reference". */
  reference: string | null;
};

export type WallStoreOptions = {
  api: WallApi;
  /** The space whose wall this is; null for the community wall. */
  spaceId: string | null;
  meId: string;
};

/** The order of a wall, as the server sorts it (docs/api.md): negative when `a` comes first. */
export function compareForSort(sort: PostSort): (a: Post, b: Post) => number {
  const byId = (a: Post, b: Post) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
  const byTime = (a: Post, b: Post) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || byId(a, b);
  const order: (a: Post, b: Post) => number =
    sort === 'oldest'
      ? (a, b) => -byTime(a, b)
      : sort === 'popular'
        ? (a, b) => b.likes - a.likes || b.commentsCount - a.commentsCount || byId(a, b)
        : byTime;
  // The author's own scheduled posts come first, whatever the order.
  return (a, b) => Number(b.scheduled) - Number(a.scheduled) || order(a, b);
}

type LikeIntent = { wanted: boolean; sending: boolean };

export class WallStore {
  readonly state: WallState;
  private readonly options: WallStoreOptions;
  private cursor: string | null = null;
  /** Bumped on every new query, so a page of the previous one is dropped. */
  private generation = 0;
  private readonly likes = new Map<string, LikeIntent>();
  private readonly deleted = new Set<string>();
  private disposed = false;
  /** Refreshes under way, and the posts that arrived live meanwhile (their page may predate them). */
  private refreshing = 0;
  private readonly arrivedMeanwhile = new Set<string>();

  constructor(options: WallStoreOptions, initial: { sort?: PostSort; tags?: readonly string[] } = {}) {
    this.options = options;
    this.state = proxy<WallState>({
      status: 'loading',
      posts: ref([]),
      sort: initial.sort ?? 'recent',
      tags: initial.tags ?? [],
      hasMore: false,
      loadingMore: false,
      loadMoreFailed: false,
      reference: null,
    });
  }

  get spaceId(): string | null {
    return this.options.spaceId;
  }

  private query(): PostsQuery {
    return {
      spaceId: this.options.spaceId,
      sortBy: this.state.sort,
      tags: [...this.state.tags],
      limit: WALL_PAGE_SIZE,
    };
  }

  /** Loads the first page for the current order and tags. */
  async load(): Promise<void> {
    const generation = ++this.generation;
    this.state.status = 'loading';
    this.state.reference = null;
    this.state.posts = ref([]);
    this.state.hasMore = false;
    this.state.loadingMore = false;
    this.state.loadMoreFailed = false;
    try {
      const page = await this.options.api.fetchPosts(this.query(), null);
      if (this.disposed || generation !== this.generation) return;
      this.cursor = page.nextCursor;
      this.setPosts(this.dedupe(page.items));
      this.state.hasMore = page.nextCursor !== null;
      this.state.status = 'ready';
    } catch (error) {
      if (this.disposed || generation !== this.generation) return;
      console.error('[posts] wall', error);
      this.state.reference = referenceOf(error);
      this.state.status = 'error';
    }
  }

  setSort(sort: PostSort): void {
    if (sort === this.state.sort) return;
    this.state.sort = sort;
    void this.load();
  }

  setTags(tags: readonly string[]): void {
    if (tags.length === this.state.tags.length && tags.every((tag, i) => tag === this.state.tags[i])) return;
    this.state.tags = [...tags];
    void this.load();
  }

  /** Adds `tag` to the filter (a click on a post's tag chip). */
  addTag(tag: string): void {
    if (!this.state.tags.includes(tag)) this.setTags([...this.state.tags, tag]);
  }

  removeTag(tag: string): void {
    this.setTags(this.state.tags.filter((each) => each !== tag));
  }

  async loadMore(): Promise<void> {
    if (this.state.status !== 'ready' || this.state.loadingMore || this.cursor === null) return;
    const generation = this.generation;
    this.state.loadingMore = true;
    this.state.loadMoreFailed = false;
    try {
      const page = await this.options.api.fetchPosts(this.query(), this.cursor);
      if (this.disposed || generation !== this.generation) return;
      this.cursor = page.nextCursor;
      const held = new Set(this.state.posts.map((post) => post.id));
      const added = this.dedupe(page.items).filter((post) => !held.has(post.id));
      this.setPosts([...this.state.posts, ...added]);
      this.state.hasMore = page.nextCursor !== null;
    } catch (error) {
      if (this.disposed || generation !== this.generation) return;
      console.error('[posts] more', error);
      this.state.loadMoreFailed = true;
    } finally {
      if (generation === this.generation) this.state.loadingMore = false;
    }
  }

  /**
   * After a reconnect: the first page again, merged. Posts it holds replace ours; ours that sort
   * within its range but are missing from it were deleted meanwhile; the rest stay, after it.
   */
  async refresh(): Promise<void> {
    if (this.state.status !== 'ready') {
      if (this.state.status === 'error') await this.load();
      return;
    }
    const generation = this.generation;
    this.refreshing += 1;
    try {
      const page = await this.options.api.fetchPosts(this.query(), null);
      if (this.disposed || generation !== this.generation) return;
      // A page says the truth about our likes, except for one we are sending now.
      const fresh = this.dedupe(page.items).map((post) =>
        this.likes.has(post.id) ? this.keepOwnLike(post) : post,
      );
      const freshIds = new Set(fresh.map((post) => post.id));
      const last = fresh.at(-1);
      const compare = compareForSort(this.state.sort);
      const arrived = this.state.posts.filter(
        (post) => !freshIds.has(post.id) && this.arrivedMeanwhile.has(post.id),
      );
      const rest =
        page.nextCursor === null
          ? []
          : this.state.posts.filter(
              (post) =>
                !freshIds.has(post.id) &&
                !this.arrivedMeanwhile.has(post.id) &&
                !post.scheduled &&
                (!last || compare(post, last) > 0),
            );
      this.setPosts([...fresh, ...arrived].sort(compare).concat(rest));
      if (page.nextCursor === null) {
        this.cursor = null;
        this.state.hasMore = false;
      }
    } catch (error) {
      console.error('[posts] refresh', error);
    } finally {
      this.refreshing -= 1;
      if (this.refreshing === 0) this.arrivedMeanwhile.clear();
    }
  }

  // ---- live events and local writes ----

  handleEvent(event: PostsRoomEvent): void {
    if (this.disposed) return;
    switch (event.type) {
      case 'post.created':
        this.upsert(event.post as Post);
        break;
      case 'post.updated':
        this.upsert(event.post as Post);
        break;
      case 'post.deleted':
        this.remove(event.id);
        break;
      case 'post.liked':
        // Our own like in flight settles with the server's answer to it.
        if (!this.likes.get(event.id)?.sending) this.patch(event.id, { likes: event.likes });
        break;
      case 'comment.created':
      case 'comment.deleted':
        this.setCommentsCount(event.postId, event.commentsCount);
        break;
      default:
        break;
    }
  }

  /** A post created, edited or published: replaces our copy, or takes its place in the order. */
  upsert(incoming: Post): void {
    if (this.deleted.has(incoming.id)) return;
    if (this.options.spaceId !== null && incoming.spaceId !== this.options.spaceId) return;
    // Someone else's scheduled post is not ours to see (the server does not send it; be sure).
    if (incoming.scheduled && incoming.author.id !== this.options.meId) return;
    const post = this.keepOwnLike(incoming);
    if (this.refreshing > 0) this.arrivedMeanwhile.add(post.id);
    const index = this.state.posts.findIndex((held) => held.id === post.id);
    const held = this.state.posts[index];
    // A scheduled post whose time came leaves the top for its place in the order.
    if (held && held.scheduled === post.scheduled) {
      const next = [...this.state.posts];
      next[index] = post;
      this.setPosts(next);
      return;
    }
    if (held) this.setPosts(this.state.posts.filter((each) => each.id !== post.id));
    if (this.state.status !== 'ready') return;
    const tags = this.state.tags;
    if (tags.length > 0 && !post.tags.some((tag) => tags.includes(tag))) return;
    const compare = compareForSort(this.state.sort);
    const posts = this.state.posts;
    const at = posts.findIndex((held) => compare(post, held) < 0);
    // Past what is loaded: the next page brings it, unless there is none.
    if (at < 0) {
      if (!this.state.hasMore) this.setPosts([...posts, post]);
      return;
    }
    this.setPosts([...posts.slice(0, at), post, ...posts.slice(at)]);
  }

  remove(id: string): void {
    this.deleted.add(id);
    if (this.state.posts.some((post) => post.id === id)) {
      this.setPosts(this.state.posts.filter((post) => post.id !== id));
    }
  }

  setCommentsCount(postId: string, commentsCount: number): void {
    this.patch(postId, { commentsCount });
  }

  find(id: string): Post | undefined {
    return this.state.posts.find((post) => post.id === id);
  }

  /** Likes or unlikes at once; the server's answer settles it. Quick repeated clicks send only what is needed. */
  toggleLike(id: string): void {
    const post = this.find(id);
    if (!post) return;
    const wanted = !post.likedByMe;
    this.patch(id, { likedByMe: wanted, likes: Math.max(0, post.likes + (wanted ? 1 : -1)) });
    const intent = this.likes.get(id);
    if (intent) {
      intent.wanted = wanted;
      return;
    }
    this.likes.set(id, { wanted, sending: false });
    void this.sendLike(id);
  }

  private async sendLike(id: string) {
    const intent = this.likes.get(id);
    if (!intent || intent.sending) return;
    intent.sending = true;
    let answer: LikeAnswer | null = null;
    let sent = intent.wanted;
    try {
      for (;;) {
        sent = intent.wanted;
        answer = await this.options.api.setLike(id, sent);
        if (intent.wanted === sent) break;
      }
      this.patch(id, { likes: answer.likes, likedByMe: answer.likedByMe });
    } catch (error) {
      console.error('[posts] like', error);
      // Back to what the server holds: the opposite of what we asked.
      const post = this.find(id);
      if (post && post.likedByMe === sent) {
        this.patch(id, { likedByMe: !sent, likes: Math.max(0, post.likes + (sent ? -1 : 1)) });
      }
    } finally {
      this.likes.delete(id);
    }
  }

  private patch(id: string, changes: Partial<Post>) {
    const index = this.state.posts.findIndex((post) => post.id === id);
    if (index < 0) return;
    const next = [...this.state.posts];
    next[index] = { ...(next[index] as Post), ...changes };
    this.setPosts(next);
  }

  /** Broadcasts carry no `likedByMe`: ours stays, and so does our count while a like is in flight. */
  private keepOwnLike(post: Post): Post {
    const held = this.find(post.id);
    if (!held) return post;
    const intent = this.likes.get(post.id);
    return { ...post, likedByMe: held.likedByMe, likes: intent ? held.likes : post.likes };
  }

  private dedupe(posts: readonly Post[]): Post[] {
    const seen = new Set<string>();
    return posts.filter((post) => {
      if (seen.has(post.id) || this.deleted.has(post.id)) return false;
      seen.add(post.id);
      return true;
    });
  }

  private setPosts(posts: readonly Post[]) {
    this.state.posts = ref(posts);
  }

  revive(): void {
    this.disposed = false;
  }

  dispose(): void {
    this.disposed = true;
  }
}
