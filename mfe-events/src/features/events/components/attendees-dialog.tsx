// "+N" of the attendee strip: everyone going, a page at a time, in a dialog (Esc or the X close it).
import { referenceOf } from '@community/api-client';
import type { EventAttendee } from '@community/domain';
import { Avatar, Button, Dialog, ErrorReference, Spinner, useCursorList } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { getAttendees } from '../api/get-attendees.ts';

export const ATTENDEES_PAGE_SIZE = 50;

export const attendeeName = (attendee: Pick<EventAttendee, 'firstName' | 'lastName'>) =>
  `${attendee.firstName} ${attendee.lastName}`;

export function AttendeesDialog({
  eventId,
  count,
  onClose,
}: {
  eventId: string;
  count: number;
  onClose: () => void;
}) {
  const attendees = useCursorList(eventId, (id, cursor, signal) =>
    getAttendees(id, cursor, ATTENDEES_PAGE_SIZE, signal),
  );
  return (
    <Dialog.Root open onOpenChange={(details) => (details.open ? undefined : onClose())}>
      <Dialog.Popup>
        <Dialog.Header>
          <Dialog.Title>Who is going</Dialog.Title>
          <Dialog.Description>{count === 1 ? '1 member' : `${count} members`}</Dialog.Description>
        </Dialog.Header>
        <Dialog.CloseButton />
        <Dialog.Body>
          {attendees.status === 'loading' ? (
            <Spinner label="Loading attendees" />
          ) : attendees.status === 'error' ? (
            <div role="alert">
              <p>
                Unable to load who is going.{' '}
                <Button variant="outline" size="sm" onClick={attendees.reload}>
                  Retry
                </Button>
              </p>
              <ErrorReference reference={referenceOf(attendees.error)} className={css({ mt: '2' })} />
            </div>
          ) : (
            <ul
              aria-label="Everyone going"
              className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
            >
              {attendees.items.map((attendee) => (
                <li key={attendee.id} className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
                  <Avatar
                    name={attendeeName(attendee)}
                    src={attendee.imageUrl}
                    size="sm"
                    aria-hidden="true"
                  />
                  <span className={css({ fontWeight: 'medium' })}>{attendeeName(attendee)}</span>
                  <span className={css({ color: 'fg.muted', textStyle: 'sm' })}>@{attendee.pseudo}</span>
                </li>
              ))}
            </ul>
          )}
          {attendees.hasMore ? (
            <div className={css({ display: 'flex', justifyContent: 'center', mt: '4' })}>
              <Button
                variant="outline"
                size="sm"
                loading={attendees.loadingMore}
                onClick={attendees.loadMore}
              >
                Load more
              </Button>
            </div>
          ) : null}
        </Dialog.Body>
      </Dialog.Popup>
    </Dialog.Root>
  );
}
