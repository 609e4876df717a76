// Where files are dropped or picked for a post or comment: each file shows its upload progress and
// can be removed; refusals and failures appear under it in the spec's words (role="alert"). Uploads
// need the `content` feature: without it there is no dropzone at all (docs/features.md).
import { Button, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useFeature } from '../../../../lib/current-user.ts';
import { FileText, Paperclip } from '../../../../lib/icons.tsx';
import { acceptOf, sizeHint } from './attachment-rules.ts';
import type { Uploads } from './use-uploads.ts';

export type DropzoneProps = {
  uploads: Uploads;
  /** "Drop images here" and the like. */
  hint?: string;
  /** The hidden file input's test id (journeys set files on it). */
  inputTestId?: string;
  compact?: boolean;
};

const zoneClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '3',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.emphasized',
  borderRadius: 'l2',
  bg: 'bg.default',
  textStyle: 'sm',
  color: 'fg.muted',
  transitionProperty: 'background, border-color',
  transitionDuration: 'fast',
  '&[data-dragging]': { bg: 'accent.subtle', borderColor: 'accent.default' },
  '&[data-compact]': { borderStyle: 'none', p: '0', bg: 'transparent' },
});

const itemClass = css({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  ps: '2',
  pe: '1',
  py: '1',
  borderWidth: '1px',
  borderRadius: 'l2',
  textStyle: 'xs',
  color: 'fg.default',
  bg: 'bg.default',
  maxW: '64',
  overflow: 'hidden',
  '& svg': { w: '4', h: '4', flexShrink: 0 },
});

export function Dropzone({
  uploads,
  hint,
  inputTestId = 'post-attachment-input',
  compact = false,
}: DropzoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const errorId = useId();
  const { rules, items, error } = uploads;
  const full = items.length >= rules.maxFiles;
  const canUpload = useFeature('content');

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    uploads.add(Array.from(event.dataTransfer?.files ?? []));
  };

  if (!canUpload) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer extra; the button picks files
    <div
      className={zoneClass}
      data-dragging={dragging || undefined}
      data-compact={compact || undefined}
      data-testid="dropzone"
      onDragOver={(event) => {
        event.preventDefault();
        if (!dragging) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <input
        ref={input}
        type="file"
        accept={acceptOf(rules)}
        multiple={rules.maxFiles > 1}
        hidden
        data-testid={inputTestId}
        onChange={(event) => {
          uploads.add(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
        <Button
          variant={compact ? 'ghost' : 'outline'}
          size={compact ? 'icon' : 'sm'}
          aria-label={compact ? 'Attach an image' : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={full}
          onClick={() => input.current?.click()}
        >
          <Paperclip />
          {compact ? null : 'Add files'}
        </Button>
        {compact ? null : (
          <span>{hint ?? `Drop files here · up to ${rules.maxFiles}, ${sizeHint(rules)}`}</span>
        )}
      </div>
      {items.length > 0 ? (
        <ul aria-label="Files" className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {items.map((item) => (
            <li key={item.id} className={itemClass} aria-label={item.name}>
              {item.previewUrl ? (
                <img
                  src={item.previewUrl}
                  alt=""
                  className={css({ w: '8', h: '8', objectFit: 'cover', borderRadius: 'l1' })}
                />
              ) : (
                <FileText />
              )}
              <span className={css({ truncate: true, flex: '1', minW: '0' })}>{item.name}</span>
              {item.status === 'uploading' ? (
                <span
                  role="progressbar"
                  aria-label={`Uploading ${item.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={item.progress}
                  className={css({
                    position: 'absolute',
                    insetInline: '0',
                    bottom: '0',
                    h: '0.5',
                    bg: 'bg.subtle',
                  })}
                >
                  <span
                    className={css({ display: 'block', h: 'full', bg: 'accent.default' })}
                    style={{ width: `${item.progress}%` }}
                  />
                </span>
              ) : null}
              <Button
                variant="ghost"
                size="xs"
                aria-label={`Remove ${item.name}`}
                onClick={() => uploads.remove(item.id)}
              >
                <icons.X />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p
          id={errorId}
          role="alert"
          className={css({ textStyle: 'xs', color: 'danger.text', fontWeight: 'medium' })}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
