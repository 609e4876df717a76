// newPost / editPost (spec sections 2, 5 and 8): an optional title, the rich-text editor (loaded on
// open), attachments (uploaded as they are dropped, with progress, or links), up to 3 tags and, for a
// new post, a time to publish it. The body is checked with the domain's schema before it is sent;
// a retry after a failure reuses the same clientKey, so the server never makes the post twice. A new
// post the server cannot take yet (too many requests, an outage, no network) is kept in the outbox:
// the dialog closes without a failure toast, the wall shows the post on top as "Not sent yet — will
// retry in N s", and it goes out by itself, once (lib/unsent-posts.ts). A refusal (the final answer)
// keeps the dialog open with its errors and the spec's "Failed to create post". Opened from Home
// (`chooseSpace`), the same form starts with a "Post in" picker of the spaces the member may post in.
import { referenceOf } from '@community/api-client';
import {
  ATTACHMENTS_MAX,
  AttachmentInput,
  CreatePostInput,
  FILE_NAME_MAX,
  type LexicalContent,
  POST_CREATE_FAILED,
  POST_CREATE_FAILED_DESCRIPTION,
  POST_CREATED,
  POST_EMPTY,
  POST_SCHEDULED,
  POST_UPDATE_FAILED,
  POST_UPDATE_FAILED_DESCRIPTION,
  POST_UPDATED,
  tooManyFiles,
  UpdatePostInput,
} from '@community/domain';
import { Button, closeModal, icons, TextField, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type FormEvent, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useCurrentUser, useFeature } from '../../../../lib/current-user.ts';
import { Link as LinkIcon } from '../../../../lib/icons.tsx';
import { ModalFrame } from '../../../../lib/modal-frame.tsx';
import { spaceMentionSearch } from '../../../mentions/api/mentions-api.ts';
import type { Post } from '../../api/types.ts';
import { rememberPostSpace } from '../../lib/last-post-space.ts';
import { discardPost, sendPost } from '../../lib/unsent-posts.ts';
import { AttachmentCard } from '../attachments/attachment-card.tsx';
import { POST_UPLOAD_RULES } from '../attachments/attachment-rules.ts';
import { Dropzone } from '../attachments/dropzone.tsx';
import { type Uploader, useUploads } from '../attachments/use-uploads.ts';
import { EmptyContentAlert } from './empty-content-alert.tsx';
import { errorsFromApi, errorsFromIssues, type FormErrors, isEmptyContentError } from './form-errors.ts';
import { LazyRichTextEditor } from './lazy-editor.tsx';
import { EMPTY_CONTENT } from './lexical-content.ts';
import { PostSpacePicker } from './post-space-picker.tsx';
import { updatePost } from './post-writes.ts';
import { SchedulePicker } from './schedule-picker.tsx';
import { TagInput } from './tag-input.tsx';

export type PostFormDialogProps = {
  mode: 'new' | 'edit';
  /** The post's space; with `chooseSpace`, the picker's first choice (null: the default one). */
  spaceId: string | null;
  /** A new post from Home: the member picks its space ("Post in"). */
  chooseSpace?: boolean | undefined;
  /** The post being edited (mode `edit`). */
  post?: Post | undefined;
  /** Called with the server's post after it was created or saved; the dialog then closes. */
  onDone: (post: Post) => void;
  /** Cancel, Escape or the X; defaults to closing the shared modal. */
  onClose?: () => void;
  /** Injected in tests. */
  uploader?: Uploader;
  now?: () => Date;
};

/** The same clientKey while the body is the same: a retry is recognised, an edited post is new. */
function useClientKey() {
  const last = useRef<{ key: string; body: string } | null>(null);
  return {
    for(body: unknown): string {
      const text = JSON.stringify(body);
      if (last.current?.body !== text) last.current = { key: crypto.randomUUID(), body: text };
      return last.current.key;
    },
    reset() {
      last.current = null;
    },
  };
}

function LinkAdder({ disabled, onAdd }: { disabled: boolean; onAdd: (url: string) => string | null }) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    if (!draft.trim()) return;
    const problem = onAdd(draft.trim());
    setError(problem);
    if (!problem) setDraft('');
  };
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
        <LinkIcon className={css({ w: '4', h: '4', color: 'fg.muted', flexShrink: 0 })} />
        <input
          type="url"
          aria-label="Link to attach"
          placeholder="Paste a link to attach (https://…)"
          value={draft}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          className={css({
            flex: '1',
            minW: '0',
            h: '8',
            px: '2',
            textStyle: 'sm',
            borderWidth: '1px',
            borderColor: 'border.emphasized',
            borderRadius: 'l2',
            bg: 'bg.default',
          })}
        />
        <Button size="sm" variant="outline" disabled={disabled || !draft.trim()} onClick={add}>
          Add link
        </Button>
      </div>
      {error ? (
        <p role="alert" className={css({ textStyle: 'xs', color: 'danger.text' })}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Attachments already chosen, each shown as its card with a button that takes it off the post. */
function RemovableAttachments<Item extends Parameters<typeof AttachmentCard>[0]['attachment']>({
  label,
  items,
  keyOf,
  nameOf,
  onRemove,
}: {
  label: string;
  items: readonly Item[];
  keyOf: (item: Item) => string;
  nameOf: (item: Item) => string;
  onRemove: (item: Item) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={label} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
      {items.map((item) => (
        <li key={keyOf(item)} className={css({ display: 'flex', alignItems: 'center', gap: '1' })}>
          <AttachmentCard attachment={item} />
          <Button
            variant="ghost"
            size="xs"
            aria-label={`Remove ${nameOf(item)}`}
            onClick={() => onRemove(item)}
          >
            <icons.X />
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function PostFormDialog({
  mode,
  spaceId: givenSpaceId,
  chooseSpace = false,
  post,
  onDone,
  onClose = closeModal,
  uploader,
  now = () => new Date(),
}: PostFormDialogProps) {
  const editing = mode === 'edit';
  const me = useCurrentUser();
  const [spaceId, setSpaceId] = useState<string | null>(givenSpaceId);
  const mentions = useMemo(() => (spaceId ? spaceMentionSearch(spaceId) : undefined), [spaceId]);
  const [title, setTitle] = useState(post?.title ?? '');
  const initialContent = useMemo(
    () => (post?.content as LexicalContent | undefined) ?? EMPTY_CONTENT,
    [post?.content],
  );
  const content = useRef<LexicalContent>(initialContent);
  const [tags, setTags] = useState<string[]>(post?.tags ?? []);
  const [scheduledAt, setScheduledAt] = useState<Date | null>(null);
  const [links, setLinks] = useState<AttachmentInput[]>([]);
  const canAttach = useFeature('content');
  // Editing: the post's own attachments, minus those the author removes.
  const [kept, setKept] = useState<Post['attachments']>(post?.attachments ?? []);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const clientKey = useClientKey();
  const formId = useId();
  const contentErrorId = useId();
  // The editor loads lazily, then takes the focus, unless the member has already pressed a key or
  // clicked in the form meanwhile (a title typed while it loaded went on into the body).
  const startedElsewhere = useRef(false);
  const editorMayTakeFocus = useCallback(() => !startedElsewhere.current, []);
  const noteStarted = () => {
    startedElsewhere.current = true;
  };
  const rules = { ...POST_UPLOAD_RULES, maxFiles: ATTACHMENTS_MAX - links.length - kept.length };
  const uploads = useUploads(rules, uploader);

  const clearContentError = useCallback(() => {
    setErrors((current) => (current.content ? { ...current, content: undefined } : current));
  }, []);

  const onContentChange = useCallback(
    (next: LexicalContent) => {
      content.current = next;
      clearContentError();
    },
    [clearContentError],
  );

  const addLink = (url: string): string | null => {
    if (uploads.items.length + links.length + kept.length >= ATTACHMENTS_MAX)
      return tooManyFiles(ATTACHMENTS_MAX);
    // A link's name is its address (shortened to what a file name may hold).
    const attachment = { name: url.slice(0, FILE_NAME_MAX), url, type: 'a' as const };
    const parsed = AttachmentInput.safeParse(attachment);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Please enter a valid URL';
    if (links.some((link) => link.url === url)) return null;
    setLinks((current) => [...current, attachment]);
    clearContentError();
    return null;
  };

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy || uploads.uploading || !spaceId) return;
    if (editing && post) {
      await submitEdit(post);
      return;
    }
    const when = scheduledAt && scheduledAt.getTime() < now().getTime() ? now() : scheduledAt;
    const body = {
      spaceId,
      title: title.trim() || undefined,
      content: content.current,
      tags,
      attachments: [...uploads.attachments, ...links],
      scheduledAt: when ? when.toISOString() : undefined,
    };
    const payload = { ...body, clientKey: clientKey.for(body) };
    const checked = CreatePostInput.safeParse(payload);
    if (!checked.success) {
      setErrors(errorsFromIssues(checked.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    const { first, delivered } = sendPost(payload);
    void delivered.then((result) => {
      if (result.ok) onDone(result.result.post);
    });
    const outcome = await first;
    setBusy(false);
    if (outcome === 'refused') {
      const result = await delivered;
      discardPost(payload.clientKey);
      console.error('[posts] create', result);
      setErrors(result.ok ? {} : errorsFromApi(result.cause));
      toast.error(POST_CREATE_FAILED, POST_CREATE_FAILED_DESCRIPTION, {
        reference: result.ok ? null : referenceOf(result.cause),
      });
      return;
    }
    clientKey.reset();
    if (me) rememberPostSpace(me.id, spaceId);
    // Waiting (429, an outage): not a failure, so no failure toast; the wall shows it on top, "Not
    // sent yet — will retry in N s", until it goes out by itself.
    if (outcome === 'sent') toast.success(when ? POST_SCHEDULED : POST_CREATED);
    onClose();
  }

  async function submitEdit(original: Post) {
    const attachments = [
      ...kept.map(({ name, url, type }) => ({ name, url, type })),
      ...uploads.attachments,
      ...links,
    ];
    const changed =
      kept.length !== original.attachments.length || uploads.attachments.length > 0 || links.length > 0;
    // Left out, the post keeps its attachments; sent, the list replaces them.
    const body = {
      title: title.trim() || null,
      content: content.current,
      tags,
      ...(changed ? { attachments } : {}),
    };
    const checked = UpdatePostInput.safeParse({ ...body, attachments });
    if (!checked.success) {
      setErrors(errorsFromIssues(checked.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { post: saved } = await updatePost(original.id, body);
      toast.success(POST_UPDATED);
      onDone(saved);
      onClose();
    } catch (error) {
      console.error('[posts] update', error);
      setErrors(errorsFromApi(error));
      toast.error(POST_UPDATE_FAILED, POST_UPDATE_FAILED_DESCRIPTION, { reference: referenceOf(error) });
    } finally {
      setBusy(false);
    }
  }

  const submitLabel = editing ? 'Save' : scheduledAt ? 'Schedule' : 'Post';

  return (
    <ModalFrame
      title={editing ? 'Edit post' : 'New post'}
      size="lg"
      onClose={onClose}
      confirmDiscard
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy} disabled={uploads.uploading || !spaceId}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={submit}
        onPointerDownCapture={noteStarted}
        onKeyDownCapture={noteStarted}
        onKeyDown={(event) => {
          // Enter in a field does not post by accident (the title, the time); Ctrl/Cmd+Enter does.
          if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
          event.preventDefault();
          if (event.ctrlKey || event.metaKey) void submit();
        }}
        aria-label={editing ? 'Edit post' : 'New post'}
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      >
        {chooseSpace && !editing && me ? (
          <PostSpacePicker value={spaceId} onChange={setSpaceId} userId={me.id} disabled={busy} />
        ) : null}
        <TextField
          label="Title"
          placeholder="Title (optional)"
          value={title}
          error={errors.title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
          <LazyRichTextEditor
            initialContent={initialContent}
            onChange={onContentChange}
            onSubmit={() => void submit()}
            placeholder="Write something…"
            label="Post content"
            mentions={mentions}
            invalid={Boolean(errors.content)}
            describedBy={errors.content ? contentErrorId : undefined}
            autoFocus={editorMayTakeFocus}
          />
          {errors.content ? (
            <EmptyContentAlert
              id={contentErrorId}
              title={isEmptyContentError(errors.content) ? POST_EMPTY : null}
              message={errors.content}
            />
          ) : null}
        </div>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <RemovableAttachments
            label="Attached"
            items={kept}
            keyOf={(attachment) => attachment.id}
            nameOf={(attachment) => attachment.name}
            onRemove={(gone) => setKept((current) => current.filter((item) => item.id !== gone.id))}
          />
          <Dropzone uploads={uploads} />
          <RemovableAttachments
            label="Links"
            items={links}
            keyOf={(link) => link.url}
            nameOf={(link) => link.url}
            onRemove={(gone) => setLinks((current) => current.filter((item) => item.url !== gone.url))}
          />
          {/* A link is an attachment too: the API refuses it without `content`. */}
          {canAttach ? (
            <LinkAdder
              disabled={uploads.items.length + links.length + kept.length >= ATTACHMENTS_MAX}
              onAdd={addLink}
            />
          ) : null}
          {errors.attachments ? (
            <p role="alert" className={css({ textStyle: 'xs', color: 'danger.text' })}>
              {errors.attachments}
            </p>
          ) : null}
        </div>
        <TagInput tags={tags} onChange={setTags} error={errors.tags} />
        {editing ? null : (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
            <SchedulePicker value={scheduledAt} onChange={setScheduledAt} now={now} />
            {errors.scheduledAt ? (
              <p role="alert" className={css({ textStyle: 'xs', color: 'danger.text' })}>
                {errors.scheduledAt}
              </p>
            ) : null}
          </div>
        )}
      </form>
    </ModalFrame>
  );
}
