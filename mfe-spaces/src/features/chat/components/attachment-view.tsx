// A message's attachment: an image shown through a signed URL, or a file as a download card. Both offer
// "Go to message" (and open/download) in a context menu (spec section 2, attachment cards).
import type { ChatAttachment } from '@community/domain';
import { IMAGE_LOAD_FAILED } from '@community/domain';
import { icons, Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type ReactNode, useState } from 'react';
import { Download, FileText } from '../../../lib/icons.tsx';
import { Menu } from '../../../lib/menu.tsx';
import { useSignedUrl } from '../api/uploads-api.ts';
import { storageKeyOf } from '../lib/attachments.ts';

const cardClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  maxW: 'xs',
  borderWidth: '1px',
  borderRadius: 'l2',
  bg: 'bg.default',
  textStyle: 'sm',
  '& svg': { w: '5', h: '5', flexShrink: 0, color: 'fg.muted' },
});

function ImageAttachment({ attachment, url }: { attachment: ChatAttachment; url: string | null }) {
  const [broken, setBroken] = useState(false);
  if (!url) return <Skeleton className={css({ w: '60', h: '40', borderRadius: 'l2' })} />;
  if (broken) {
    return (
      <span className={cardClass} role="img" aria-label={attachment.name}>
        <icons.AlertTriangle />
        {IMAGE_LOAD_FAILED}
      </span>
    );
  }
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={css({ display: 'inline-block' })}>
      <img
        src={url}
        alt={attachment.name}
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
  );
}

function FileAttachment({ attachment, url }: { attachment: ChatAttachment; url: string | null }) {
  return (
    <span className={cardClass} data-testid="file-attachment">
      <FileText />
      <span className={css({ flex: '1', minW: '0', truncate: true })} title={attachment.name}>
        {attachment.name}
      </span>
      {url ? (
        <a
          href={url}
          download={attachment.name}
          aria-label={`Download ${attachment.name}`}
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

export type AttachmentViewProps = {
  attachment: ChatAttachment;
  onGoToMessage: () => void;
};

export function AttachmentView({ attachment, onGoToMessage }: AttachmentViewProps) {
  const signed = useSignedUrl(storageKeyOf(attachment.url));
  const url = signed.status === 'ready' ? signed.url : null;
  let body: ReactNode;
  if (signed.status === 'error') {
    body = (
      <span className={cardClass}>
        <icons.AlertTriangle />
        <span className={css({ truncate: true })}>{attachment.name}</span>
      </span>
    );
  } else if (attachment.type === 'img') {
    body = <ImageAttachment attachment={attachment} url={url} />;
  } else {
    body = <FileAttachment attachment={attachment} url={url} />;
  }

  return (
    <Menu.Root
      onSelect={(details) => {
        if (details.value === 'go-to-message') onGoToMessage();
        else if (details.value === 'open' && url) window.open(url, '_blank', 'noopener');
      }}
    >
      <Menu.ContextTrigger className={css({ display: 'inline-block' })}>{body}</Menu.ContextTrigger>
      <Menu.Content>
        <Menu.Item value="go-to-message" icon={<icons.MessageCircle />}>
          Go to message
        </Menu.Item>
        {url ? (
          <Menu.Item value="open" icon={attachment.type === 'img' ? <icons.Search /> : <Download />}>
            {attachment.type === 'img' ? 'Open image' : 'Download'}
          </Menu.Item>
        ) : null}
      </Menu.Content>
    </Menu.Root>
  );
}
