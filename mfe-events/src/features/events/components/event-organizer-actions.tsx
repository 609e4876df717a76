// The organiser's buttons on an event's detail (issue 29), for its author, its host and community
// admins: "Cancel event" (a dialog asking for the reason; Esc or a click outside asks before a typed
// reason is lost, as every form dialog does), "Restore event" while a date is still to come, and
// "Delete event" for a draft or a cancelled event, after a confirmation. The API checks the same.
import { isApiError, referenceOf } from '@community/api-client';
import {
  CancelEventInput,
  type CommunityEvent,
  EVENT_CANCEL_REASON_MAX,
  EVENT_CANCELLED_TOAST,
  EVENT_DELETED_TOAST,
  EVENT_RESTORED_TOAST,
} from '@community/domain';
import { Button, Dialog, Field, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type FormEvent, useState } from 'react';
import { cancelEvent, deleteEvent, restoreEvent } from '../api/cancel-event.ts';
import { canCancelEvent, canDeleteEvent, canRestoreEvent, type Viewer } from '../lib/event-permissions.ts';
import { bumpEventsRevision } from '../lib/events-revision.ts';

const danger = css({ colorPalette: 'danger' });
const actions = css({ display: 'flex', justifyContent: 'flex-end', gap: '2', mt: '5' });

export const CANCEL_EVENT_TITLE = 'Cancel event';
export const CANCEL_EVENT_DESCRIPTION =
  'Everyone who RSVPed is notified with your reason. The page stays up, marked cancelled.';
export const DELETE_EVENT_TITLE = 'Delete event?';
export const DELETE_EVENT_DESCRIPTION =
  'This event and its RSVPs are deleted for good. This cannot be undone.';

const failureOf = (error: unknown) =>
  isApiError(error) && error.message ? error.message : 'Please try again.';

export type EventOrganizerActionsProps = {
  event: CommunityEvent;
  viewer: Viewer;
  onChange: (event: CommunityEvent) => void;
  /** After a delete: leave the page (or close the dialog) the event was on. */
  onDeleted: () => void;
};

export function EventOrganizerActions({ event, viewer, onChange, onDeleted }: EventOrganizerActionsProps) {
  const [open, setOpen] = useState<'cancel' | 'delete' | null>(null);
  const [restoring, setRestoring] = useState(false);
  if (!canCancelEvent(event, viewer)) return null;

  async function restore() {
    setRestoring(true);
    try {
      onChange(await restoreEvent(event.id));
      bumpEventsRevision();
      toast.success(EVENT_RESTORED_TOAST);
    } catch (error) {
      toast.error('Unable to restore this event', failureOf(error), { reference: referenceOf(error) });
    } finally {
      setRestoring(false);
    }
  }

  return (
    <>
      {event.published && !event.cancelledAt ? (
        <Button variant="outline" className={danger} onClick={() => setOpen('cancel')}>
          Cancel event
        </Button>
      ) : null}
      {canRestoreEvent(event) ? (
        <Button variant="outline" loading={restoring} onClick={() => void restore()}>
          Restore event
        </Button>
      ) : null}
      {canDeleteEvent(event) ? (
        <Button variant="outline" className={danger} onClick={() => setOpen('delete')}>
          Delete event
        </Button>
      ) : null}
      {open === 'cancel' ? (
        <CancelEventDialog event={event} onClose={() => setOpen(null)} onCancelled={onChange} />
      ) : null}
      {open === 'delete' ? (
        <DeleteEventDialog event={event} onClose={() => setOpen(null)} onDeleted={onDeleted} />
      ) : null}
    </>
  );
}

export function CancelEventDialog({
  event,
  onClose,
  onCancelled,
}: {
  event: Pick<CommunityEvent, 'id' | 'title'>;
  onClose: () => void;
  onCancelled: (event: CommunityEvent) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  async function submit(submitted: FormEvent) {
    submitted.preventDefault();
    // The API's own schema, so the message is the one it would answer.
    const parsed = CancelEventInput.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setSending(true);
    try {
      const { event: cancelled } = await cancelEvent(event.id, parsed.data.reason);
      onCancelled(cancelled);
      bumpEventsRevision();
      toast.success(EVENT_CANCELLED_TOAST);
      onClose();
    } catch (failure) {
      if (isApiError(failure) && failure.issues[0]) setError(failure.issues[0].message);
      else
        toast.error('Unable to cancel this event', failureOf(failure), { reference: referenceOf(failure) });
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog.Root
      open
      size="sm"
      confirmDiscard
      onOpenChange={(details) => (details.open ? undefined : onClose())}
    >
      <Dialog.Popup>
        <Dialog.CloseButton />
        <Dialog.Header>
          <Dialog.Title>{CANCEL_EVENT_TITLE}</Dialog.Title>
          <Dialog.Description>{CANCEL_EVENT_DESCRIPTION}</Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <form noValidate onSubmit={(submitted) => void submit(submitted)}>
            <Field.Root invalid={Boolean(error)} required>
              <Field.Label>Reason</Field.Label>
              <Field.Textarea
                rows={3}
                maxLength={EVENT_CANCEL_REASON_MAX}
                value={reason}
                onChange={(change) => {
                  setReason(change.target.value);
                  setError(undefined);
                }}
              />
              <Field.HelperText>
                {reason.length}/{EVENT_CANCEL_REASON_MAX}
              </Field.HelperText>
              <Field.ErrorText>{error}</Field.ErrorText>
            </Field.Root>
            <div className={actions}>
              <Button type="button" variant="outline" onClick={onClose} disabled={sending}>
                Keep event
              </Button>
              <Button type="submit" className={danger} loading={sending}>
                Cancel event
              </Button>
            </div>
          </form>
        </Dialog.Body>
      </Dialog.Popup>
    </Dialog.Root>
  );
}

export function DeleteEventDialog({
  event,
  onClose,
  onDeleted,
}: {
  event: Pick<CommunityEvent, 'id' | 'title'>;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    try {
      await deleteEvent(event.id);
      bumpEventsRevision();
      toast.success(EVENT_DELETED_TOAST);
      onClose();
      onDeleted();
    } catch (error) {
      toast.error('Unable to delete this event', failureOf(error), { reference: referenceOf(error) });
      setDeleting(false);
    }
  }

  return (
    <Dialog.Root
      open
      size="sm"
      role="alertdialog"
      onOpenChange={(details) => (details.open || deleting ? undefined : onClose())}
    >
      <Dialog.Popup>
        <Dialog.Header>
          <Dialog.Title>{DELETE_EVENT_TITLE}</Dialog.Title>
          <Dialog.Description>{DELETE_EVENT_DESCRIPTION}</Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <div className={actions}>
            <Button variant="outline" onClick={onClose} disabled={deleting}>
              Keep event
            </Button>
            <Button className={danger} loading={deleting} onClick={() => void confirm()}>
              Delete event
            </Button>
          </div>
        </Dialog.Body>
      </Dialog.Popup>
    </Dialog.Root>
  );
}
