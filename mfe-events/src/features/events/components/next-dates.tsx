// "Next dates" of a repeating event on its detail card (issue 12): each coming date on the event's
// clock and the viewer's, cancelled ones struck through, and for its author a
// "Cancel this date" / "Restore" per date (the series itself is untouched).
import { referenceOf } from '@community/api-client';
import type { CommunityEvent, EventOccurrence } from '@community/domain';
import { Button, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useState } from 'react';
import { cancelOccurrence, restoreOccurrence } from '../api/cancel-occurrence.ts';
import { formatEventDateRange, formatViewerDateRange, zoneOf } from '../lib/event-dates.ts';
import { bumpEventsRevision } from '../lib/events-revision.ts';

export type NextDatesProps = {
  event: CommunityEvent;
  canManage: boolean;
  onChange: (event: CommunityEvent) => void;
  /** The viewer's zone (tests fix it). */
  viewerZone?: string | undefined;
};

export function NextDates({ event, canManage, onChange, viewerZone }: NextDatesProps) {
  const [pending, setPending] = useState<string | null>(null);
  const zone = zoneOf(event);

  async function toggle(occurrence: EventOccurrence) {
    if (pending) return;
    setPending(occurrence.start);
    try {
      const updated = occurrence.cancelled
        ? await restoreOccurrence(event.id, occurrence.start)
        : await cancelOccurrence(event.id, occurrence.start);
      onChange(updated);
      // The month grid and lists on screen strike the date through (or restore it) too.
      bumpEventsRevision();
      toast.success(occurrence.cancelled ? 'Date restored' : 'Date cancelled');
    } catch (error) {
      console.error('[events] occurrence', error);
      toast.error(
        occurrence.cancelled ? 'Unable to restore this date' : 'Unable to cancel this date',
        (error as { message?: string }).message ?? 'Please try again.',
        { reference: referenceOf(error) },
      );
    } finally {
      setPending(null);
    }
  }

  return (
    <ol aria-label="Next dates" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      {event.nextOccurrences.map((occurrence) => {
        const own = formatEventDateRange(occurrence.start, occurrence.end, zone);
        const viewer = formatViewerDateRange(occurrence.start, occurrence.end, zone, viewerZone);
        const text = (
          <>
            <time dateTime={occurrence.start}>{own}</time>
            {viewer ? <span className={css({ color: 'fg.muted' })}> · {viewer}</span> : null}
          </>
        );
        return (
          <li
            key={occurrence.start}
            data-cancelled={occurrence.cancelled || undefined}
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '3',
              flexWrap: 'wrap',
              textStyle: 'sm',
            })}
          >
            <span className={css({ flex: '1', minW: '0' })}>
              {occurrence.cancelled ? (
                <>
                  <s>{text}</s>{' '}
                  <span className={css({ color: 'danger.text', fontWeight: 'medium' })}>Cancelled</span>
                </>
              ) : (
                text
              )}
            </span>
            {canManage ? (
              <Button
                variant="outline"
                size="xs"
                loading={pending === occurrence.start}
                disabled={pending !== null && pending !== occurrence.start}
                aria-label={`${occurrence.cancelled ? 'Restore' : 'Cancel this date'}: ${own}`}
                onClick={() => void toggle(occurrence)}
              >
                {occurrence.cancelled ? 'Restore' : 'Cancel this date'}
              </Button>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
