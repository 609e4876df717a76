// The list variant of an event on the events page: date badge, title (linking to the detail), time
// range on the event's clock (and the viewer's beside it when it differs), host, location and up to 3 topics with a "+N more" counter.
import type { CommunityEvent } from '@community/domain';
import { Badge, Card, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { Link } from 'wouter';
import { formatEventDateRange, formatViewerDateRange, sessionOf, zoneOf } from '../lib/event-dates.ts';
import { hostNameOf, locationLabel } from '../lib/event-location.ts';
import { moreTagsLabel, visibleTags } from '../lib/event-tags.ts';
import { CancelledBadge } from './event-cancelled.tsx';

const dayOfMonth = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, day: 'numeric' }).format(date);
const shortMonth = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, month: 'short' }).format(date);

const meta = css({ display: 'flex', alignItems: 'center', gap: '1.5', textStyle: 'sm', color: 'fg.muted' });
const metaIcon = css({ w: '4', h: '4', flexShrink: 0 });
/** The title's link covers the whole card, so the card opens the detail wherever it is clicked. */
export const cardLink = css({
  color: 'inherit',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: 'none' },
  _after: { content: '""', position: 'absolute', inset: '0', borderRadius: 'inherit' },
  '&:focus-visible::after': { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
});

export function EventTopics({ tags }: { tags: CommunityEvent['tags'] }) {
  const { shown, hiddenCount } = visibleTags(tags);
  const more = moreTagsLabel(hiddenCount);
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Topics" className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', mt: '1' })}>
      {shown.map((tag) => (
        <li key={tag.id}>
          <Badge variant="outline">{tag.name}</Badge>
        </li>
      ))}
      {more ? (
        <li>
          <Badge>{more}</Badge>
        </li>
      ) : null}
    </ul>
  );
}

/** The session's times on the event's clock, then on the viewer's when that reads differently. */
export function EventTimes({ event }: { event: CommunityEvent }) {
  const session = sessionOf(event);
  const zone = zoneOf(event);
  const viewer = formatViewerDateRange(session.start, session.end, zone);
  return (
    <>
      <time dateTime={session.start}>{formatEventDateRange(session.start, session.end, zone)}</time>
      {viewer ? <span className={css({ color: 'fg.subtle' })}> · {viewer}</span> : null}
    </>
  );
}

export function EventCard({ event }: { event: CommunityEvent }) {
  const start = new Date(sessionOf(event).start);
  const zone = zoneOf(event);
  const LocationIcon = event.location === 'IN_PERSON' ? icons.MapPin : icons.MonitorPlay;

  return (
    <Card.Root
      aria-label={event.title}
      className={css({ position: 'relative', _hover: { borderColor: 'border.emphasized' } })}
    >
      <div className={css({ display: 'flex', gap: '4', p: '5' })}>
        <div
          aria-hidden="true"
          className={css({
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            w: '14',
            h: '14',
            flexShrink: 0,
            borderRadius: 'l2',
            bg: 'accent.subtle',
            color: 'accent.text',
          })}
          style={event.color ? { borderTop: `4px solid ${event.color}` } : undefined}
        >
          <span className={css({ textStyle: 'xs', fontWeight: 'semibold', textTransform: 'uppercase' })}>
            {shortMonth(start, zone)}
          </span>
          <span className={css({ textStyle: 'xl', fontWeight: 'bold', lineHeight: '1' })}>
            {dayOfMonth(start, zone)}
          </span>
        </div>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', minW: '0' })}>
          <h3 className={css({ textStyle: 'lg', fontWeight: 'semibold', lineClamp: 2 })}>
            <Link href={`/events/${event.id}`} className={cardLink}>
              {event.title}
            </Link>
          </h3>
          <CancelledBadge event={event} />
          <p className={meta}>
            <icons.Clock aria-hidden="true" className={metaIcon} />
            <span>
              <EventTimes event={event} />
            </span>
          </p>
          <p className={meta}>
            <icons.User aria-hidden="true" className={metaIcon} />
            Hosted by {hostNameOf(event)}
          </p>
          <p className={meta}>
            <LocationIcon aria-hidden="true" className={metaIcon} />
            {locationLabel(event)}
          </p>
          <EventTopics tags={event.tags} />
        </div>
      </div>
    </Card.Root>
  );
}
