// One chat message: author (opens their profile), time ("(edited)" with the edit's time on hover),
// the quote of the message it replies to, text and attachments; Reply, Edit (one's own: an inline
// editor) and Delete where the user may.
// A message still being sent shows "Sending…"; one the server could not take yet (an outage, the
// network) "Not sent yet" while the outbox keeps sending it; one it refused offers Retry (same
// clientKey) and Discard.
import {
  type ChatAttachment,
  encodeMentions,
  type MentionedMember,
  type MessageQuote,
  mentionsAsText,
  type ReactionSummary,
  type UserSummary,
} from '@community/domain';
import { Avatar, Button, icons } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { memo, type ReactNode } from 'react';
import { formatFullTime, fullName } from '../../../lib/format.ts';
import { Pencil, Reply, Trash } from '../../../lib/icons.tsx';
import { NotSentYet } from '../../../lib/not-sent-yet.tsx';
import { ProfileLink } from '../../../lib/profile-link.tsx';
import { MessageText } from '../../mentions/components/message-text.tsx';
import type { PendingMessage, SendResult } from '../lib/chat-store.ts';
import { AttachmentView } from './attachment-view.tsx';
import { ChatLinkPreview } from './chat-link-preview.tsx';
import { MessageEditor } from './message-editor.tsx';
import { GutterTime, MessageTime } from './message-time.tsx';
import { ReactionPickerButton } from './reaction-picker.tsx';
import { QuickReactions, ReactionsBar } from './reactions-bar.tsx';
import { ReplyQuote } from './reply-quote.tsx';

const rowClass = css({
  position: 'relative',
  display: 'flex',
  gap: '3',
  px: '5',
  py: '2',
  scrollMarginBlock: '6',
  transitionProperty: 'background',
  transitionDuration: 'normal',
  outline: 'none',
  _hover: { bg: 'bg.subtle', '& [data-actions], & [data-gutter-time]': { opacity: 1 } },
  '&:focus-within': { bg: 'bg.subtle' },
  '&:focus-within [data-actions]': { opacity: 1 },
  // A group's following message: no name or avatar, less space above.
  '&[data-continued]': { pt: '0.5', pb: '0.5' },
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
  editedAt?: string | null;
  replyTo?: MessageQuote | null;
  mentions?: readonly MentionedMember[];
  onGoToMessage?: () => void;
  /** A group's following message (history-rows.ts): the time in the avatar's column, no name. */
  continued?: boolean;
  /** Committed messages get a preview of their first link (a pending one waits until it is sent). */
  messageId?: string;
  /** Jumps to the message a reply quotes. */
  onJump?: (seq: number) => void;
  /** Shown in place of the text while the user edits it. */
  editor?: ReactNode;
  /** Under the text and files (a message's reactions). */
  footer?: ReactNode;
};

function MessageBody({
  author,
  createdAt,
  content,
  attachments,
  editedAt,
  mentions,
  replyTo,
  onGoToMessage,
  onJump,
  editor,
  continued = false,
  messageId,
  footer,
}: MessageBodyProps) {
  const name = fullName(author);
  return (
    <>
      {continued ? (
        <GutterTime authorName={name} createdAt={createdAt} />
      ) : (
        <Avatar name={name} src={author.imageUrl} size="sm" className={css({ mt: '0.5' })} />
      )}
      <div className={css({ flex: '1', minW: '0' })}>
        <div className={css({ display: continued ? 'none' : 'flex', alignItems: 'baseline', gap: '2' })}>
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
          <MessageTime createdAt={createdAt} />
        </div>
        {replyTo ? <ReplyQuote quote={replyTo} onJump={onJump} /> : null}
        {editor ? (
          editor
        ) : content ? (
          <p
            data-message-content=""
            className={css({ textStyle: 'sm', whiteSpace: 'pre-wrap', wordBreak: 'break-word' })}
          >
            <MessageText content={content} mentions={mentions} />
            {editedAt ? (
              <span
                data-edited=""
                title={`Edited ${formatFullTime(editedAt)}`}
                className={css({ textStyle: 'xs', color: 'fg.muted', ms: '1' })}
              >
                (edited)
              </span>
            ) : null}
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
        {messageId && content ? <ChatLinkPreview messageId={messageId} content={content} /> : null}
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
  editedAt?: string | null;
  replyTo?: MessageQuote | null;
  mentions?: readonly MentionedMember[];
  reactions?: readonly ReactionSummary[];
};

/** Reply and Edit, for a reader who may write here (stable across renders: the rows are memoised). */
export type MessageActions<M> = {
  onReply: (message: M) => void;
  onStartEdit: (message: M) => void;
  onSaveEdit: (message: M, content: string) => SendResult;
  onCancelEdit: () => void;
};

export type MessageItemProps<M extends ShownMessage> = {
  message: M;
  highlighted: boolean;
  canDelete: boolean;
  onDelete: (message: M) => void;
  onGoToMessage: (seq: number) => void;
  continued?: boolean;
  /** Absent where the reader cannot write (a public space's reader, a removed member). */
  actions?: MessageActions<M> | undefined;
  /** The user's own message: Edit is offered. */
  canEdit?: boolean;
  editing?: boolean;
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
  continued = false,
  actions,
  canEdit = false,
  editing = false,
  onReact,
  meId = '',
}: MessageItemProps<M>) {
  const editable = Boolean(actions && canEdit);
  const react = onReact ? (emoji: string, add: boolean) => onReact(message, emoji, add) : null;
  // Adding from the actions: an emoji the user already put stays as it is (the chip removes it).
  const add = (emoji: string) => {
    if (!message.reactions?.some((summary) => summary.emoji === emoji && summary.mine)) react?.(emoji, true);
  };
  return (
    <li
      className={rowClass}
      // Focusable by a tap (not by Tab: its buttons are), so a phone can show the row's actions.
      tabIndex={-1}
      data-seq={message.seq}
      data-message-id={message.id}
      data-continued={continued || undefined}
      data-highlighted={highlighted || undefined}
      aria-current={highlighted || undefined}
    >
      <MessageBody
        {...message}
        messageId={message.id}
        continued={continued}
        onGoToMessage={() => onGoToMessage(message.seq)}
        onJump={onGoToMessage}
        editor={
          editing && editable && actions ? (
            <MessageEditor
              // Its mentions read as names while edited, and go back to tokens when saved.
              initial={mentionsAsText(message.content, message.mentions ?? [])}
              onSave={(content) =>
                actions.onSaveEdit(message, encodeMentions(content, message.mentions ?? [], true))
              }
              onCancel={actions.onCancelEdit}
            />
          ) : null
        }
        footer={
          react && message.reactions?.length ? (
            <ReactionsBar reactions={message.reactions} meId={meId} onToggle={react} />
          ) : null
        }
      />
      {(canDelete || actions || react) && !editing ? (
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
            borderWidth: '1px',
            borderRadius: 'l2',
            boxShadow: 'xs',
            // Shown on hover, or once the row has focus: a tap on a phone (no hover) focuses it.
            opacity: 0,
          })}
        >
          {react ? (
            <>
              <QuickReactions onReact={add} />
              <ReactionPickerButton onPick={add} />
            </>
          ) : null}
          {actions ? (
            <Button variant="ghost" size="icon" aria-label="Reply" onClick={() => actions.onReply(message)}>
              <Reply />
            </Button>
          ) : null}
          {editable && actions ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label="Edit message"
              onClick={() => actions.onStartEdit(message)}
            >
              <Pencil />
            </Button>
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

/** A row whose status (Sending…, Not sent yet, Retry) may go to a line of its own on a phone. */
const pendingRowClass = cx(rowClass, css({ flexWrap: { base: 'wrap', md: 'nowrap' }, rowGap: '1' }));

export type PendingItemProps = {
  pending: PendingMessage;
  author: UserSummary;
  onRetry: () => void;
  onDiscard: () => void;
};

export function PendingItem({ pending, author, onRetry, onDiscard }: PendingItemProps) {
  const failed = pending.status === 'failed';
  return (
    <li className={pendingRowClass} data-pending={pending.status} data-client-key={pending.clientKey}>
      <MessageBody
        author={author}
        createdAt={pending.createdAt}
        content={pending.content}
        attachments={pending.attachments}
        replyTo={pending.replyTo ?? null}
      />
      <div
        className={css({
          // On a phone, below the words (aligned with them), not squeezing them into a column.
          flexBasis: { base: '100%', md: 'auto' },
          pl: { base: '11', md: '0' },
          alignSelf: 'center',
          display: 'flex',
          flexWrap: 'wrap',
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
