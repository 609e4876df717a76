// A wall of posts (a space's, or the community's on Home): the sort menu (Recent, Oldest, Popular),
// the tag filter, the cards, more pages as the reader scrolls down, skeletons while the first page
// loads (4, spec section 9) and an empty state. Reads one WallStore (see lib/wall-store.ts).
import { normalizePostTag, SKELETON_COUNT, type SpaceMemberRole, type User } from '@community/domain';
import { Badge, Button, EmptyState, Input, icons, Menu, openModal, Skeleton, Spinner } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Plus } from '../../../lib/icons.tsx';
import type { Post, PostSort } from '../api/types.ts';
import { useOpenComments } from '../lib/comments-link.ts';
import { canDeleteWrite, canEditPost, hasPostsFeature } from '../lib/permissions.ts';
import type { WallStore } from '../lib/wall-store.ts';
import { PostCard } from './post-card.tsx';
import { UnsentPostsList } from './unsent-posts-list.tsx';

export const SORT_LABELS: Record<PostSort, string> = {
  recent: 'Recent',
  oldest: 'Oldest',
  popular: 'Popular',
};

/** The next page starts loading this far before the reader reaches the end. */
const PREFETCH_MARGIN_PX = 400;

export function PostSkeletons() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading posts"
      className={css({ display: 'grid', gap: '4' })}
    >
      {Array.from({ length: SKELETON_COUNT }, (_, index) => (
        <div
          key={index}
          data-post-skeleton=""
          className={css({ p: '4', borderWidth: '1px', borderRadius: 'l3', display: 'grid', gap: '3' })}
        >
          <div className={css({ display: 'flex', gap: '3', alignItems: 'center' })}>
            <Skeleton shape="circle" className={css({ w: '8', h: '8' })} />
            <Skeleton shape="text" className={css({ w: '32' })} />
          </div>
          <Skeleton shape="text" className={css({ w: '2/3' })} />
          <Skeleton shape="text" className={css({ w: 'full' })} />
          <Skeleton shape="text" className={css({ w: '1/2' })} />
        </div>
      ))}
    </div>
  );
}

function SortMenu({ sort, onChange }: { sort: PostSort; onChange: (sort: PostSort) => void }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`Sort: ${SORT_LABELS[sort]}`}>
          <icons.ArrowUpDown />
          {SORT_LABELS[sort]}
        </Button>
      </Menu.Trigger>
      <Menu.Content>
        {(Object.keys(SORT_LABELS) as PostSort[]).map((value) => (
          <Menu.Item
            key={value}
            value={value}
            aria-current={value === sort || undefined}
            onSelect={() => onChange(value)}
            className={css({ '&[aria-current=true]': { fontWeight: 'semibold' } })}
          >
            {SORT_LABELS[value]}
          </Menu.Item>
        ))}
      </Menu.Content>
    </Menu.Root>
  );
}

function TagFilter({
  tags,
  onAdd,
  onRemove,
}: {
  tags: readonly string[];
  onAdd: (tag: string) => void;
  onRemove: (tag: string) => void;
}) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const tag = normalizePostTag(draft.replace(/^#/, ''));
    if (tag) onAdd(tag);
    setDraft('');
  };
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
      <Input
        size="sm"
        value={draft}
        placeholder="Filter by tag"
        aria-label="Filter by tag"
        className={css({ w: '40' })}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ',') {
            event.preventDefault();
            add();
          }
        }}
      />
      {tags.map((tag) => (
        <Badge key={tag} variant="solid" className={css({ gap: '1' })}>
          #{tag}
          <button
            type="button"
            aria-label={`Remove the #${tag} filter`}
            onClick={() => onRemove(tag)}
            className={css({ cursor: 'pointer', display: 'inline-flex', '& svg': { w: '3', h: '3' } })}
          >
            <icons.X />
          </button>
        </Badge>
      ))}
    </div>
  );
}

/** Calls `onReach` when the end of the list comes near the screen. */
function useEndSentinel(onReach: () => void, active: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onReach);
  latest.current = onReach;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: `${PREFETCH_MARGIN_PX}px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  return sentinel;
}

export type PostsWallProps = {
  store: WallStore;
  me: Pick<User, 'id' | 'role' | 'features'>;
  /** The reader's role in the wall's space (a space wall). */
  spaceRole?: SpaceMemberRole | null;
  /** Names of the spaces, to label posts on the community wall. */
  spaceNames?: ReadonlyMap<string, string>;
  /** Shows "New post" for this space. */
  newPostSpaceId?: string | null;
};

export function PostsWall({ store, me, spaceRole, spaceNames, newPostSpaceId }: PostsWallProps) {
  const state = useSnapshot(store.state);
  const canLike = hasPostsFeature(me);
  const onToggleLike = useCallback((id: string) => store.toggleLike(id), [store]);
  const onTag = useCallback((tag: string) => store.addTag(tag), [store]);
  const onComments = useOpenComments(spaceRole);
  const sentinel = useEndSentinel(() => void store.loadMore(), state.status === 'ready' && state.hasMore);

  let body: React.ReactNode;
  if (state.status === 'loading') {
    body = <PostSkeletons />;
  } else if (state.status === 'error') {
    body = (
      <EmptyState
        icon={<icons.AlertTriangle />}
        title="Unable to load posts"
        reference={state.reference}
        action={
          <Button size="sm" variant="outline" onClick={() => void store.load()}>
            Retry
          </Button>
        }
      />
    );
  } else if (state.posts.length === 0) {
    body = (
      <EmptyState
        icon={<icons.MessageCircle />}
        title={state.tags.length > 0 ? 'No posts with these tags' : 'No posts yet'}
        description={
          state.tags.length > 0
            ? 'Remove a tag to see more posts.'
            : newPostSpaceId
              ? 'Be the first to share something.'
              : undefined
        }
      />
    );
  } else {
    body = (
      <>
        <ol aria-label="Posts" className={css({ display: 'grid', gap: '4' })}>
          {(state.posts as readonly Post[]).map((post) => (
            <li key={post.id}>
              <PostCard
                post={post}
                canEdit={canEditPost(post.author.id, me)}
                canDelete={canDeleteWrite(post.author.id, me, spaceRole)}
                canLike={canLike}
                onComments={onComments}
                spaceName={spaceNames?.get(post.spaceId)}
                onToggleLike={onToggleLike}
                onTag={onTag}
              />
            </li>
          ))}
        </ol>
        <div ref={sentinel} aria-hidden="true" />
        {state.hasMore ? (
          <div className={css({ display: 'flex', justifyContent: 'center', py: '2' })}>
            {state.loadingMore ? (
              <Spinner size="sm" label="Loading more posts" />
            ) : (
              <Button variant="ghost" size="sm" onClick={() => void store.loadMore()}>
                {state.loadMoreFailed ? 'Try again' : 'Load more posts'}
              </Button>
            )}
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section
      aria-label="Posts wall"
      className={css({ display: 'grid', gap: '4', maxW: '3xl', w: 'full', mx: 'auto' })}
    >
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
        <SortMenu sort={state.sort} onChange={(sort) => store.setSort(sort)} />
        <TagFilter
          tags={state.tags}
          onAdd={(tag) => store.addTag(tag)}
          onRemove={(tag) => store.removeTag(tag)}
        />
        {newPostSpaceId ? (
          <Button
            size="sm"
            className={css({ ms: 'auto' })}
            onClick={() => openModal('newPost', { spaceId: newPostSpaceId })}
          >
            <Plus />
            New post
          </Button>
        ) : null}
      </div>
      <UnsentPostsList spaceId={store.spaceId} />
      {body}
    </section>
  );
}
