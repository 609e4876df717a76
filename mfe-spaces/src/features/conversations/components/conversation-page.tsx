// The direct conversation page (`/community/conversations/{userId}`): the other member in the header,
// then the same chat as a space's (older pages on scroll up, live messages, attachments, delete own,
// typing) over the conversation channel, with "Seen" under the last message the user sent once the
// other member has read it. The conversation itself is created by the first message.
import { referenceOf } from '@community/api-client';
import {
  CANNOT_MESSAGE_MEMBER,
  CANNOT_MESSAGE_YOURSELF,
  type Conversation,
  type ConversationPartner,
  type DirectMessage,
  MESSAGES_FEATURE_OFF,
  type User,
} from '@community/domain';
import { Button, EmptyState, icons, openModal, Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import type { ReactNode } from 'react';
import { useCallback, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useSearchParams } from 'wouter';
import { canMessage, useCurrentUser } from '../../../lib/current-user.ts';
import { serverMessage } from '../../../lib/error-message.ts';
import { fullName } from '../../../lib/format.ts';
import { Composer } from '../../chat/components/composer.tsx';
import { MessageList } from '../../chat/components/message-list.tsx';
import { TypingIndicator } from '../../chat/components/typing-indicator.tsx';
import { type ChatView, messageActionsOf } from '../../chat/lib/chat-store.ts';
import { useReactionToggle } from '../../chat/lib/use-reaction-toggle.ts';
import { conversationMentionSearch } from '../../mentions/api/mentions-api.ts';
import type { MentionSource } from '../../mentions/lib/mention-autocomplete.ts';
import { searchCursorOf } from '../../spaces/components/space-page.tsx';
import { useConversationWith } from '../api/use-conversation-with.ts';
import { useConversationChat } from '../lib/use-conversation-chat.ts';
import { ConversationHeader } from './conversation-header.tsx';

/** Ours (the spec has no text for read receipts). */
export const SEEN = 'Seen';
export const CONVERSATION_NOT_AVAILABLE = 'This conversation is not available';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  // The shell's bars (top bar; on phones also the bottom tab bar) as `--app-chrome-height`; dvh keeps
  // the composer above a phone's on-screen keyboard (viewport `interactive-widget=resizes-content`).
  h: 'calc(100dvh - var(--app-chrome-height, token(sizes.topbar)))',
  bg: 'bg.default',
});
const homeLinkClass = css({ color: 'accent.text', textStyle: 'sm', fontWeight: 'medium' });

function Refused({ title, description }: { title: string; description?: string }) {
  return (
    <div className={pageClass}>
      <EmptyState
        icon={<icons.Ban />}
        title={title}
        description={description}
        action={
          <Link href="/" className={homeLinkClass}>
            Go home
          </Link>
        }
      />
    </div>
  );
}

function LoadingConversation() {
  return (
    <div className={pageClass} role="status" aria-busy="true" aria-label="Loading conversation">
      <div
        className={css({ display: 'flex', alignItems: 'center', gap: '3', p: '4', borderBottomWidth: '1px' })}
      >
        <Skeleton shape="circle" className={css({ w: '10', h: '10' })} />
        <Skeleton shape="text" className={css({ w: '40', h: '5' })} />
      </div>
    </div>
  );
}

export function ConversationPage({ userId }: { userId: string }) {
  const me = useCurrentUser();
  if (!me) return null;
  // The server answers 403 as well; this spares the call and explains it at once.
  if (!canMessage(me)) return <Refused title={MESSAGES_FEATURE_OFF} />;
  if (userId === me.id) return <Refused title={CANNOT_MESSAGE_YOURSELF} />;
  return <ConversationLoader key={userId} me={me} userId={userId} />;
}

function ConversationLoader({ me, userId }: { me: User; userId: string }) {
  const found = useConversationWith(userId);
  if (found.status === 'loading') return <LoadingConversation />;
  if (found.status === 'refused') {
    if (found.code === 404) return <Refused title="User not found" />;
    return <Refused title={CONVERSATION_NOT_AVAILABLE} description={serverMessage(found.error)} />;
  }
  if (found.status === 'error') {
    return (
      <div className={pageClass}>
        <EmptyState
          icon={<icons.AlertTriangle />}
          title="Unable to load the conversation"
          description={serverMessage(found.error)}
          reference={referenceOf(found.error)}
          action={
            <Button size="sm" variant="outline" onClick={found.retry}>
              Retry
            </Button>
          }
        />
      </div>
    );
  }
  return <ConversationView me={me} other={found.other} initial={found.conversation} />;
}

type ConversationViewProps = { me: User; other: ConversationPartner; initial: Conversation | null };

/** "Seen" goes under the last message the user sent, once the other's read position reaches it. */
export function seenStatus(
  state: Pick<ChatView<DirectMessage>, 'messages' | 'readSeqs'>,
  meId: string,
  otherId: string,
): { seq: number; text: string } | null {
  const lastMine = state.messages.findLast((message) => message.author.id === meId);
  if (!lastMine) return null;
  return (state.readSeqs[otherId] ?? 0) >= lastMine.seq ? { seq: lastMine.seq, text: SEEN } : null;
}

function ConversationView({ me, other, initial }: ConversationViewProps) {
  const [searchParams] = useSearchParams();
  const around = searchCursorOf(searchParams.get('searchCursor'));
  const { store, conversationId } = useConversationChat({ me, otherUserId: other.id, initial, around });
  const state = useSnapshot(store.state);
  const onReact = useReactionToggle(store);
  const name = fullName(other);
  const onDelete = useCallback(
    (message: DirectMessage) => {
      if (!conversationId) return;
      openModal('deleteMessage', {
        conversationId,
        messageId: message.id,
        preview: message.content || message.attachments.map((attachment) => attachment.name).join(', '),
      });
    },
    [conversationId],
  );
  const canDelete = useCallback((message: DirectMessage) => message.author.id === me.id, [me.id]);
  const actions = useMemo(() => messageActionsOf(store), [store]);
  // "@" offers the conversation's other person (asked of the server once the conversation exists).
  const mentions = useMemo<MentionSource>(
    () => ({
      search: conversationId
        ? conversationMentionSearch(conversationId)
        : async (query) => (fullName(other).toLowerCase().startsWith(query.toLowerCase()) ? [other] : []),
      broadcast: false,
    }),
    [conversationId, other],
  );

  let body: ReactNode;
  if (state.status === 'loading') {
    body = (
      <div className={css({ flex: '1' })} role="status" aria-busy="true" aria-label="Loading messages" />
    );
  } else if (state.status === 'error') {
    body = (
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
  } else if (state.status === 'not-found' || state.status === 'removed') {
    // Blocked, deleted, or the messages feature turned off since the page opened.
    body = <EmptyState icon={<icons.Ban />} title={CANNOT_MESSAGE_MEMBER} />;
  } else {
    body = (
      <>
        <MessageList
          state={state}
          me={me}
          canDelete={canDelete}
          onLoadOlder={() => void store.loadOlder()}
          onDelete={onDelete}
          onGoToMessage={(seq) => void store.jumpTo(seq)}
          onReact={onReact}
          onRetry={(clientKey) => store.retry(clientKey)}
          onDiscard={(clientKey) => store.discard(clientKey)}
          status={seenStatus(state, me.id, other.id)}
          emptyDescription={`Say hello to ${name}.`}
          lastReadSeq={initial?.myLastReadSeq ?? null}
          actions={actions}
        />
        <TypingIndicator names={state.typing.map((entry) => entry.name)} />
        <Composer
          target={store}
          placeholder={`Message ${name}`}
          replyingTo={state.replyingTo}
          mentions={mentions}
        />
      </>
    );
  }

  return (
    <div className={pageClass} data-conversation-id={conversationId ?? undefined}>
      <ConversationHeader other={other} />
      {body}
    </div>
  );
}
