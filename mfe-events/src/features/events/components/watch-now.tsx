// Watch Now (spec section 2): YouTube and LinkedIn open a full-screen dialog with the embedded
// stream (YouTube autoplays unmuted, with its live chat beside it); Facebook opens an 800x600 popup.

import { Portal } from '@ark-ui/react/portal';
import type { CommunityEvent } from '@community/domain';
import { Button, Dialog, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { button } from '@community/ui/styled-system/recipes';
import { useState } from 'react';
import {
  linkedInEmbedUrl,
  openFacebookLive,
  youTubeChatUrl,
  youTubeEmbedUrl,
  youTubeVideoId,
} from '../lib/stream-links.ts';

type StreamEmbed = { kind: 'youtube'; videoId: string } | { kind: 'linkedin'; src: string };

function embedOf(event: Pick<CommunityEvent, 'location' | 'addressUrl'>): StreamEmbed | null {
  if (event.location === 'YOUTUBE') {
    const videoId = youTubeVideoId(event.addressUrl);
    return videoId ? { kind: 'youtube', videoId } : null;
  }
  if (event.location === 'LINKEDIN') {
    const src = linkedInEmbedUrl(event.addressUrl);
    return src ? { kind: 'linkedin', src } : null;
  }
  return null;
}

const frame = css({ border: '0', w: 'full', h: 'full', bg: 'black' });

function StreamDialog({
  title,
  embed,
  sourceUrl,
  onClose,
}: {
  title: string;
  embed: StreamEmbed;
  sourceUrl: string;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(details) => (details.open ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner className={css({ p: '0!' })}>
          <Dialog.Content
            className={css({ w: '100vw!', h: '100dvh', maxH: '100dvh!', borderRadius: '0!', bg: 'gray.950' })}
          >
            <div
              className={css({
                display: 'flex',
                alignItems: 'center',
                gap: '3',
                px: '4',
                h: '14',
                color: 'white',
              })}
            >
              <Dialog.Title className={css({ flex: '1', color: 'white!', truncate: true })}>
                {title}
              </Dialog.Title>
              <a
                href={sourceUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={css({ textStyle: 'sm', textDecoration: 'underline', color: 'white' })}
              >
                Open on {embed.kind === 'youtube' ? 'YouTube' : 'LinkedIn'}
              </a>
              <Dialog.CloseButton className={css({ position: 'static!', color: 'white' })} />
            </div>
            <div
              className={css({
                flex: '1',
                minH: '0',
                display: 'grid',
                gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 22rem' },
                gridTemplateRows: { base: '1fr 20rem', lg: '1fr' },
              })}
            >
              {embed.kind === 'youtube' ? (
                <>
                  <iframe
                    title="Live stream"
                    src={youTubeEmbedUrl(embed.videoId)}
                    allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                    className={frame}
                  />
                  <iframe
                    title="Live chat"
                    src={youTubeChatUrl(embed.videoId, window.location.hostname)}
                    className={css({ border: '0', w: 'full', h: 'full', bg: 'white' })}
                  />
                </>
              ) : (
                <iframe
                  title="Live stream"
                  src={embed.src}
                  allow="autoplay; encrypted-media; fullscreen"
                  className={css({
                    border: '0',
                    w: 'full',
                    h: 'full',
                    bg: 'black',
                    gridColumn: '1 / -1',
                    gridRow: '1 / -1',
                  })}
                />
              )}
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export function WatchNow({ event }: { event: Pick<CommunityEvent, 'title' | 'location' | 'addressUrl'> }) {
  const [open, setOpen] = useState(false);
  const url = event.addressUrl;
  if (event.location === 'IN_PERSON' || !url) return null;

  if (event.location === 'FACEBOOK') {
    return (
      <Button onClick={() => openFacebookLive(url)}>
        <icons.MonitorPlay aria-hidden="true" />
        Watch Now
      </Button>
    );
  }

  const embed = embedOf(event);
  if (!embed) {
    // Not an address we know how to embed (a LinkedIn event page, say): open it where it lives.
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className={button()}>
        <icons.MonitorPlay aria-hidden="true" />
        Watch Now
      </a>
    );
  }
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <icons.MonitorPlay aria-hidden="true" />
        Watch Now
      </Button>
      {open ? (
        <StreamDialog title={event.title} embed={embed} sourceUrl={url} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
