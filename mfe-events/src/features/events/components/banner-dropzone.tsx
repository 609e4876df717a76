// The banner upload of the event form: drop or choose one image (PNG, JPEG, GIF or WebP, 5 MB at
// most), checked here with the dropzone's texts and again by the server, then shown signed.
import { isApiError } from '@community/api-client';
import { UPLOAD_FAILED } from '@community/domain';
import { Button, Spinner } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { type DragEvent, useState } from 'react';
import { BANNER_TYPES, bannerFileError, uploadEventBanner } from '../api/upload-event-banner.ts';
import { EventBanner } from './event-banner.tsx';

export type BannerDropzoneProps = {
  id: string;
  value: string | null;
  onChange: (bannerUrl: string | null) => void;
  error?: string | undefined;
};

export function BannerDropzone({ id, value, onChange, error }: BannerDropzoneProps) {
  const [uploading, setUploading] = useState(false);
  const [dropError, setDropError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  async function take(files: File[]) {
    const refused = bannerFileError(files);
    setDropError(refused);
    const [file] = files;
    if (refused || !file) return;
    setUploading(true);
    try {
      const uploaded = await uploadEventBanner(file);
      onChange(uploaded.url);
    } catch (failure) {
      console.error('[events] banner upload', failure);
      setDropError(isApiError(failure) ? failure.message : UPLOAD_FAILED);
    } finally {
      setUploading(false);
    }
  }

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    void take([...event.dataTransfer.files]);
  };
  const message = dropError ?? error;

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      <span className={css({ textStyle: 'label' })} id={`${id}-label`}>
        Banner
      </span>
      {value ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <EventBanner bannerUrl={value} />
          <div>
            <Button size="sm" variant="outline" onClick={() => onChange(null)}>
              Remove banner
            </Button>
          </div>
        </div>
      ) : (
        <label
          htmlFor={id}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cx(
            css({
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: '1',
              p: '6',
              borderWidth: '2px',
              borderStyle: 'dashed',
              borderRadius: 'l3',
              textAlign: 'center',
              textStyle: 'sm',
              color: 'fg.muted',
              cursor: 'pointer',
              _hover: { bg: 'bg.subtle' },
            }),
            dragging ? css({ borderColor: 'accent.default', bg: 'accent.subtle' }) : undefined,
          )}
        >
          {uploading ? <Spinner label="Uploading banner" /> : null}
          <span className={css({ fontWeight: 'medium', color: 'fg.default' })}>
            Drop an image here or click to choose
          </span>
          <span>PNG, JPEG, GIF or WebP, up to 5 MB</span>
        </label>
      )}
      <input
        id={id}
        type="file"
        aria-labelledby={`${id}-label`}
        accept={BANNER_TYPES.join(',')}
        className={css({ srOnly: true })}
        disabled={uploading}
        onChange={(event) => {
          void take([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      {message ? (
        <p role="alert" className={css({ textStyle: 'xs', color: 'danger.text', fontWeight: 'medium' })}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
