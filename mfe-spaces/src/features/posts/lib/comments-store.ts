// One post's comments as the comments dialog shows them (spec section 4): newest first, page by page
// with a cursor; new and deleted comments arrive live from the space's posts room. While that socket
// is offline the list polls the first page every 10 s (COMMENT_POLL_INTERVAL_MS), and when it comes
// back the first page is fetched once more; every merge keeps one copy of each comment, by id.
import { referenceOf } from '@community/api-client';
import { COMMENT_POLL_INTERVAL_MS } from '@community/domain';
import { proxy, ref } from 'valtio';
import type { Page, PostComment } from '../api/types.ts';
import type { PostsRoomEvent } from './posts-rooms.ts';

export type CommentsApi = {
  fetchComments(postId: string, cursor: string | null): Promise<Page<PostComment>>;
};

type Ref<T extends object> = ReturnType<typeof ref<T>>;

export type CommentsState = {
  status: 'loading' | 'ready' | 'error';
  comments: Ref<readonly PostComment[]>;
  hasMore: boolean;
  loadingMore: boolean;
  connected: boolean;
  /** The post's count as the server last told it (events), or null before any. */
  commentsCount: number | null;
  /** The failed load's request id (`referenceOf`), for the error's "Reference". */
  reference: string | null;
};

const newestFirst = (a: PostComment, b: PostComment) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export class CommentsStore {
  readonly state: CommentsState = proxy<CommentsState>({
    status: 'loading',
    comments: ref([]),
    hasMore: false,
    loadingMore: false,
    connected: false,
    commentsCount: null,
    reference: null,
  });

  private cursor: string | null = null;
  private readonly deleted = new Set<string>();
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private disposed = false;
  private wasOffline = false;
  /** Catch-ups under way, and the comments that arrived live meanwhile (their page may predate them). */
  private catchingUp = 0;
  private readonly arrivedMeanwhile = new Set<string>();

  constructor(
    private readonly postId: string,
    private readonly api: CommentsApi,
  ) {}

  async load(): Promise<void> {
    this.state.status = 'loading';
    this.state.reference = null;
    try {
      const page = await this.api.fetchComments(this.postId, null);
      if (this.disposed) return;
      this.cursor = page.nextCursor;
      this.state.comments = ref(this.clean(page.items));
      this.state.hasMore = page.nextCursor !== null;
      this.state.status = 'ready';
    } catch (error) {
      if (this.disposed) return;
      console.error('[comments]', error);
      this.state.reference = referenceOf(error);
      this.state.status = 'error';
    }
  }

  async loadMore(): Promise<void> {
    if (this.state.status !== 'ready' || this.state.loadingMore || this.cursor === null) return;
    this.state.loadingMore = true;
    try {
      const page = await this.api.fetchComments(this.postId, this.cursor);
      if (this.disposed) return;
      this.cursor = page.nextCursor;
      this.merge(page.items);
      this.state.hasMore = page.nextCursor !== null;
    } catch (error) {
      console.error('[comments] more', error);
    } finally {
      this.state.loadingMore = false;
    }
  }

  /**
   * The first page again, merged: new comments join, ours that fall within its range but are missing
   * from it were deleted meanwhile. Older pages already loaded stay.
   */
  async catchUp(): Promise<void> {
    if (this.state.status === 'error') return this.load();
    if (this.state.status !== 'ready') return;
    this.catchingUp += 1;
    try {
      const page = await this.api.fetchComments(this.postId, null);
      if (this.disposed) return;
      const fresh = this.clean(page.items);
      const freshIds = new Set(fresh.map((comment) => comment.id));
      const oldest = fresh.at(-1);
      const kept = this.state.comments.filter(
        (comment) =>
          !freshIds.has(comment.id) &&
          (this.arrivedMeanwhile.has(comment.id) ||
            (page.nextCursor !== null && (!oldest || newestFirst(comment, oldest) > 0))),
      );
      this.state.comments = ref([...fresh, ...kept].sort(newestFirst));
      if (page.nextCursor === null) {
        this.cursor = null;
        this.state.hasMore = false;
      }
    } catch (error) {
      console.error('[comments] catch up', error);
    } finally {
      this.catchingUp -= 1;
      if (this.catchingUp === 0) this.arrivedMeanwhile.clear();
    }
  }

  handleEvent(event: PostsRoomEvent): void {
    if (this.disposed) return;
    if (event.type === 'comment.created' && event.postId === this.postId) {
      this.state.commentsCount = event.commentsCount;
      this.merge([event.comment as PostComment]);
    } else if (event.type === 'comment.deleted' && event.postId === this.postId) {
      this.state.commentsCount = event.commentsCount;
      this.remove(event.id);
    }
  }

  /** A comment written here (the server's answer): shown at once, and once. True if it was new. */
  added(comment: PostComment): boolean {
    const isNew = !this.state.comments.some((held) => held.id === comment.id);
    this.merge([comment]);
    return isNew;
  }

  /** True if the list held it. */
  remove(id: string): boolean {
    this.deleted.add(id);
    if (!this.state.comments.some((comment) => comment.id === id)) return false;
    this.state.comments = ref(this.state.comments.filter((comment) => comment.id !== id));
    return true;
  }

  /** The posts room opened or closed: offline, the list polls; back online, it catches up once. */
  setConnected(connected: boolean): void {
    if (this.disposed) return;
    this.state.connected = connected;
    if (connected) {
      this.stopPolling();
      if (this.wasOffline) void this.catchUp();
      this.wasOffline = false;
    } else {
      this.wasOffline = true;
      this.startPolling();
    }
  }

  private startPolling() {
    if (this.pollTimer) return;
    this.pollTimer = setInterval(() => void this.catchUp(), COMMENT_POLL_INTERVAL_MS);
  }

  private stopPolling() {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  private merge(items: readonly PostComment[]) {
    if (this.catchingUp > 0) for (const comment of items) this.arrivedMeanwhile.add(comment.id);
    const byId = new Map(this.state.comments.map((comment) => [comment.id, comment]));
    for (const comment of this.clean(items)) byId.set(comment.id, comment);
    this.state.comments = ref([...byId.values()].sort(newestFirst));
  }

  private clean(items: readonly PostComment[]): PostComment[] {
    const seen = new Set<string>();
    return items.filter((comment) => {
      if (seen.has(comment.id) || this.deleted.has(comment.id)) return false;
      seen.add(comment.id);
      return true;
    });
  }

  revive(): void {
    this.disposed = false;
  }

  dispose(): void {
    this.disposed = true;
    this.stopPolling();
  }
}
