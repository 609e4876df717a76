// The list variant of an event on the events page: date badge, title (linking to the detail), time
// range in Eastern time, host, location and up to 3 topics with a "+N more" counter.
import type { CommunityEvent } from '@community/domain';
import { Badge, Card, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { Link } from 'wouter';
import { EVENT_TIME_ZONE, formatEventDateRange } from '../lib/event-dates.ts';
import { hostNameOf, locationLabel } from '../lib/event-location.ts';
import { moreTagsLabel, visibleTags } from '../lib/event-tags.ts';

const dayOfMonth = new Intl.DateTimeFormat('en-US', { timeZone: EVENT_TIME_ZONE, day: 'numeric' });
const shortMonth = new Intl.DateTimeFormat('en-US', { timeZone: EVENT_TIME_ZONE, month: 'short' });

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

export function EventCard({ event }: { event: CommunityEvent }) {
  const start = new Date(event.startDate);
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
            {shortMonth.format(start)}
          </span>
          <span className={css({ textStyle: 'xl', fontWeight: 'bold', lineHeight: '1' })}>
            {dayOfMonth.format(start)}
          </span>
        </div>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', minW: '0' })}>
          <h3 className={css({ textStyle: 'lg', fontWeight: 'semibold', lineClamp: 2 })}>
            <Link href={`/events/${event.id}`} className={cardLink}>
              {event.title}
            </Link>
          </h3>
          <p className={meta}>
            <icons.Clock aria-hidden="true" className={metaIcon} />
            <time dateTime={event.startDate}>{formatEventDateRange(event.startDate, event.endDate)}</time>
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
