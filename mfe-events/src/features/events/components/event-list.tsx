import { Button, EmptyState, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useCursorList } from '../../../lib/use-cursor-list.ts';
import { type EventsWhen, getEvents } from '../api/get-events.ts';
import { groupByMonth } from '../lib/event-dates.ts';
import { EventCard } from './event-card.tsx';
import { EventListSkeleton } from './event-list-skeleton.tsx';

export function EventList({ when }: { when: EventsWhen }) {
  const events = useCursorList(when, getEvents);

  if (events.status === 'loading') return <EventListSkeleton />;
  if (events.status === 'error') {
    return (
      <EmptyState
        icon={<icons.AlertTriangle />}
        title="Unable to load events"
        action={
          <Button variant="outline" size="sm" onClick={events.reload}>
            Retry
          </Button>
        }
      />
    );
  }
  if (events.items.length === 0)
    return <EmptyState icon={<icons.CalendarDays />} title="No Available Events" />;

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '8' })}>
      {groupByMonth(events.items, (event) => event.startDate).map((group) => (
        <section key={group.label} aria-label={group.label}>
          <h2 className={css({ textStyle: 'overline', color: 'fg.muted', mb: '3' })}>{group.label}</h2>
          <ul className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
            {group.items.map((event) => (
              <li key={event.id}>
                <EventCard event={event} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {events.hasMore ? (
        <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2' })}>
          {events.loadMoreFailed ? (
            <p role="alert" className={css({ textStyle: 'sm', color: 'danger.text' })}>
              Unable to load more events
            </p>
          ) : null}
          <Button variant="outline" loading={events.loadingMore} onClick={events.loadMore}>
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
