// The location section of the detail card (spec section 2): a map, the city and full address and
// Get Directions for an event in person; Watch Now for a streamed one.
import type { CommunityEvent } from '@community/domain';
import { icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { button } from '@community/ui/styled-system/recipes';
import { locationLabel } from '../lib/event-location.ts';
import { directionsUrl } from '../lib/stream-links.ts';
import { EventMap } from './event-map.tsx';
import { WatchNow } from './watch-now.tsx';

export function EventLocation({ event }: { event: CommunityEvent }) {
  const { address } = event;
  if (event.location === 'IN_PERSON') {
    if (!address) return <p className={css({ color: 'fg.muted' })}>In person</p>;
    return (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <EventMap
          marker={{ lat: address.lat, lng: address.lng }}
          markerLabel={address.name || 'Event location'}
        />
        <div
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-start',
            gap: '3',
            justifyContent: 'space-between',
          })}
        >
          <address
            className={css({ fontStyle: 'normal', display: 'flex', flexDirection: 'column', gap: '0.5' })}
          >
            {address.name ? <span className={css({ fontWeight: 'semibold' })}>{address.name}</span> : null}
            {address.city ? <span>{address.city}</span> : null}
            <span className={css({ color: 'fg.muted', textStyle: 'sm' })}>{address.full_address}</span>
          </address>
          <a
            href={directionsUrl(address.lat, address.lng)}
            target="_blank"
            rel="noopener noreferrer"
            className={button({ variant: 'outline' })}
          >
            <icons.MapPin aria-hidden="true" />
            Get Directions
          </a>
        </div>
      </div>
    );
  }
  return (
    <div
      className={css({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: '3',
        justifyContent: 'space-between',
      })}
    >
      <p className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
        <icons.Video aria-hidden="true" className={css({ w: '4', h: '4' })} />
        Streamed live on {locationLabel(event)}
      </p>
      {/* A cancelled event's stream does not take place (issue 29). */}
      {event.cancelledAt ? null : <WatchNow event={event} />}
    </div>
  );
}
