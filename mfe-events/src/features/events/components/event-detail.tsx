// The event detail card (spec section 2), shared by the /events/{id} page and the viewEvent modal:
// banner, title, dates on the event's clock (and the viewer's), how it repeats and its next dates,
// Interested count, RSVP (one per series), host, description, registration, topics and location,
// Add to calendar, and Edit Event for the author. A cancelled event shows its banner with the reason
// where RSVP was; its organisers get Cancel / Restore / Delete (event-organizer-actions.tsx).
import { session } from '@community/api-client';
import {
  type CommunityEvent,
  EVENT_AUTHOR_NO_RSVP,
  RSVP_COVERS_SERIES,
  repeatLabel,
} from '@community/domain';
import { Avatar, Badge, Button, closeModal, EmptyState, icons, openModal, Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { button } from '@community/ui/styled-system/recipes';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { useEvent } from '../api/get-event.ts';
import { formatEventDateRange, formatViewerDateRange, zoneOf } from '../lib/event-dates.ts';
import { hostNameOf } from '../lib/event-location.ts';
import {
  canCreateEvents,
  canEditEvent,
  canManageDates,
  isAuthor,
  isInterested,
  type Viewer,
} from '../lib/event-permissions.ts';
import { placesLabel, waitlistPositionLabel } from '../lib/event-places.ts';
import { NO_DESCRIPTION, PAID_REGISTRATION_PROMPT } from '../lib/event-texts.ts';
import { EventAttendees } from './event-attendees.tsx';
import { EventBanner } from './event-banner.tsx';
import { EventCancelledBanner } from './event-cancelled.tsx';
import { EventLocation } from './event-location.tsx';
import { EventOrganizerActions } from './event-organizer-actions.tsx';
import { EventsOff } from './events-off.tsx';
import { NextDates } from './next-dates.tsx';
import { RsvpButton } from './rsvp-button.tsx';

const sectionTitle = css({ textStyle: 'overline', color: 'fg.muted', mb: '2' });
const metaRow = css({ display: 'flex', alignItems: 'center', gap: '2', color: 'fg.muted', textStyle: 'sm' });
const metaIcon = css({ w: '4', h: '4', flexShrink: 0 });

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h3 className={sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

export type EventDetailCardProps = {
  event: CommunityEvent;
  viewer: Viewer;
  onChange: (event: CommunityEvent) => void;
  /** The page's title is its h1; in the modal, the dialog names itself. */
  headingLevel?: 'h1' | 'h2';
  /** The viewer's zone (tests fix it; the browser's otherwise). */
  viewerZone?: string;
  /** After the event was deleted: leave where it was shown. */
  onDeleted?: () => void;
};

export function EventDetailCard({
  event,
  viewer,
  onChange,
  headingLevel = 'h1',
  viewerZone,
  onDeleted = () => undefined,
}: EventDetailCardProps) {
  const Heading = headingLevel;
  const repeating = event.repeat !== 'NO_REPEAT';
  const zone = zoneOf(event);
  // A series shows its next date that still takes place (its first one once none is left to come).
  const shown = (repeating && event.nextOccurrences.find((date) => !date.cancelled)) || {
    start: event.startDate,
    end: event.endDate,
  };
  const viewerRange = formatViewerDateRange(shown.start, shown.end, zone, viewerZone);
  const author = isAuthor(event, viewer);
  const interested = isInterested(event, viewer);
  const hostName = hostNameOf(event);
  const cancelled = event.cancelledAt !== null;
  const places = placesLabel(event);
  const position = waitlistPositionLabel(event);

  return (
    <article
      aria-labelledby={`event-title-${event.id}`}
      className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}
    >
      <EventBanner bannerUrl={event.bannerUrl} event={event} />
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
          <Heading id={`event-title-${event.id}`} className={css({ textStyle: '2xl', fontWeight: 'bold' })}>
            {event.title}
          </Heading>
          {event.published ? null : <Badge variant="outline">Draft</Badge>}
        </div>
        <p className={metaRow}>
          <icons.Clock aria-hidden="true" className={metaIcon} />
          <time dateTime={shown.start} data-testid="event-date-range">
            {formatEventDateRange(shown.start, shown.end, zone)}
          </time>
        </p>
        {viewerRange ? (
          <p className={metaRow} data-testid="event-viewer-date-range">
            <icons.Clock aria-hidden="true" className={metaIcon} />
            {viewerRange}
          </p>
        ) : null}
        {repeating ? (
          <p className={metaRow}>
            <icons.RefreshCw aria-hidden="true" className={metaIcon} />
            {repeatLabel(event.repeat, new Date(event.startDate), zone)}
          </p>
        ) : null}
        <p className={metaRow}>
          <icons.Users aria-hidden="true" className={metaIcon} />
          <span data-testid="event-interested">{event.members.length} Interested</span>
          {places ? <span data-testid="event-places">· {places}</span> : null}
        </p>
        {position ? (
          <p className={metaRow} data-testid="event-waitlist-position">
            <icons.Hourglass aria-hidden="true" className={metaIcon} />
            {position}
          </p>
        ) : null}
      </header>

      <EventCancelledBanner event={event} />

      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {event.published && !cancelled ? (
          <RsvpButton event={event} interested={interested} isAuthor={author} onChange={onChange} />
        ) : null}
        <a href={`/api/events/${event.id}.ics`} download className={button({ variant: 'outline' })}>
          <icons.CalendarDays aria-hidden="true" />
          Add to calendar
        </a>
        {canEditEvent(event, viewer) ? (
          <Button variant="outline" onClick={() => openModal('editEvent', { eventId: event.id })}>
            Edit Event
          </Button>
        ) : null}
        <EventOrganizerActions event={event} viewer={viewer} onChange={onChange} onDeleted={onDeleted} />
      </div>

      {event.published && !cancelled && (author || repeating) ? (
        // The author's RSVP is disabled (spec section 4): say why, never that their RSVP covers anything.
        <p className={css({ textStyle: 'sm', color: 'fg.muted', mt: '-4' })}>
          {author ? EVENT_AUTHOR_NO_RSVP : RSVP_COVERS_SERIES}
        </p>
      ) : null}

      {repeating && event.nextOccurrences.length > 0 ? (
        <Section title="Next dates">
          <NextDates
            event={event}
            canManage={canManageDates(event, viewer)}
            onChange={onChange}
            viewerZone={viewerZone}
          />
        </Section>
      ) : null}

      {event.published ? (
        <Section title="Who is going">
          <EventAttendees event={event} viewer={viewer} />
        </Section>
      ) : null}

      <Section title="Host">
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
          <Avatar name={hostName} src={event.host.imageUrl} size="sm" />
          <span className={css({ fontWeight: 'medium' })}>{hostName}</span>
        </div>
      </Section>

      <Section title="About">
        <p className={css({ whiteSpace: 'pre-wrap' })}>
          {event.description?.trim() ? event.description : NO_DESCRIPTION}
        </p>
      </Section>

      <Section title="Registration">
        {event.registration === 'PAID' ? (
          <p className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
            <icons.Info aria-hidden="true" className={metaIcon} />
            {PAID_REGISTRATION_PROMPT}
          </p>
        ) : (
          <p>Free</p>
        )}
      </Section>

      {event.tags.length > 0 ? (
        <Section title="Topics">
          <ul aria-label="Topics" className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })}>
            {event.tags.map((tag) => (
              <li key={tag.id}>
                <Badge variant="outline">{tag.name}</Badge>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section title="Location">
        <EventLocation event={event} />
      </Section>
    </article>
  );
}

function EventDetailSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading event"
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <Skeleton className={css({ w: 'full', aspectRatio: '3 / 1' })} />
      <Skeleton shape="text" className={css({ w: '2/3', h: '8' })} />
      <Skeleton shape="text" className={css({ w: '1/2' })} />
      <Skeleton shape="text" className={css({ w: '1/3' })} />
      <Skeleton className={css({ h: '24' })} />
    </div>
  );
}

export function EventDetail({ id, headingLevel }: { id: string; headingLevel?: 'h1' | 'h2' }) {
  const { state, replace, reload } = useEvent(id);
  const { user } = useSnapshot(session);
  const [location, navigate] = useLocation();
  // Deleted from its page: back to the list; from the viewEvent dialog: the dialog closes.
  const onDeleted = () => (location.endsWith(`/events/${id}`) ? navigate('/events') : closeModal());

  // The `events` switch went off: say so as the API would, without waiting for a request.
  if (user && !canCreateEvents(user)) return <EventsOff />;
  if (state.status === 'loading') return <EventDetailSkeleton />;
  if (state.status === 'error') {
    if (state.refused) return <EventsOff message={state.refused} />;
    return state.notFound ? (
      <EmptyState icon={<icons.CalendarDays />} title="Event not found" />
    ) : (
      <EmptyState
        icon={<icons.AlertTriangle />}
        title="Unable to load event"
        reference={state.reference}
        action={
          <Button variant="outline" size="sm" onClick={reload}>
            Retry
          </Button>
        }
      />
    );
  }
  return (
    <EventDetailCard
      event={state.event}
      viewer={user}
      onChange={replace}
      headingLevel={headingLevel}
      onDeleted={onDeleted}
    />
  );
}
