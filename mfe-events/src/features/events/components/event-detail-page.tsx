// The /events/{id} page: the detail card under a link back to the events list.
import { icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { page } from '@community/ui/styled-system/recipes';
import { Link } from 'wouter';
import { EventDetail } from './event-detail.tsx';

export function EventDetailPage({ id }: { id: string }) {
  const styles = page({ width: 'narrow' });
  return (
    <div className={styles.root}>
      <Link
        href="/events"
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '1.5',
          textStyle: 'sm',
          color: 'fg.muted',
          _hover: { color: 'fg.default' },
        })}
      >
        <icons.ArrowLeft aria-hidden="true" className={css({ w: '4', h: '4' })} />
        All events
      </Link>
      <EventDetail id={id} />
    </div>
  );
}
