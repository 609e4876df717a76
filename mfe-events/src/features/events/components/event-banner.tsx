// An event's banner (spec section 4: loading, loaded or failed). Uploaded banners are signed first;
// a failure says so and shows the placeholder instead: the event's colour with its title (see
// lib/banner-colors.ts), or the default picture where there is no event yet (the form's preview).
import { BANNER_LOAD_FAILED, SIGNED_URL_FAILED } from '@community/domain';
import { icons, Skeleton } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { useState } from 'react';
import defaultBanner from '../../../assets/default-banner.svg';
import { useImageSource } from '../api/get-signed-url.ts';
import { bannerColors } from '../lib/banner-colors.ts';

export type BannerState = 'loading' | 'loaded' | 'failed';

const frame = css({
  position: 'relative',
  w: 'full',
  aspectRatio: '3 / 1',
  overflow: 'hidden',
  bg: 'bg.subtle',
  borderRadius: 'l3',
});
const fill = css({ position: 'absolute', inset: '0', w: 'full', h: 'full', objectFit: 'cover' });
const placeholder = css({
  display: 'flex',
  alignItems: 'flex-end',
  p: '5%',
  containerType: 'inline-size',
});
const placeholderTitle = css({
  fontSize: 'clamp(1rem, 6cqi, 2.5rem)',
  lineHeight: '1.15',
  fontWeight: 'bold',
  lineClamp: 2,
  overflowWrap: 'anywhere',
});

/** What the placeholder needs of the event. */
export type BannerEvent = { id: string; title: string; color: string | null };

/** No banner: the event's colour with its title (the page names the event already: decorative). */
function BannerPlaceholder({ event }: { event: BannerEvent }) {
  const colors = bannerColors(event);
  return (
    <div
      aria-hidden="true"
      data-testid="banner-placeholder"
      className={cx(fill, placeholder)}
      style={{ backgroundColor: colors.background, color: colors.text }}
    >
      <span className={placeholderTitle}>{event.title}</span>
    </div>
  );
}

export function EventBanner({
  bannerUrl,
  event,
  className,
}: {
  bannerUrl: string | null | undefined;
  /** The event the banner is for: without a banner (or when it fails) its placeholder shows. */
  event?: BannerEvent;
  className?: string;
}) {
  const source = useImageSource(bannerUrl);
  const src = source.status === 'ready' ? source.src : null;
  // The outcome belongs to the address it was for: a new address is loading until its own event
  // arrives. (Resetting in an effect raced a cached image whose load fired before the effect.)
  const [outcome, setOutcome] = useState<{ src: string; state: 'loaded' | 'failed' } | null>(null);
  const imageState: BannerState = src && outcome?.src === src ? outcome.state : 'loading';

  let state: BannerState;
  let failure: string | null = null;
  if (source.status === 'none') state = 'loaded';
  else if (source.status === 'signing') state = 'loading';
  else if (source.status === 'failed') {
    state = 'failed';
    failure = SIGNED_URL_FAILED;
  } else {
    state = imageState;
    if (imageState === 'failed') failure = BANNER_LOAD_FAILED;
  }
  const showDefault = source.status === 'none' || state === 'failed';

  return (
    <figure className={cx(frame, className)} data-state={state} aria-busy={state === 'loading' || undefined}>
      {showDefault ? (
        event ? (
          <BannerPlaceholder event={event} />
        ) : (
          <img src={defaultBanner} alt="" className={fill} />
        )
      ) : null}
      {src && imageState !== 'failed' ? (
        <img
          src={src}
          alt="Event banner"
          className={cx(
            fill,
            css({ transition: 'opacity 0.2s' }),
            imageState === 'loaded' ? '' : css({ opacity: 0 }),
          )}
          onLoad={() => setOutcome({ src, state: 'loaded' })}
          onError={() => setOutcome({ src, state: 'failed' })}
        />
      ) : null}
      {state === 'loading' ? <Skeleton className={fill} /> : null}
      {failure ? (
        <figcaption
          role="alert"
          className={css({
            position: 'absolute',
            insetX: '0',
            bottom: '0',
            display: 'flex',
            alignItems: 'center',
            gap: '2',
            px: '3',
            py: '2',
            textStyle: 'sm',
            color: 'white',
            bg: 'rgba(15, 23, 42, 0.6)',
          })}
        >
          <icons.AlertTriangle aria-hidden="true" className={css({ w: '4', h: '4' })} />
          {failure}
        </figcaption>
      ) : null}
    </figure>
  );
}
