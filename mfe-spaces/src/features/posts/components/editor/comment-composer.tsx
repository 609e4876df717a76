// newComment (spec sections 5 and 8): the same editor with a lighter toolbar, one optional image, and
// Ctrl/Cmd+Enter or the Send button. Empty content without an image is refused with the spec's
// "Comment is empty" / "Please type something or attach a file"; a refusal keeps the text and the
// clientKey, so Send again cannot make the comment twice. A comment the server cannot take yet (too
// many requests, an outage, no network) stays in the outbox: the editor is cleared as for a sent
// comment, with no failure toast, the dialog shows it as "Not sent yet — will retry in N s" and it
// goes out by itself, once (lib/unsent-comments.ts).
import { referenceOf } from '@community/api-client';
import {
  COMMENT_CREATE_FAILED,
  COMMENT_CREATE_FAILED_DESCRIPTION,
  COMMENT_EMPTY,
  CreateCommentInput,
  type LexicalContent,
} from '@community/domain';
import { Button, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type FormEvent, useCallback, useId, useMemo, useRef, useState } from 'react';
import { Send } from '../../../../lib/icons.tsx';
import { spaceMentionSearch } from '../../../mentions/api/mentions-api.ts';
import type { PostComment } from '../../api/types.ts';
import { discardComment, sendComment } from '../../lib/unsent-comments.ts';
import { COMMENT_UPLOAD_RULES } from '../attachments/attachment-rules.ts';
import { Dropzone } from '../attachments/dropzone.tsx';
import { type Uploader, useUploads } from '../attachments/use-uploads.ts';
import type { EditorHandle } from './editor-types.ts';
import { EmptyContentAlert } from './empty-content-alert.tsx';
import { errorsFromApi, errorsFromIssues, type FormErrors, isEmptyContentError } from './form-errors.ts';
import { LazyRichTextEditor } from './lazy-editor.tsx';
import { EMPTY_CONTENT } from './lexical-content.ts';

export type CommentComposerProps = {
  postId: string;
  /** The post's space: "@" offers its members. */
  spaceId?: string | null;
  onSent: (comment: PostComment) => void;
  /** Injected in tests. */
  uploader?: Uploader;
};

export function CommentComposer({ postId, spaceId, onSent, uploader }: CommentComposerProps) {
  const mentions = useMemo(() => (spaceId ? spaceMentionSearch(spaceId) : undefined), [spaceId]);
  const content = useRef<LexicalContent>(EMPTY_CONTENT);
  const editor = useRef<EditorHandle>(null);
  const uploads = useUploads(COMMENT_UPLOAD_RULES, uploader);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const last = useRef<{ key: string; body: string } | null>(null);
  const errorId = useId();

  const onChange = useCallback((next: LexicalContent) => {
    content.current = next;
    setErrors((current) => (current.content ? {} : current));
  }, []);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy || uploads.uploading) return;
    const imageUrl = uploads.attachments[0]?.url;
    const body = { content: content.current, imageUrl };
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { key: crypto.randomUUID(), body: text };
    const payload = { ...body, clientKey: last.current.key };
    const checked = CreateCommentInput.safeParse(payload);
    if (!checked.success) {
      setErrors(errorsFromIssues(checked.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    const clear = () => {
      last.current = null;
      content.current = EMPTY_CONTENT;
      editor.current?.clear();
      uploads.clear();
    };
    const { first, delivered } = sendComment(postId, payload);
    // However late it goes out, the open dialog shows it (the list keeps one copy by id).
    void delivered.then((result) => {
      if (result.ok) onSent(result.result.comment);
    });
    const outcome = await first;
    setBusy(false);
    if (outcome === 'refused') {
      // The server's answer to this comment (e.g. a rule of the content): fix it and send again.
      const result = await delivered;
      discardComment(payload.clientKey);
      console.error('[posts] comment', result);
      setErrors(result.ok ? {} : errorsFromApi(result.cause));
      toast.error(COMMENT_CREATE_FAILED, COMMENT_CREATE_FAILED_DESCRIPTION, {
        reference: result.ok ? null : referenceOf(result.cause),
      });
      return;
    }
    // Sent, or waiting (429, an outage): not a failure, so no failure toast; the list shows it "Not
    // sent yet — will retry in N s" until it goes out by itself.
    clear();
  }

  const contentError = errors.content ?? errors.imageUrl;
  return (
    <form
      noValidate
      aria-label="Write a comment"
      onSubmit={submit}
      className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}
    >
      <LazyRichTextEditor
        toolbar="light"
        compact
        onChange={onChange}
        onSubmit={() => void submit()}
        placeholder="Write a comment…"
        label="Comment"
        invalid={Boolean(contentError)}
        describedBy={contentError ? errorId : undefined}
        handleRef={editor}
        mentions={mentions}
      />
      <div className={css({ display: 'flex', alignItems: 'flex-start', gap: '2' })}>
        <div className={css({ flex: '1', minW: '0' })}>
          <Dropzone uploads={uploads} compact inputTestId="comment-attachment-input" />
        </div>
        <Button type="submit" size="sm" loading={busy} disabled={uploads.uploading} aria-label="Send comment">
          <Send />
          Send
        </Button>
      </div>
      {contentError ? (
        <EmptyContentAlert
          id={errorId}
          title={isEmptyContentError(contentError) ? COMMENT_EMPTY : null}
          message={contentError}
        />
      ) : null}
    </form>
  );
}
