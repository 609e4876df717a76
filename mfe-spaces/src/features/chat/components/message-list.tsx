// The scrolling list of a chat's messages (a space's or a conversation's): older pages load when the reader nears the top (keeping
// their place), new messages keep the list at the bottom if the reader was there, and a jump
// (`?searchCursor=`, "Go to message") scrolls to the marked message.
import type { UserSummary } from '@community/domain';
import { LOAD_MORE_THRESHOLD_PX } from '@community/domain';
import { Button, EmptyState, icons, Spinner } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import type { ChatMessageLike, ChatView } from '../lib/chat-store.ts';
import { useRestoredChatScroll } from '../lib/use-restored-chat-scroll.ts';
import { MessageItem, PendingItem } from './message-item.tsx';

/** Within this distance of the bottom, the list follows new messages. */
const STICK_TO_BOTTOM_PX = 80;

export type MessageListProps<M extends ChatMessageLike> = {
  state: Pick<ChatView<M>, 'messages' | 'pending' | 'hasOlder' | 'loadingOlder' | 'highlight'>;
  me: UserSummary;
  canDelete: (message: M) => boolean;
  onLoadOlder: () => void;
  onDelete: (message: M) => void;
  onGoToMessage: (seq: number) => void;
  /** Adds (`add`) or removes the user's reaction on a message (reactions are offered with it). */
  onReact?: (message: M, emoji: string, add: boolean) => void;
  onRetry: (clientKey: string) => void;
  onDiscard: (clientKey: string) => void;
  /** A line under one message, e.g. "Seen" under the last one the user sent in a conversation. */
  status?: { seq: number; text: string } | null;
  /** What an empty chat says. */
  emptyDescription?: string;
};

export function MessageList<M extends ChatMessageLike>({
  state,
  me,
  canDelete,
  onLoadOlder,
  onDelete,
  onGoToMessage,
  onReact,
  onRetry,
  onDiscard,
  status = null,
  emptyDescription = 'Say hello to get the conversation going.',
}: MessageListProps<M>) {
  const scroller = useRef<HTMLElement>(null);
  const stickToBottom = useRef(true);
  const lastHeight = useRef(0);
  const firstSeq = useRef<number | null>(null);
  const pendingCount = useRef(0);
  const { messages, pending, hasOlder, loadingOlder, highlight } = state;

  // After every change of the list: keep the reader's place when older messages came in above,
  // follow the bottom when they were there (or just sent something).
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const newFirst = messages[0]?.seq ?? null;
    const prepended = firstSeq.current !== null && newFirst !== null && newFirst < firstSeq.current;
    const sentSomething = pending.length > pendingCount.current;
    if (prepended && !stickToBottom.current) {
      element.scrollTop += element.scrollHeight - lastHeight.current;
    } else if (stickToBottom.current || sentSomething) {
      element.scrollTop = element.scrollHeight;
      stickToBottom.current = true;
    }
    firstSeq.current = newFirst;
    pendingCount.current = pending.length;
    lastHeight.current = element.scrollHeight;
  }, [messages, pending, status]);

  // Back/forward to this chat: the message the reader was at (runs after the effect above).
  const rememberPlace = useRestoredChatScroll(
    scroller,
    stickToBottom,
    { firstSeq: messages[0]?.seq ?? null, hasOlder, loadingOlder, onLoadOlder },
    messages,
  );

  // A jump: scroll the marked message into the middle of the list.
  const highlightVersion = highlight?.version;
  const highlightSeq = highlight?.seq;
  useEffect(() => {
    if (highlightVersion === undefined || highlightSeq === undefined) return;
    const target = scroller.current?.querySelector(`[data-seq="${highlightSeq}"]`);
    if (!target) return;
    stickToBottom.current = false;
    target.scrollIntoView?.({ block: 'center' });
  }, [highlightVersion, highlightSeq]);

  function onScroll() {
    const element = scroller.current;
    if (!element) return;
    stickToBottom.current =
      element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
    lastHeight.current = element.scrollHeight;
    rememberPlace();
    if (element.scrollTop < LOAD_MORE_THRESHOLD_PX && hasOlder && !loadingOlder) onLoadOlder();
  }

  const empty = messages.length === 0 && pending.length === 0 && !hasOlder;

  return (
    // A named, focusable region: keyboard users can scroll the history with the arrow keys
    // (axe scrollable-region-focusable). Not a live region: new messages are not read out one by one.
    <section
      ref={scroller}
      onScroll={onScroll}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      aria-label="Message history"
      className={css({
        flex: '1',
        minH: '0',
        overflowY: 'auto',
        overscrollBehavior: 'contain',
        py: '2',
        _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '-2px' },
      })}
    >
      {hasOlder ? (
        <div className={css({ display: 'flex', justifyContent: 'center', py: '2' })}>
          {loadingOlder ? (
            <Spinner size="sm" label="Loading older messages" />
          ) : (
            <Button variant="ghost" size="xs" onClick={onLoadOlder}>
              Load older messages
            </Button>
          )}
        </div>
      ) : null}
      {empty ? (
        <EmptyState icon={<icons.MessageCircle />} title="No messages yet" description={emptyDescription} />
      ) : (
        <ol aria-label="Messages" className={css({ display: 'flex', flexDirection: 'column' })}>
          {messages.map((message) => (
            <Fragment key={message.id}>
              <MessageItem
                message={message as M}
                highlighted={message.seq === highlightSeq}
                canDelete={canDelete(message as M)}
                onDelete={onDelete}
                onGoToMessage={onGoToMessage}
                onReact={onReact}
                meId={me.id}
              />
              {status && status.seq === message.seq ? (
                <li
                  data-message-status=""
                  className={css({ px: '5', pb: '1', textAlign: 'end', textStyle: 'xs', color: 'fg.subtle' })}
                >
                  {status.text}
                </li>
              ) : null}
            </Fragment>
          ))}
          {pending.map((item) => (
            <PendingItem
              key={item.clientKey}
              pending={item}
              author={me}
              onRetry={() => onRetry(item.clientKey)}
              onDiscard={() => onDiscard(item.clientKey)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
