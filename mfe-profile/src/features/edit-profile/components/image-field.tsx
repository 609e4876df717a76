// One profile image (the avatar or the cover): drop or choose one image, uploaded to the `users`
// bucket with a visible progress bar. Spec section 8: "Image uploaded", or "Upload failed / An
// error occurred while uploading profile picture"; refused files get the dropzone's texts.
import { referenceOf } from '@community/api-client';
import { IMAGE_UPLOADED, UPLOAD_FAILED, UPLOAD_FAILED_DESCRIPTION } from '@community/domain';
import { Button, toast } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { profileImageError, uploadProfileImage } from '../api/upload-profile-image.ts';

export type ImageFieldProps = {
  id: string;
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  /** How the current image is shown: a round avatar or a wide cover. */
  shape: 'avatar' | 'cover';
  error?: string | undefined;
};

export function ImageField({ id, label, value, onChange, shape, error }: ImageFieldProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [dropError, setDropError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useRef<AbortController | null>(null);

  // Closing the dialog mid-upload stops the upload.
  useEffect(() => () => upload.current?.abort(), []);

  async function take(files: File[]) {
    const refused = profileImageError(files);
    setDropError(refused);
    const [file] = files;
    if (refused || !file) return;
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    try {
      const uploaded = await uploadProfileImage(file, setProgress, controller.signal);
      onChange(uploaded.url);
      toast.success(IMAGE_UPLOADED);
    } catch (failure) {
      if (controller.signal.aborted) return;
      console.error('[profile] image upload', failure);
      toast.error(UPLOAD_FAILED, UPLOAD_FAILED_DESCRIPTION, { reference: referenceOf(failure) });
    } finally {
      if (upload.current === controller) {
        upload.current = null;
        setProgress(null);
      }
    }
  }

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    void take([...event.dataTransfer.files]);
  };
  const message = dropError ?? error;
  const uploading = progress !== null;

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      <span className={css({ textStyle: 'label' })} id={`${id}-label`}>
        {label}
      </span>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
        {value ? (
          <img
            src={value}
            alt=""
            className={cx(
              css({ objectFit: 'cover', borderWidth: '1px', flexShrink: 0 }),
              shape === 'avatar'
                ? css({ w: '16', h: '16', borderRadius: 'full' })
                : css({ w: '40', h: '16', borderRadius: 'l2' }),
            )}
          />
        ) : null}
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
              flex: '1',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: '1',
              p: '4',
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
          <span className={css({ fontWeight: 'medium', color: 'fg.default' })}>
            Drop an image here or click to choose
          </span>
          <span>Images only, up to 5 MB</span>
        </label>
        {value && !uploading ? (
          <Button size="sm" variant="outline" onClick={() => onChange(null)}>
            Remove
          </Button>
        ) : null}
      </div>
      {uploading ? (
        <div
          role="progressbar"
          aria-label={`Uploading ${label.toLowerCase()}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className={css({ h: '1.5', bg: 'bg.subtle', borderRadius: 'full', overflow: 'hidden' })}
        >
          <div
            className={css({ h: 'full', bg: 'accent.default', transition: 'width 0.2s' })}
            style={{ width: `${progress}%` }}
          />
        </div>
      ) : null}
      <input
        id={id}
        type="file"
        aria-labelledby={`${id}-label`}
        accept="image/*"
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
