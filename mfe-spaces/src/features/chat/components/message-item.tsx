// One chat message: author (opens their profile), time, text and attachments; a delete action where the user may delete it.
// A message still being sent shows "Sending…"; one the server could not take yet (an outage, the
// network) "Not sent yet" while the outbox keeps sending it; one it refused offers Retry (same
// clientKey) and Discard.
import type { ChatAttachment, MentionedMember, UserSummary } from '@community/domain';
import { Avatar, Button, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { memo, type ReactNode } from 'react';
import { formatMessageTime, fullName } from '../../../lib/format.ts';
import { Trash } from '../../../lib/icons.tsx';
import { NotSentYet } from '../../../lib/not-sent-yet.tsx';
import { ProfileLink } from '../../../lib/profile-link.tsx';
import { MessageText } from '../../mentions/components/message-text.tsx';
import type { PendingMessage } from '../lib/chat-store.ts';
import { AttachmentView } from './attachment-view.tsx';

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
  // A message that mentions the viewer (a chip of theirs, or @here / @space).
  '&:has([data-mention-me])': { bg: 'warning.subtle', boxShadow: 'inset 3px 0 0 {colors.warning.default}' },
});

type MessageBodyProps = {
  author: UserSummary;
  createdAt: string;
  content: string;
  attachments: readonly ChatAttachment[];
  mentions?: readonly MentionedMember[];
  onGoToMessage?: () => void;
};

function MessageBody({ author, createdAt, content, attachments, mentions, onGoToMessage }: MessageBodyProps) {
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
            <MessageText content={content} mentions={mentions} />
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
  mentions?: readonly MentionedMember[];
};

export type MessageItemProps<M extends ShownMessage> = {
  message: M;
  highlighted: boolean;
  canDelete: boolean;
  onDelete: (message: M) => void;
  onGoToMessage: (seq: number) => void;
};

// Memoised: a long chat re-renders only the rows that changed when one message arrives or goes.
export const MessageItem = memo(function MessageItem<M extends ShownMessage>({
  message,
  highlighted,
  canDelete,
  onDelete,
  onGoToMessage,
}: MessageItemProps<M>) {
  return (
    <li
      className={rowClass}
      data-seq={message.seq}
      data-message-id={message.id}
      data-highlighted={highlighted || undefined}
      aria-current={highlighted || undefined}
    >
      <MessageBody {...message} onGoToMessage={() => onGoToMessage(message.seq)} />
      {canDelete ? (
        <div
          data-actions=""
          className={css({
            position: 'absolute',
            top: '1',
            insetEnd: '3',
            '@media (hover: hover)': { opacity: 0 },
          })}
        >
          <Button variant="ghost" size="icon" aria-label="Delete message" onClick={() => onDelete(message)}>
            <Trash />
          </Button>
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
