// Writing a message: text (Enter sends, Shift+Enter breaks the line), images, video, audio and PDFs
// uploaded as soon as they are picked, and the spec's rule that an empty message without attachments
// is refused ("Please type something or attach a file"). Typing tells the room, at most every 2 s.
// Attaching needs the `content` feature (space chat and direct messages alike, docs/features.md).
import {
  type ChatAttachment,
  MESSAGE_ATTACHMENTS_MAX,
  type MessageQuote,
  tooManyFiles,
  UPLOAD_FAILED,
} from '@community/domain';
import { Button, icons, Spinner } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useFeature } from '../../../lib/current-user.ts';
import { serverMessage } from '../../../lib/error-message.ts';
import { fullName } from '../../../lib/format.ts';
import { FileText, Paperclip, Send } from '../../../lib/icons.tsx';
import { MentionSuggestions, optionId } from '../../mentions/components/mention-suggestions.tsx';
import { type MentionSource, useMentionAutocomplete } from '../../mentions/lib/mention-autocomplete.ts';
import { uploadChatFile } from '../api/uploads-api.ts';
import { ACCEPTED_TYPES, attachmentProblem, toAttachment } from '../lib/attachments.ts';
import type { SendResult } from '../lib/chat-store.ts';

export type ComposerTarget = {
  send: (content: string, attachments: ChatAttachment[]) => SendResult;
  notifyTyping: () => void;
  /** Up arrow in an empty composer edits the user's last message (false: there is none). */
  editLast?: () => boolean;
  cancelReply?: () => void;
};

type Draft =
  | { id: string; name: string; status: 'uploading' }
  | { id: string; name: string; status: 'ready'; attachment: ChatAttachment };

export type ComposerProps = {
  target: ComposerTarget;
  placeholder: string;
  /** Why the user cannot write here; the composer shows it instead of accepting input. */
  disabledReason?: string | null;
  /** What the next message replies to: shown above the text with an X (Esc also cancels). */
  replyingTo?: MessageQuote | null;
  /** Where "@" looks members up (the place's readers); without it, "@" is just a character. */
  mentions?: MentionSource;
};

const textareaClass = css({
  flex: '1',
  minW: '0',
  minH: '10',
  maxH: '40',
  px: '3',
  py: '2',
  resize: 'none',
  textStyle: 'sm',
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.emphasized',
  borderRadius: 'l2',
  outline: 'none',
  _placeholder: { color: 'fg.subtle' },
  _focusVisible: { borderColor: 'accent.default', boxShadow: '0 0 0 1px {colors.accent.default}' },
  '&[aria-invalid=true]': { borderColor: 'danger.default' },
  _disabled: { opacity: 0.6, cursor: 'not-allowed', bg: 'bg.subtle' },
});

export function Composer({
  target,
  placeholder,
  disabledReason,
  replyingTo = null,
  mentions,
}: ComposerProps) {
  const [content, setContent] = useState('');
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  const mentionListId = useId();
  const mention = useMentionAutocomplete(mentions);
  const uploading = drafts.some((draft) => draft.status === 'uploading');
  const disabled = Boolean(disabledReason);
  const canAttach = useFeature('content');
  const replyId = replyingTo?.id;

  // Reply: the cursor goes to the composer, as in Slack and Discord.
  useEffect(() => {
    if (replyId) textarea.current?.focus();
  }, [replyId]);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (disabled || uploading) return;
    const attachments = drafts.flatMap((draft) => (draft.status === 'ready' ? [draft.attachment] : []));
    const result = target.send(mention.encode(content), attachments);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setContent('');
    mention.reset();
    setDrafts([]);
    setError(null);
    textarea.current?.focus();
  }

  /** Writes a picked mention into the text and puts the caret after it. */
  function applyMention(next: { text: string; caret: number }) {
    setContent(next.text);
    requestAnimationFrame(() => textarea.current?.setSelectionRange(next.caret, next.caret));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    const handled = mention.onKeyDown(event, content);
    if (typeof handled === 'object') applyMention(handled);
    if (handled) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'ArrowUp' && content === '' && drafts.length === 0 && target.editLast?.()) {
      event.preventDefault();
    } else if (event.key === 'Escape' && replyingTo) {
      event.preventDefault();
      target.cancelReply?.();
    }
  }

  function addFiles(files: File[]) {
    setError(null);
    if (drafts.length + files.length > MESSAGE_ATTACHMENTS_MAX) {
      setError(tooManyFiles(MESSAGE_ATTACHMENTS_MAX));
      return;
    }
    for (const file of files) {
      const problem = attachmentProblem(file);
      if (problem) {
        setError(problem);
        continue;
      }
      const id = crypto.randomUUID();
      setDrafts((current) => [...current, { id, name: file.name, status: 'uploading' }]);
      uploadChatFile(file).then(
        ({ url }) =>
          setDrafts((current) =>
            current.map((draft) =>
              draft.id === id
                ? { id, name: file.name, status: 'ready', attachment: toAttachment(file, url) }
                : draft,
            ),
          ),
        (uploadError: unknown) => {
          console.error('[chat] upload', uploadError);
          setDrafts((current) => current.filter((draft) => draft.id !== id));
          setError(`${UPLOAD_FAILED}: ${serverMessage(uploadError, file.name)}`);
        },
      );
    }
  }

  if (disabledReason) {
    return (
      <div
        className={css({
          m: '4',
          mt: '0',
          px: '4',
          py: '3',
          borderWidth: '1px',
          borderRadius: 'l2',
          bg: 'bg.subtle',
          textStyle: 'sm',
          color: 'fg.muted',
          display: 'flex',
          alignItems: 'center',
          gap: '2',
        })}
        role="status"
      >
        <icons.Info className={css({ w: '4', h: '4', flexShrink: 0 })} />
        {disabledReason}
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Write a message"
      className={css({ px: '4', pb: '4', pt: '1' })}
    >
      {replyingTo ? (
        <div
          data-replying-to=""
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: '2',
            mb: '2',
            ps: '3',
            pe: '1',
            py: '1',
            borderInlineStartWidth: '2px',
            borderColor: 'accent.default',
            bg: 'bg.subtle',
            borderRadius: 'l1',
            textStyle: 'xs',
          })}
        >
          <div className={css({ flex: '1', minW: '0' })}>
            <p className={css({ fontWeight: 'semibold' })}>Replying to {fullName(replyingTo.author)}</p>
            <p className={css({ color: 'fg.muted', truncate: true })}>{replyingTo.excerpt}</p>
          </div>
          <Button variant="ghost" size="xs" aria-label="Cancel reply" onClick={() => target.cancelReply?.()}>
            <icons.X />
          </Button>
        </div>
      ) : null}
      {drafts.length > 0 ? (
        <ul
          aria-label="Attachments"
          className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', mb: '2' })}
        >
          {drafts.map((draft) => (
            <li
              key={draft.id}
              className={css({
                display: 'flex',
                alignItems: 'center',
                gap: '2',
                ps: '2',
                pe: '1',
                py: '1',
                borderWidth: '1px',
                borderRadius: 'l2',
                textStyle: 'xs',
                maxW: '60',
                '& svg': { w: '4', h: '4', flexShrink: 0 },
              })}
            >
              {draft.status === 'uploading' ? (
                <Spinner size="sm" label={`Uploading ${draft.name}`} />
              ) : (
                <FileText />
              )}
              <span className={css({ truncate: true })}>{draft.name}</span>
              <Button
                variant="ghost"
                size="xs"
                aria-label={`Remove ${draft.name}`}
                onClick={() => setDrafts((current) => current.filter((item) => item.id !== draft.id))}
              >
                <icons.X />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={css({ position: 'relative', display: 'flex', alignItems: 'flex-end', gap: '2' })}>
        <MentionSuggestions
          id={mentionListId}
          mention={mention}
          onPick={(option) => {
            const next = mention.pick(option, content);
            if (next) applyMention(next);
          }}
        />
        {canAttach ? (
          <>
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPTED_TYPES}
              multiple
              hidden
              data-testid="attachment-input"
              onChange={(event) => {
                addFiles(Array.from(event.target.files ?? []));
                event.target.value = '';
              }}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label="Attach a file"
              onClick={() => fileInput.current?.click()}
            >
              <Paperclip />
            </Button>
          </>
        ) : null}
        <textarea
          ref={textarea}
          rows={Math.min(6, content.split('\n').length)}
          value={content}
          placeholder={placeholder}
          aria-label="Message"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-autocomplete={mentions ? 'list' : undefined}
          // While the list is open, Esc is the list's: a dialog around the composer stays (dialog-parts.tsx).
          data-escape-closes={mention.open || undefined}
          aria-controls={mention.open ? mentionListId : undefined}
          aria-activedescendant={mention.open ? optionId(mentionListId, mention.active) : undefined}
          className={textareaClass}
          onChange={(event) => {
            setContent(event.target.value);
            mention.update(event.target.value, event.target.selectionStart);
            if (error) setError(null);
            if (event.target.value.trim()) target.notifyTyping();
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" size="icon" aria-label="Send" disabled={uploading}>
          <Send />
        </Button>
      </div>
      {error ? (
        <p
          id={errorId}
          role="alert"
          className={css({ mt: '1.5', textStyle: 'xs', color: 'danger.text', fontWeight: 'medium' })}
        >
          {error}
        </p>
      ) : null}
    </form>
  );
}
