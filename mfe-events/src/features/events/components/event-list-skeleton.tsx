import { Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';

/** Spec section 2: 4 skeleton placeholders while the list loads. */
export const EVENT_SKELETON_ROWS = 4;

export function EventListSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading events"
      className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
    >
      <Skeleton shape="text" className={css({ w: '32', mb: '1' })} />
      {Array.from({ length: EVENT_SKELETON_ROWS }, (_, index) => (
        <div
          key={index}
          data-testid="event-skeleton-row"
          className={css({
            display: 'flex',
            gap: '4',
            p: '5',
            borderWidth: '1px',
            borderRadius: 'l3',
            bg: 'bg.default',
          })}
        >
          <Skeleton className={css({ w: '14', h: '14', flexShrink: 0 })} />
          <div className={css({ flex: '1', display: 'flex', flexDirection: 'column', gap: '2' })}>
            <Skeleton shape="text" className={css({ w: '2/3', h: '5' })} />
            <Skeleton shape="text" className={css({ w: '1/2' })} />
            <Skeleton shape="text" className={css({ w: '1/3' })} />
          </div>
        </div>
      ))}
    </div>
  );
}
