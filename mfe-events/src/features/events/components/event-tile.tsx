// The card variant of the events list: banner on top, then date, title, host and topics.
import type { CommunityEvent } from '@community/domain';
import { Card, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { Link } from 'wouter';
import { hostNameOf, locationLabel } from '../lib/event-location.ts';
import { EventBanner } from './event-banner.tsx';
import { CancelledBadge } from './event-cancelled.tsx';
import { cardLink, EventTimes, EventTopics } from './event-card.tsx';

const meta = css({ display: 'flex', alignItems: 'center', gap: '1.5', textStyle: 'sm', color: 'fg.muted' });
const metaIcon = css({ w: '4', h: '4', flexShrink: 0 });

export function EventTile({ event }: { event: CommunityEvent }) {
  return (
    <Card.Root
      aria-label={event.title}
      className={css({ position: 'relative', h: 'full', overflow: 'hidden' })}
    >
      <EventBanner
        bannerUrl={event.bannerUrl}
        event={event}
        className={css({ borderRadius: '0', aspectRatio: '2 / 1' })}
      />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', p: '4' })}>
        <p className={css({ textStyle: 'xs', fontWeight: 'semibold', color: 'accent.text' })}>
          <EventTimes event={event} />
        </p>
        <h3 className={css({ textStyle: 'md', fontWeight: 'semibold', lineClamp: 2 })}>
          <Link href={`/events/${event.id}`} className={cardLink}>
            {event.title}
          </Link>
        </h3>
        <CancelledBadge event={event} />
        <p className={meta}>
          <icons.User aria-hidden="true" className={metaIcon} />
          {hostNameOf(event)}
        </p>
        <p className={meta}>
          <icons.MapPin aria-hidden="true" className={metaIcon} />
          {locationLabel(event)}
        </p>
        <EventTopics tags={event.tags} />
      </div>
    </Card.Root>
  );
}
