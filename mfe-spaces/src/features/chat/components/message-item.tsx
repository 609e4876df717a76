// One chat message: author (opens their profile), time, text and attachments; a delete action where the user may delete it.
// A message still being sent shows "Sending…"; one the server could not take yet (an outage, the
// network) "Not sent yet" while the outbox keeps sending it; one it refused offers Retry (same
// clientKey) and Discard.
import type { ChatAttachment, ReactionSummary, UserSummary } from '@community/domain';
import { Avatar, Button, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { memo, type ReactNode } from 'react';
import { formatMessageTime, fullName } from '../../../lib/format.ts';
import { Trash } from '../../../lib/icons.tsx';
import { NotSentYet } from '../../../lib/not-sent-yet.tsx';
import { ProfileLink } from '../../../lib/profile-link.tsx';
import type { PendingMessage } from '../lib/chat-store.ts';
import { AttachmentView } from './attachment-view.tsx';
import { ReactionPickerButton } from './reaction-picker.tsx';
import { QuickReactions, ReactionsBar } from './reactions-bar.tsx';

const rowClass = css({
  position: 'relative',
  display: 'flex',
  gap: '3',
  px: '5',
  py: '2',
  scrollMarginBlock: '6',
  transitionProperty: 'background',
  transitionDuration: 'normal',
  _hover: { bg: 'bg.subtle', '& [data-actions]': { opacity: 1 } },
  '&:focus-within [data-actions]': { opacity: 1 },
  '&[data-highlighted]': { bg: 'accent.subtle', boxShadow: 'inset 3px 0 0 {colors.accent.default}' },
  '&[data-pending]': { opacity: 0.7 },
});

type MessageBodyProps = {
  author: UserSummary;
  createdAt: string;
  content: string;
  attachments: readonly ChatAttachment[];
  onGoToMessage?: () => void;
  /** Under the text and files (a message's reactions). */
  footer?: ReactNode;
};

function MessageBody({ author, createdAt, content, attachments, onGoToMessage, footer }: MessageBodyProps) {
  const name = fullName(author);
  return (
    <>
      <Avatar name={name} src={author.imageUrl} size="sm" className={css({ mt: '0.5' })} />
      <div className={css({ flex: '1', minW: '0' })}>
        <div className={css({ display: 'flex', alignItems: 'baseline', gap: '2' })}>
          {/* The author's profile panel (with its Message button), as members expect from a chat (ProfileLink: with `community`). */}
          <ProfileLink
            userId={author.id}
            className={css({
              fontWeight: 'semibold',
              textStyle: 'sm',
              cursor: 'pointer',
              _hover: { textDecoration: 'underline' },
              _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', borderRadius: 'l1' },
            })}
          >
            {name}
          </ProfileLink>
          <time dateTime={createdAt} className={css({ textStyle: 'xs', color: 'fg.subtle' })}>
            {formatMessageTime(createdAt)}
          </time>
        </div>
        {content ? (
          <p
            data-message-content=""
            className={css({ textStyle: 'sm', whiteSpace: 'pre-wrap', wordBreak: 'break-word' })}
          >
            {content}
          </p>
        ) : null}
        {attachments.length > 0 ? (
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '2' })}>
            {attachments.map((attachment) => (
              <AttachmentView
                key={attachment.url}
                attachment={attachment}
                onGoToMessage={onGoToMessage ?? (() => {})}
              />
            ))}
          </div>
        ) : null}
        {footer}
      </div>
    </>
  );
}

type ShownMessage = {
  id: string;
  seq: number;
  author: UserSummary;
  createdAt: string;
  content: string;
  attachments: readonly ChatAttachment[];
  reactions?: readonly ReactionSummary[];
};

export type MessageItemProps<M extends ShownMessage> = {
  message: M;
  highlighted: boolean;
  canDelete: boolean;
  onDelete: (message: M) => void;
  onGoToMessage: (seq: number) => void;
  /** Adds (`add`) or removes the user's reaction; without it, no reactions are offered. */
  onReact?: (message: M, emoji: string, add: boolean) => void;
  meId?: string;
};

// Memoised: a long chat re-renders only the rows that changed when one message arrives or goes.
export const MessageItem = memo(function MessageItem<M extends ShownMessage>({
  message,
  highlighted,
  canDelete,
  onDelete,
  onGoToMessage,
  onReact,
  meId = '',
}: MessageItemProps<M>) {
  const react = onReact ? (emoji: string, add: boolean) => onReact(message, emoji, add) : null;
  // Adding from the actions: an emoji the user already put stays as it is (the chip removes it).
  const add = (emoji: string) => {
    if (!message.reactions?.some((summary) => summary.emoji === emoji && summary.mine)) react?.(emoji, true);
  };
  return (
    <li
      className={rowClass}
      data-seq={message.seq}
      data-message-id={message.id}
      data-highlighted={highlighted || undefined}
      aria-current={highlighted || undefined}
    >
      <MessageBody
        {...message}
        onGoToMessage={() => onGoToMessage(message.seq)}
        footer={
          react && message.reactions?.length ? (
            <ReactionsBar reactions={message.reactions} meId={meId} onToggle={react} />
          ) : null
        }
      />
      {canDelete || react ? (
        <div
          data-actions=""
          className={css({
            position: 'absolute',
            top: '1',
            insetEnd: '3',
            display: 'flex',
            alignItems: 'center',
            gap: '0.5',
            bg: 'bg.default',
            borderRadius: 'l2',
            '@media (hover: hover)': { opacity: 0, boxShadow: 'xs' },
          })}
        >
          {react ? (
            <>
              <QuickReactions onReact={add} />
              <ReactionPickerButton onPick={add} />
            </>
          ) : null}
          {canDelete ? (
            <Button variant="ghost" size="icon" aria-label="Delete message" onClick={() => onDelete(message)}>
              <Trash />
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}) as <M extends ShownMessage>(props: MessageItemProps<M>) => ReactNode;

export type PendingItemProps = {
  pending: PendingMessage;
  author: UserSummary;
  onRetry: () => void;
  onDiscard: () => void;
};

export function PendingItem({ pending, author, onRetry, onDiscard }: PendingItemProps) {
  const failed = pending.status === 'failed';
  return (
    <li className={rowClass} data-pending={pending.status} data-client-key={pending.clientKey}>
      <MessageBody
        author={author}
        createdAt={pending.createdAt}
        content={pending.content}
        attachments={pending.attachments}
      />
      <div
        className={css({
          alignSelf: 'center',
          display: 'flex',
          alignItems: 'center',
          gap: '2',
          textStyle: 'xs',
          color: failed ? 'danger.text' : 'fg.subtle',
        })}
      >
        {failed ? (
          <>
            <span role="alert" className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
              <icons.AlertTriangle className={css({ w: '3.5', h: '3.5' })} />
              Not sent
              {/* The server's reason when it refused (e.g. the member cannot be messaged). */}
              {pending.error ? `: ${pending.error}` : null}
            </span>
            <Button size="xs" variant="outline" onClick={onRetry}>
              Retry
            </Button>
            <Button size="xs" variant="ghost" onClick={onDiscard}>
              Discard
            </Button>
          </>
        ) : pending.status === 'waiting' ? (
          <NotSentYet
            retryAt={pending.retryAt}
            rateLimited={pending.rateLimited}
            writing="sending messages"
          />
        ) : (
          <span>Sending…</span>
        )}
      </div>
    </li>
  );
}
