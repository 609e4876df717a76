// One attachment of a post, comment or chat message, by kind (spec section 3: img, video, audio, file,
// a): an image thumbnail that opens large, a video or audio player, a file to download, or a link card
// with the page's title and favicon. Uploaded files (`/api/files/…`) are read through a signed URL.
// A context menu offers "Go to message" when the card belongs to a message (spec, attachment cards).
import { FILE_NOT_SUPPORTED, IMAGE_LOAD_FAILED } from '@community/domain';
import { Dialog, icons, Menu, Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Download, FileText, Link as LinkIcon } from '../../../../lib/icons.tsx';
import { useSignedUrl } from '../../../chat/api/uploads-api.ts';
import { storageKeyOf } from '../../../chat/lib/attachments.ts';
import { useLinkPreview } from './link-preview.ts';

export type CardAttachment = { name: string; url: string; type: string; createdAt?: string | undefined };

export type AttachmentCardProps = {
  attachment: CardAttachment;
  onGoToMessage?: (() => void) | undefined;
};

export const cardClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  maxW: 'xs',
  minW: '0',
  borderWidth: '1px',
  borderRadius: 'l2',
  bg: 'bg.default',
  textStyle: 'sm',
  '& svg': { w: '5', h: '5', flexShrink: 0, color: 'fg.muted' },
});

const mediaClass = css({
  display: 'block',
  maxW: 'xs',
  borderRadius: 'l2',
  borderWidth: '1px',
  bg: 'bg.subtle',
});

const isWebUrl = (url: string) => /^https?:\/\//i.test(url) || url.startsWith('/');

type Resolved = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error' };

/** The address to load: a signed one for our uploads, the URL itself for anything else on the web. */
function useAttachmentUrl(url: string): Resolved {
  const key = storageKeyOf(url);
  const signed = useSignedUrl(key);
  if (key) return signed;
  return isWebUrl(url) ? { status: 'ready', url } : { status: 'error' };
}

/** True once the element has come near the screen (or at once where that cannot be observed). */
function useSeen<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen];
}

function ImageCard({ name, url }: { name: string; url: string }) {
  const [broken, setBroken] = useState(false);
  const [open, setOpen] = useState(false);
  if (broken) {
    return (
      <span className={cardClass} role="img" aria-label={name}>
        <icons.AlertTriangle />
        {IMAGE_LOAD_FAILED}
      </span>
    );
  }
  return (
    <>
      <a
        href={url}
        rel="noopener noreferrer"
        className={css({ display: 'inline-block' })}
        onClick={(event) => {
          // A plain click opens it large here; a modified click keeps the browser's new tab.
          if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <img
          src={url}
          alt={name}
          loading="lazy"
          onError={() => setBroken(true)}
          className={css({
            display: 'block',
            h: '40',
            maxW: 'xs',
            objectFit: 'cover',
            borderRadius: 'l2',
            borderWidth: '1px',
            bg: 'bg.subtle',
          })}
        />
      </a>
      {open ? (
        <Dialog.Root open size="lg" onOpenChange={(details) => setOpen(details.open)}>
          <Dialog.Popup aria-label={name}>
            <Dialog.CloseButton
              className={css({ position: 'absolute', top: '2', right: '2', zIndex: '1' })}
            />
            <img
              src={url}
              alt={name}
              className={css({
                display: 'block',
                maxW: 'full',
                maxH: '85vh',
                mx: 'auto',
                objectFit: 'contain',
              })}
            />
          </Dialog.Popup>
        </Dialog.Root>
      ) : null}
    </>
  );
}

function FileCard({ name, url }: { name: string; url: string | null }) {
  return (
    <span className={cardClass} data-testid="file-attachment">
      <FileText />
      <span className={css({ flex: '1', minW: '0', truncate: true })} title={name}>
        {name}
      </span>
      {url ? (
        <a
          href={url}
          download={name}
          aria-label={`Download ${name}`}
          className={css({
            display: 'inline-flex',
            color: 'accent.text',
            _hover: { color: 'accent.emphasized' },
          })}
        >
          <Download />
        </a>
      ) : null}
    </span>
  );
}

function LinkCard({ url }: { url: string }) {
  const [ref, seen] = useSeen<HTMLAnchorElement>();
  const preview = useLinkPreview(url, seen);
  const [faviconBroken, setFaviconBroken] = useState(false);
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // Not parseable: show it as it is.
  }
  const title = preview?.title || null;
  return (
    <a
      ref={ref}
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className={css(
        { textDecoration: 'none', color: 'fg.default', _hover: { bg: 'bg.subtle' } },
        { display: 'flex' },
      )}
      data-testid="link-attachment"
    >
      <span className={cardClass}>
        {preview?.faviconUrl && !faviconBroken ? (
          <img
            src={preview.faviconUrl}
            alt=""
            width={20}
            height={20}
            onError={() => setFaviconBroken(true)}
            className={css({ w: '5', h: '5', flexShrink: 0 })}
          />
        ) : (
          <LinkIcon />
        )}
        <span className={css({ display: 'flex', flexDirection: 'column', minW: '0' })}>
          <span className={css({ fontWeight: 'medium', truncate: true })}>{title ?? url}</span>
          {title ? (
            <span className={css({ textStyle: 'xs', color: 'fg.muted', truncate: true })}>{host}</span>
          ) : null}
        </span>
      </span>
    </a>
  );
}

function Unsupported({ name }: { name: string }) {
  return (
    <span className={cardClass} data-testid="unsupported-attachment">
      <icons.AlertTriangle />
      <span className={css({ display: 'flex', flexDirection: 'column', minW: '0' })}>
        <span className={css({ truncate: true })}>{name}</span>
        <span className={css({ textStyle: 'xs', color: 'fg.muted' })}>{FILE_NOT_SUPPORTED}</span>
      </span>
    </span>
  );
}

const KNOWN_TYPES = new Set(['img', 'video', 'audio', 'file', 'a']);

export function AttachmentCard({ attachment, onGoToMessage }: AttachmentCardProps) {
  const { name, type } = attachment;
  const known = KNOWN_TYPES.has(type);
  const resolved = useAttachmentUrl(known ? attachment.url : '');
  const url = resolved.status === 'ready' ? resolved.url : null;

  let body: ReactNode;
  if (!known) {
    body = <Unsupported name={name} />;
  } else if (type === 'a') {
    body = url ? <LinkCard url={url} /> : <Unsupported name={name} />;
  } else if (resolved.status === 'error') {
    body = (
      <span className={cardClass}>
        <icons.AlertTriangle />
        <span className={css({ truncate: true })}>{name}</span>
      </span>
    );
  } else if (type === 'file') {
    body = <FileCard name={name} url={url} />;
  } else if (!url) {
    body = <Skeleton className={css({ w: '60', h: type === 'audio' ? '12' : '40', borderRadius: 'l2' })} />;
  } else if (type === 'img') {
    body = <ImageCard name={name} url={url} />;
  } else if (type === 'video') {
    // biome-ignore lint/a11y/useMediaCaption: members' own uploads come without caption tracks
    body = <video controls preload="metadata" src={url} aria-label={name} className={mediaClass} />;
  } else {
    body = (
      <span className={cardClass} data-testid="audio-attachment">
        {/* biome-ignore lint/a11y/useMediaCaption: voice notes come without caption tracks */}
        <audio
          controls
          preload="metadata"
          src={url}
          aria-label={name}
          className={css({ maxW: '60', h: '10' })}
        />
      </span>
    );
  }

  const canOpen = url !== null && known;
  if (!onGoToMessage && !canOpen) return body;
  return (
    <Menu.Root
      onSelect={(details) => {
        if (details.value === 'go-to-message') onGoToMessage?.();
        else if (details.value === 'open' && url) window.open(url, '_blank', 'noopener');
      }}
    >
      {/* A span, not Ark's default button: the attachment inside is a link or a player, and
          controls must not nest (axe nested-interactive). The context-menu key on the focused
          link still opens the menu (the event bubbles to the trigger). */}
      <Menu.ContextTrigger asChild>
        <span className={css({ display: 'inline-block', maxW: 'full' })}>{body}</span>
      </Menu.ContextTrigger>
      <Menu.Content>
        {onGoToMessage ? (
          <Menu.Item value="go-to-message" icon={<icons.MessageCircle />}>
            Go to message
          </Menu.Item>
        ) : null}
        {canOpen ? (
          <Menu.Item
            value="open"
            icon={type === 'file' || type === 'audio' ? <Download /> : <icons.Search />}
          >
            {type === 'img'
              ? 'Open image'
              : type === 'a'
                ? 'Open link'
                : type === 'video'
                  ? 'Open video'
                  : 'Download'}
          </Menu.Item>
        ) : null}
      </Menu.Content>
    </Menu.Root>
  );
}
