// The /events/{id} page: the detail card under a link back to the events list.
import { icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { Link } from 'wouter';
import { EventDetail } from './event-detail.tsx';

export function EventDetailPage({ id }: { id: string }) {
  return (
    <div
      className={css({
        maxW: '3xl',
        mx: 'auto',
        px: { base: '4', md: '8' },
        py: '6',
        display: 'flex',
        flexDirection: 'column',
        gap: '4',
      })}
    >
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
