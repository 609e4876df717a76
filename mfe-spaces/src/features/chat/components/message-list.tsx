// The scrolling list of a chat's messages (a space's or a conversation's): older pages load when the reader nears the top (keeping
// their place), new messages keep the list at the bottom if the reader was there, and a jump
// (`?searchCursor=`, "Go to message") scrolls to the marked message. The history reads as rows
// (history-rows.ts): day separators, the "New messages" line, one person's messages grouped; a reader
// scrolled up gets "Jump to latest ↓" with the count of messages that came meanwhile.
import type { UserSummary } from '@community/domain';
import { LOAD_MORE_THRESHOLD_PX } from '@community/domain';
import { Button, EmptyState, icons, Spinner } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { Fragment, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChatMessageLike, ChatView } from '../lib/chat-store.ts';
import { historyRows } from '../lib/history-rows.ts';
import { useRestoredChatScroll } from '../lib/use-restored-chat-scroll.ts';
import { DaySeparator, JumpToLatest, NewMessagesLine } from './history-markers.tsx';
import { type MessageActions, MessageItem, PendingItem } from './message-item.tsx';

/** Within this distance of the bottom, the list follows new messages. */
const STICK_TO_BOTTOM_PX = 80;

export type MessageListProps<M extends ChatMessageLike> = {
  state: Pick<ChatView<M>, 'messages' | 'pending' | 'hasOlder' | 'loadingOlder' | 'highlight'> & {
    editing?: string | null;
  };
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
  /**
   * Where the member had read to when the chat opened (a conversation's read position, a space's
   * last-read mark): the "New messages" line goes before the first newer message of someone else.
   */
  lastReadSeq?: number | null;
  /** Reply and Edit (one's own messages), where the user may write. */
  actions?: MessageActions<M> | undefined;
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
  lastReadSeq = null,
  actions,
}: MessageListProps<M>) {
  const scroller = useRef<HTMLElement>(null);
  const stickToBottom = useRef(true);
  const lastHeight = useRef(0);
  const firstSeq = useRef<number | null>(null);
  const lastSeq = useRef<number | null>(null);
  const pendingCount = useRef(0);
  const { messages, pending, hasOlder, loadingOlder, highlight } = state;
  // The line stays where it was while the member reads: fixed when the list first shows.
  const [unread] = useState(() =>
    lastReadSeq === null
      ? null
      : { lastReadSeq, lastSeqAtOpen: messages.at(-1)?.seq ?? lastReadSeq, meId: me.id },
  );
  const rows = useMemo(() => historyRows(messages, { now: new Date(), unread }), [messages, unread]);
  // "Jump to latest ↓": shown away from the bottom, with what others wrote since the reader left it.
  const [awayFromBottom, setAwayFromBottom] = useState(false);
  const [arrivedWhileAway, setArrivedWhileAway] = useState(0);

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
    const newLast = messages.at(-1)?.seq ?? null;
    if (!stickToBottom.current && lastSeq.current !== null && newLast !== null && newLast > lastSeq.current) {
      const since = lastSeq.current;
      const arrived = messages.filter((message) => message.seq > since && message.author.id !== me.id).length;
      if (arrived > 0) setArrivedWhileAway((count) => count + arrived);
    }
    firstSeq.current = newFirst;
    lastSeq.current = newLast;
    pendingCount.current = pending.length;
    lastHeight.current = element.scrollHeight;
    followBottom(stickToBottom.current);
  }, [messages, pending, status]);

  /** Shows or hides "Jump to latest" as the reader leaves or reaches the bottom. */
  function followBottom(atBottom: boolean) {
    setAwayFromBottom(!atBottom);
    if (atBottom) setArrivedWhileAway(0);
  }

  function jumpToLatest() {
    const element = scroller.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    stickToBottom.current = true;
    followBottom(true);
    // The button goes away under the pointer: keyboard focus goes to the history it scrolled.
    element.focus();
  }

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
    followBottom(false);
  }, [highlightVersion, highlightSeq]);

  function onScroll() {
    const element = scroller.current;
    if (!element) return;
    stickToBottom.current =
      element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
    followBottom(stickToBottom.current);
    lastHeight.current = element.scrollHeight;
    rememberPlace();
    if (element.scrollTop < LOAD_MORE_THRESHOLD_PX && hasOlder && !loadingOlder) onLoadOlder();
  }

  const empty = messages.length === 0 && pending.length === 0 && !hasOlder;

  return (
    <div
      className={css({
        position: 'relative',
        flex: '1',
        minH: '0',
        display: 'flex',
        flexDirection: 'column',
      })}
    >
      {/* A named, focusable region: keyboard users can scroll the history with the arrow keys
        (axe scrollable-region-focusable). Not a live region: new messages are not read out one by one. */}
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
            {rows.map((row) => {
              if (row.kind === 'day') return <DaySeparator key={row.key} label={row.label} day={row.day} />;
              if (row.kind === 'new-messages') return <NewMessagesLine key={row.key} />;
              const message = row.message;
              return (
                <Fragment key={row.key}>
                  <MessageItem
                    message={message as M}
                    highlighted={message.seq === highlightSeq}
                    canDelete={canDelete(message as M)}
                    onDelete={onDelete}
                    onGoToMessage={onGoToMessage}
                    continued={!row.groupStart}
                    actions={actions}
                    canEdit={message.author.id === me.id}
                    editing={message.id === state.editing}
                    onReact={onReact}
                    meId={me.id}
                  />
                  {status && status.seq === message.seq ? (
                    <li
                      data-message-status=""
                      className={css({
                        px: '5',
                        pb: '1',
                        textAlign: 'end',
                        textStyle: 'xs',
                        color: 'fg.subtle',
                      })}
                    >
                      {status.text}
                    </li>
                  ) : null}
                </Fragment>
              );
            })}
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
      {awayFromBottom ? <JumpToLatest count={arrivedWhileAway} onClick={jumpToLatest} /> : null}
    </div>
  );
}
