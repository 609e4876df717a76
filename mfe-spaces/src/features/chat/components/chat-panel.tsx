// The chat of the space page: messages (older on scroll up, new live), who is typing, and the
// composer, or the reason the user cannot write. Reads one ChatStore (see chat-store.ts).
import {
  type ChatMessage,
  mentionsAsText,
  type SpaceMemberRole,
  type SpaceType,
  type UserSummary,
} from '@community/domain';
import { Button, EmptyState, icons, openModal, Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useCallback, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { spaceMentionSearch } from '../../mentions/api/mentions-api.ts';
import type { MentionSource } from '../../mentions/lib/mention-autocomplete.ts';
import { type ChatStore, messageActionsOf } from '../lib/chat-store.ts';
import { useSpaceLastRead } from '../lib/space-last-read.ts';
import { useReactionToggle } from '../lib/use-reaction-toggle.ts';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { TypingIndicator } from './typing-indicator.tsx';

export const NOT_A_MEMBER = 'You are not a member of this space.';
const homeLinkClass = css({ color: 'accent.text', textStyle: 'sm', fontWeight: 'medium' });
export const JOIN_TO_SEND = 'Join this space to send messages.';
export const NO_LONGER_A_MEMBER = 'You are no longer a member of this space.';

function MessagesSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading messages"
      className={css({
        flex: '1',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'flex-end',
        gap: '4',
        p: '5',
      })}
    >
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className={css({ display: 'flex', gap: '3' })}>
          <Skeleton shape="circle" className={css({ w: '8', h: '8' })} />
          <div className={css({ flex: '1', display: 'flex', flexDirection: 'column', gap: '2' })}>
            <Skeleton shape="text" className={css({ w: '32' })} />
            <Skeleton shape="text" className={css({ w: '2/3' })} />
          </div>
        </div>
      ))}
    </div>
  );
}

export type ChatPanelProps = {
  store: ChatStore<ChatMessage>;
  spaceId: string;
  spaceName: string;
  spaceType: SpaceType;
  role: SpaceMemberRole | null;
  me: UserSummary;
};

export function ChatPanel({ store, spaceId, spaceName, spaceType, role, me }: ChatPanelProps) {
  const state = useSnapshot(store.state);
  const lastReadSeq = useSpaceLastRead(store, spaceId, me.id);
  const removed = state.status === 'removed';
  // Stable, so the memoised message rows do not re-render for a typing signal or a new message.
  const onDelete = useCallback(
    (message: ChatMessage) =>
      openModal('deleteMessage', {
        spaceId,
        messageId: message.id,
        preview:
          mentionsAsText(message.content, message.mentions ?? []) ||
          message.attachments.map((attachment) => attachment.name).join(', '),
      }),
    [spaceId],
  );
  const onGoToMessage = useCallback((seq: number) => void store.jumpTo(seq), [store]);
  const actions = useMemo(() => messageActionsOf(store), [store]);
  // @here / @space: the space's admins and moderators and the community's admins (the server checks too).
  const communityRole = useCurrentUser()?.role;
  const broadcast =
    role === 'ADMIN' || role === 'MODERATOR' || communityRole === 'ADMIN' || communityRole === 'SUPER_ADMIN';
  const mentions = useMemo<MentionSource>(
    () => ({ search: spaceMentionSearch(spaceId), broadcast }),
    [spaceId, broadcast],
  );
  const onReact = useReactionToggle(store);

  if (state.status === 'loading') return <MessagesSkeleton />;
  if (state.status === 'error') {
    return (
      <EmptyState
        icon={<icons.AlertTriangle />}
        title="Unable to load messages"
        reference={state.reference}
        action={
          <Button size="sm" variant="outline" onClick={() => void store.reload()}>
            Retry
          </Button>
        }
      />
    );
  }
  if (state.status === 'not-found') {
    return (
      <EmptyState
        icon={<icons.AlertTriangle />}
        title="Space not found"
        action={
          <Link href="/" className={homeLinkClass}>
            Go home
          </Link>
        }
      />
    );
  }
  // Removed from a private space: nothing here is theirs to read any more.
  if (removed && spaceType !== 'PUBLIC') {
    return (
      <EmptyState
        icon={<icons.Ban />}
        title={NO_LONGER_A_MEMBER}
        action={
          <Link href="/" className={homeLinkClass}>
            Go home
          </Link>
        }
      />
    );
  }

  const member = role !== null && !removed;
  const moderates = member && (role === 'ADMIN' || role === 'MODERATOR');
  const canDelete = (message: ChatMessage) => member && (moderates || message.author.id === me.id);
  let disabledReason: string | null = null;
  if (removed) disabledReason = NO_LONGER_A_MEMBER;
  // A public space's reader is one click from joining (the Join button in the page's header).
  else if (!member) disabledReason = spaceType === 'PUBLIC' ? JOIN_TO_SEND : NOT_A_MEMBER;

  return (
    <>
      <MessageList
        state={state}
        me={me}
        canDelete={canDelete}
        onLoadOlder={() => void store.loadOlder()}
        onDelete={onDelete}
        onReact={member ? onReact : undefined}
        onGoToMessage={onGoToMessage}
        onRetry={(clientKey) => store.retry(clientKey)}
        onDiscard={(clientKey) => store.discard(clientKey)}
        lastReadSeq={lastReadSeq}
        actions={member ? actions : undefined}
      />
      <TypingIndicator names={state.typing.map((entry) => entry.name)} />
      <Composer
        target={store}
        placeholder={`Message ${spaceName}`}
        disabledReason={disabledReason}
        replyingTo={member ? state.replyingTo : null}
        mentions={mentions}
      />
    </>
  );
}
