// Events: the ones the member hosts or RSVPed that the viewer may see, Upcoming (soonest first) then
// Past (latest first), from GET /api/users/{id}/events. Each opens the event page.
import type { ProfileEvent } from '@community/domain';
import { Badge, EmptyState, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { getProfileEvents } from '../api/profile-api.ts';
import { useLoaded } from '../api/use-loaded.ts';
import { dateTimeLabel } from '../lib/format.ts';
import { PanelLink } from './panel-link.tsx';
import { ListSkeleton, LoadFailed } from './tab-states.tsx';

/** Ours: the spec names no empty state for this tab. */
export const NO_EVENTS_TO_SHOW = 'No events to show';

const sectionTitle = css({ textStyle: 'overline', color: 'fg.subtle', mb: '2' });

function EventRow({ event }: { event: ProfileEvent }) {
  return (
    <PanelLink href={`/events/${encodeURIComponent(event.id)}`}>
      <icons.CalendarDays
        aria-hidden="true"
        className={css({ w: '4', h: '4', mt: '0.5', color: 'fg.subtle', flexShrink: 0 })}
      />
      <span className={css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0', flex: '1' })}>
        <span className={css({ fontWeight: 'semibold', textStyle: 'sm', truncate: true })}>
          {event.title}
        </span>
        <time dateTime={event.startDate} className={css({ textStyle: 'xs', color: 'fg.muted' })}>
          {dateTimeLabel(event.startDate)}
        </time>
      </span>
      {event.relation === 'host' ? <Badge>Hosting</Badge> : null}
    </PanelLink>
  );
}

function EventSection({ title, events }: { title: string; events: ProfileEvent[] }) {
  if (events.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className={sectionTitle}>{title}</h3>
      <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        {events.map((event) => (
          <li key={event.id}>
            <EventRow event={event} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function EventsTab({ userId }: { userId: string }) {
  const events = useLoaded(userId, getProfileEvents);
  if (events.status === 'loading') return <ListSkeleton label="Loading events" />;
  if (events.status === 'error')
    return <LoadFailed title="Unable to load events" reference={events.reference} onRetry={events.reload} />;
  const { upcoming, past } = events.data;
  if (upcoming.length === 0 && past.length === 0)
    return <EmptyState icon={<icons.CalendarDays />} title={NO_EVENTS_TO_SHOW} />;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <EventSection title="Upcoming" events={upcoming} />
      <EventSection title="Past" events={past} />
    </div>
  );
}
