// One attachment in the media tab, by type: an image thumbnail (through a signed URL), a labelled
// card for a voice message or a video, a file's name, a link's host. Each has a menu (its ⋮ button)
// with "Go to message", which opens where it was sent and closes the panel.
import { GO_TO_MESSAGE, IMAGE_LOAD_FAILED, type MediaAttachment } from '@community/domain';
import { closeModal, icons, Menu, Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'wouter';
import { useSignedUrl } from '../api/use-signed-url.ts';
import { hostOf } from '../lib/format.ts';
import { messageHref } from '../lib/go-to-message.ts';

const cardClass = css({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  pl: '3',
  pr: '9',
  py: '2',
  minW: '0',
  h: 'full',
  borderWidth: '1px',
  borderRadius: 'l2',
  bg: 'bg.default',
  textStyle: 'sm',
  '& > svg': { w: '5', h: '5', flexShrink: 0, color: 'fg.muted' },
});
const textColumn = css({ display: 'flex', flexDirection: 'column', minW: '0' });
const nameClass = css({ truncate: true, fontWeight: 'medium' });
const kindClass = css({ textStyle: 'xs', color: 'fg.muted', truncate: true });
const thumbClass = css({
  display: 'block',
  w: 'full',
  aspectRatio: 'square',
  objectFit: 'cover',
  borderRadius: 'l2',
});
const menuButton = css({
  position: 'absolute',
  top: '1',
  right: '1',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '7',
  h: '7',
  borderRadius: 'l1',
  bg: 'bg.default/80',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default' },
  '& svg': { w: '4', h: '4' },
});

function ImageThumb({ attachment }: { attachment: MediaAttachment }) {
  const source = useSignedUrl(attachment.url);
  const [broken, setBroken] = useState(false);
  if (source.status === 'loading')
    return <Skeleton className={css({ w: 'full', aspectRatio: 'square', borderRadius: 'l2' })} />;
  if (source.status === 'error' || broken)
    return (
      <span className={cardClass} role="img" aria-label={attachment.name}>
        <icons.AlertTriangle />
        <span className={textColumn}>
          <span className={nameClass}>{attachment.name}</span>
          <span className={kindClass}>{IMAGE_LOAD_FAILED}</span>
        </span>
      </span>
    );
  return (
    <a href={source.url} target="_blank" rel="noopener noreferrer" className={css({ display: 'block' })}>
      <img
        src={source.url}
        alt={attachment.name}
        loading="lazy"
        onError={() => setBroken(true)}
        className={thumbClass}
      />
    </a>
  );
}

function LabelledCard({ icon, name, kind }: { icon: ReactNode; name: string; kind: string }) {
  return (
    <span className={cardClass}>
      {icon}
      <span className={textColumn}>
        <span className={nameClass} title={name}>
          {name}
        </span>
        <span className={kindClass}>{kind}</span>
      </span>
    </span>
  );
}

function CardBody({ attachment }: { attachment: MediaAttachment }) {
  switch (attachment.type) {
    case 'img':
      return <ImageThumb attachment={attachment} />;
    case 'video':
      return <LabelledCard icon={<icons.Video />} name={attachment.name} kind="Video" />;
    case 'audio':
      return <LabelledCard icon={<icons.Mic />} name={attachment.name} kind="Voice message" />;
    case 'a':
      return (
        <a
          href={attachment.url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className={css({ display: 'block', color: 'fg.default' })}
        >
          <LabelledCard icon={<icons.Link />} name={hostOf(attachment.url)} kind={attachment.url} />
        </a>
      );
    default:
      return <LabelledCard icon={<icons.FileText />} name={attachment.name} kind="File" />;
  }
}

export function MediaCard({ attachment }: { attachment: MediaAttachment }) {
  const [, navigate] = useLocation();
  const label = attachment.type === 'a' ? hostOf(attachment.url) : attachment.name;
  return (
    // Inside the panel (a modal dialog) the menu stays in the dialog, which hides what is outside it;
    // positioned `absolute` (the default): `fixed` is relative to the sliding panel's transform and
    // put the menu outside the viewport.
    <Menu.Root
      onSelect={(details) => {
        if (details.value !== 'go-to-message') return;
        closeModal();
        navigate(messageHref(attachment.source));
      }}
    >
      {/* The ⋮ button opens the card's menu, with the mouse or the keyboard. (A right-click context
          trigger beside it left the menu unpositioned, off screen, inside the sliding panel.) */}
      <div className={css({ position: 'relative', minW: '0' })} data-testid="media-card">
        <CardBody attachment={attachment} />
        <Menu.Trigger className={menuButton} aria-label={`Actions for ${label}`}>
          <icons.MoreVertical />
        </Menu.Trigger>
      </div>
      <Menu.Content portalled={false}>
        <Menu.Item value="go-to-message" icon={<icons.MessageCircle />}>
          {GO_TO_MESSAGE}
        </Menu.Item>
      </Menu.Content>
    </Menu.Root>
  );
}
