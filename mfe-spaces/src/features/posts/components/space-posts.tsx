// The Posts side of the space page: the tabs (Chat | Posts, kept in `?tab=`; Chat by default), the
// space's wall (`?postId=` opening a post's comments is lib/comments-link.ts).
import type { Space, SpaceMemberRole, User } from '@community/domain';
import { css } from '@community/ui/styled-system/css';
import { useSearchParams } from 'wouter';
import { hasPostsFeature } from '../lib/permissions.ts';
import { useWall } from '../lib/use-wall.ts';
import { PostsWall } from './posts-wall.tsx';

export type SpaceTab = 'chat' | 'posts';

/** `?tab=` as a tab: anything but "posts" is the chat. */
export const spaceTabOf = (value: string | null): SpaceTab => (value === 'posts' ? 'posts' : 'chat');

const TAB_LABELS: Record<SpaceTab, string> = { chat: 'Chat', posts: 'Posts' };

/**
 * The tabs a member sees and the one shown: Posts only with the `posts` feature (docs/features.md);
 * without it there is the chat alone, whatever `?tab=` says.
 */
export function spaceTabsFor(
  me: Pick<User, 'features'>,
  chosen: SpaceTab,
): { tabs: readonly SpaceTab[]; tab: SpaceTab } {
  return hasPostsFeature(me) ? { tabs: ['chat', 'posts'], tab: chosen } : { tabs: ['chat'], tab: 'chat' };
}

export function useSpaceTab(): [SpaceTab, (tab: SpaceTab) => void] {
  const [params, setParams] = useSearchParams();
  const tab = spaceTabOf(params.get('tab'));
  const setTab = (next: SpaceTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'chat') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return [tab, setTab];
}

const tabClass = css({
  px: '3',
  py: '2',
  textStyle: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  borderBottomWidth: '2px',
  borderColor: 'transparent',
  cursor: 'pointer',
  _hover: { color: 'fg.default' },
  '&[aria-selected=true]': { color: 'fg.default', borderColor: 'accent.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '-2px' },
});

/** The tab bar; a single view (the chat alone) needs none. */
export function SpaceTabs({
  tabs,
  tab,
  onChange,
}: {
  tabs: readonly SpaceTab[];
  tab: SpaceTab;
  onChange: (tab: SpaceTab) => void;
}) {
  if (tabs.length < 2) return null;
  return (
    <div
      role="tablist"
      aria-label="Space views"
      className={css({ display: 'flex', gap: '1', px: '4', borderBottomWidth: '1px' })}
    >
      {tabs.map((value) => (
        <button
          key={value}
          type="button"
          role="tab"
          id={`space-tab-${value}`}
          aria-selected={tab === value}
          // Only the chosen view's panel is rendered: an id of a missing element is invalid ARIA.
          aria-controls={tab === value ? `space-panel-${value}` : undefined}
          className={tabClass}
          onClick={() => onChange(value)}
        >
          {TAB_LABELS[value]}
        </button>
      ))}
    </div>
  );
}

export function SpacePosts({ space, role, me }: { space: Space; role: SpaceMemberRole | null; me: User }) {
  const store = useWall({ spaceId: space.id, roomIds: [space.id], meId: me.id });
  const canPost = role !== null && hasPostsFeature(me);
  return (
    <div
      role="tabpanel"
      id="space-panel-posts"
      aria-labelledby="space-tab-posts"
      className={css({ flex: '1', minH: '0', overflowY: 'auto', p: { base: '3', md: '5' } })}
    >
      <PostsWall store={store} me={me} spaceRole={role} newPostSpaceId={canPost ? space.id : null} />
    </div>
  );
}
