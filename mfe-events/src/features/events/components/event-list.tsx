// One tab of the events page: the events under month-and-year headers, as list rows or cards, with
// 4 skeleton rows while the first page loads and "No Available Events" when there are none.
import { referenceOf } from '@community/api-client';
import { Button, EmptyState, icons, useCursorList } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useEffect, useRef } from 'react';
import { type EventListKind, getEvents } from '../api/get-events.ts';
import { groupByMonth, sessionOf } from '../lib/event-dates.ts';
import { NO_AVAILABLE_EVENTS } from '../lib/event-texts.ts';
import { useEventsRevision } from '../lib/events-revision.ts';
import { EventCard } from './event-card.tsx';
import { EventListSkeleton } from './event-list-skeleton.tsx';
import { EventTile } from './event-tile.tsx';

export type EventListVariant = 'list' | 'cards';

export function EventList({ when, variant = 'list' }: { when: EventListKind; variant?: EventListVariant }) {
  const events = useCursorList(when, getEvents);
  const revision = useEventsRevision();
  const seenRevision = useRef(revision);
  const { reload } = events;

  // An event saved in a dialog shows up (or moves) without reloading the page.
  useEffect(() => {
    if (seenRevision.current === revision) return;
    seenRevision.current = revision;
    reload();
  }, [revision, reload]);

  if (events.status === 'loading') return <EventListSkeleton />;
  if (events.status === 'error') {
    return (
      <EmptyState
        icon={<icons.AlertTriangle />}
        title="Unable to load events"
        reference={referenceOf(events.error)}
        action={
          <Button variant="outline" size="sm" onClick={events.reload}>
            Retry
          </Button>
        }
      />
    );
  }
  if (events.items.length === 0)
    return <EmptyState icon={<icons.CalendarDays />} title={NO_AVAILABLE_EVENTS} />;

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '8' })}>
      {groupByMonth(events.items, (event) => sessionOf(event).start).map((group) => (
        <section key={group.label} aria-label={group.label}>
          <h2 className={css({ textStyle: 'overline', color: 'fg.muted', mb: '3' })}>{group.label}</h2>
          {variant === 'cards' ? (
            <ul
              className={css({
                display: 'grid',
                gridTemplateColumns: {
                  base: 'minmax(0, 1fr)',
                  sm: 'repeat(2, minmax(0, 1fr))',
                  lg: 'repeat(3, minmax(0, 1fr))',
                },
                gap: '4',
              })}
            >
              {group.items.map((event) => (
                <li key={event.id}>
                  <EventTile event={event} />
                </li>
              ))}
            </ul>
          ) : (
            <ul className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
              {group.items.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} />
                </li>
              ))}
            </ul>
          )}
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
