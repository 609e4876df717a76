// How a cancelled event shows (issue 29): the detail's "Cancelled" banner with the reason (it takes
// the RSVP button's place), and the "Cancelled" badge of list cards and tiles.
import type { CommunityEvent } from '@community/domain';
import { Badge, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';

export const CANCELLED_LABEL = 'Cancelled';

export function EventCancelledBanner({
  event,
}: {
  event: Pick<CommunityEvent, 'cancelledAt' | 'cancelReason'>;
}) {
  if (!event.cancelledAt) return null;
  return (
    <section
      aria-label="Event cancelled"
      data-testid="event-cancelled-banner"
      className={css({
        display: 'flex',
        gap: '3',
        alignItems: 'flex-start',
        p: '4',
        borderRadius: 'l2',
        borderWidth: '1px',
        borderColor: 'danger.muted',
        bg: 'danger.subtle',
        color: 'danger.text',
      })}
    >
      <icons.Ban aria-hidden="true" className={css({ w: '5', h: '5', flexShrink: 0, mt: '0.5' })} />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' })}>
        <p className={css({ fontWeight: 'semibold' })}>{CANCELLED_LABEL}</p>
        {event.cancelReason ? (
          <p className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: 'fg.default' })}>
            {event.cancelReason}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** Beside a list card's or tile's title: says so before the member opens it. */
export function CancelledBadge({ event }: { event: Pick<CommunityEvent, 'cancelledAt'> }) {
  if (!event.cancelledAt) return null;
  return (
    <Badge className={css({ colorPalette: 'danger', alignSelf: 'flex-start' })}>{CANCELLED_LABEL}</Badge>
  );
}
