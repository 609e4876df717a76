// The space page (`/spaces/{id}`, spec section 2): header with the space's actions, then its live chat or
// its posts wall (tabs, `?tab=posts`); `?postId=` opens a post's comments. Without the `posts` feature
// there are no tabs and `?tab=posts` shows the chat; without `spaces` the page says the API's refusal
// (docs/features.md), also when the switch goes off while the page is open. Someone who may not read
// the space gets its landing card (space-landing.tsx); a public space's reader gets Join in the header.
// `?searchCursor=<seq>` opens the chat at a found message and marks it.
import {
  featureDisabledMessage,
  hasFeature,
  type Space,
  type SpaceMember,
  type SpaceMemberRole,
  type User,
} from '@community/domain';
import { Button, EmptyState, icons, Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useCallback } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useSearchParams } from 'wouter';
import { canDeleteSpaces, useCurrentUser } from '../../../lib/current-user.ts';
import { fullName } from '../../../lib/format.ts';
import { ChatPanel, NO_LONGER_A_MEMBER, NOT_A_MEMBER } from '../../chat/components/chat-panel.tsx';
import { PresenceBar, type PresentPerson } from '../../chat/components/presence-bar.tsx';
import type { ChatStore } from '../../chat/lib/chat-store.ts';
import { useChat } from '../../chat/lib/use-chat.ts';
import { useMembers } from '../../members/api/use-members.ts';
import { SpacePosts, SpaceTabs, spaceTabsFor, useSpaceTab } from '../../posts/components/space-posts.tsx';
import { useCommentsLink } from '../../posts/lib/comments-link.ts';
import { useSpace } from '../api/use-space.ts';
import { SpaceHeader } from './space-header.tsx';
import { SpaceLanding } from './space-landing.tsx';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  // The shell's bars (top bar; on phones also the bottom tab bar) as `--app-chrome-height`; dvh keeps
  // the composer above a phone's on-screen keyboard (viewport `interactive-widget=resizes-content`).
  h: 'calc(100dvh - var(--app-chrome-height, token(sizes.topbar)))',
  bg: 'bg.default',
});
const chatPanelClass = css({ flex: '1', minH: '0', display: 'flex', flexDirection: 'column' });

/** `?searchCursor=` as a sequence number, or undefined. */
export function searchCursorOf(value: string | null): number | undefined {
  const seq = Number(value);
  return value && Number.isInteger(seq) && seq > 0 ? seq : undefined;
}

function PageSkeleton() {
  return (
    <div className={pageClass} role="status" aria-busy="true" aria-label="Loading space">
      <div
        className={css({ display: 'flex', alignItems: 'center', gap: '3', p: '4', borderBottomWidth: '1px' })}
      >
        <Skeleton shape="circle" className={css({ w: '3', h: '3' })} />
        <Skeleton shape="text" className={css({ w: '48', h: '6' })} />
      </div>
    </div>
  );
}

/** Who is here now: the room's presence, named from the member list where they are members. */
function LivePresence({ store, members }: { store: ChatStore; members: readonly SpaceMember[] }) {
  const { presence } = useSnapshot(store.state);
  const present: PresentPerson[] = members
    .filter((member) => presence.includes(member.userId))
    .map((member) => ({
      userId: member.userId,
      name: fullName(member.user),
      imageUrl: member.user.imageUrl,
    }));
  return <PresenceBar people={present} count={presence.length} />;
}

function SpaceChat({
  space,
  role,
  me,
  onChanged,
}: {
  space: Space;
  role: SpaceMemberRole | null;
  me: User;
  onChanged: () => void;
}) {
  const [searchParams] = useSearchParams();
  const around = searchCursorOf(searchParams.get('searchCursor'));
  const members = useMembers(space.id);
  const reloadMembers = members.reload;
  const onMembersChanged = useCallback(() => {
    onChanged();
    reloadMembers();
  }, [onChanged, reloadMembers]);
  const store = useChat({ spaceId: space.id, userId: me.id, around, onMembersChanged });
  // Chat | Posts in `?tab=` (the chat stays connected either way); `?postId=` opens its comments.
  const [chosenTab, setTab] = useSpaceTab();
  useCommentsLink(role);
  const { tabs, tab } = spaceTabsFor(me, chosenTab);
  const chat = (
    <ChatPanel
      store={store}
      spaceId={space.id}
      spaceName={space.name}
      spaceType={space.type}
      role={role}
      me={me}
    />
  );

  return (
    <div className={pageClass}>
      <SpaceHeader
        space={space}
        role={role}
        isSuperAdmin={canDeleteSpaces(me)}
        presence={<LivePresence store={store} members={members.status === 'ready' ? members.members : []} />}
      />
      <SpaceTabs tabs={tabs} tab={tab} onChange={setTab} />
      {tab === 'posts' ? (
        <SpacePosts space={space} role={role} me={me} />
      ) : tabs.length > 1 ? (
        // The Chat tab's panel (the Posts tab's is in SpacePosts); the tab points at it.
        <div
          role="tabpanel"
          id="space-panel-chat"
          aria-labelledby="space-tab-chat"
          className={chatPanelClass}
        >
          {chat}
        </div>
      ) : (
        chat
      )}
    </div>
  );
}

export function SpacePage({ id }: { id: string }) {
  const space = useSpace(id);
  const me = useCurrentUser();

  const home = (
    <Link href="/" className={css({ color: 'accent.text', textStyle: 'sm', fontWeight: 'medium' })}>
      Go home
    </Link>
  );
  // The switch went off (the session heard `features.changed`): say so at once, as the API would.
  if (me && !hasFeature(me, 'spaces'))
    return <EmptyState icon={<icons.Ban />} title={featureDisabledMessage('spaces')} action={home} />;
  if (space.status === 'loading') return <PageSkeleton />;
  if (space.status === 'error') {
    if (space.httpStatus === 403) {
      // The API's own words (the feature's refusal included); "no longer a member" only for a space
      // that had loaded and then refused for another reason.
      const featureOff = space.message === featureDisabledMessage('spaces');
      // Never a member: the space's landing card and the way in (issue 30), not a bare refusal.
      if (!featureOff && !space.lost) return <SpaceLanding id={id} />;
      const title = space.lost && !featureOff ? NO_LONGER_A_MEMBER : space.message || NOT_A_MEMBER;
      return <EmptyState icon={<icons.Ban />} title={title} action={home} />;
    }
    if (space.httpStatus === 404)
      return <EmptyState icon={<icons.AlertTriangle />} title="Space not found" action={home} />;
    return (
      <EmptyState
        icon={<icons.AlertTriangle />}
        title="Unable to load space"
        description={space.message}
        reference={space.reference}
        action={
          <Button size="sm" variant="outline" onClick={space.reload}>
            Retry
          </Button>
        }
      />
    );
  }
  if (!me) return null;
  return <SpaceChat space={space.space} role={space.role} me={me} onChanged={space.reload} />;
}
