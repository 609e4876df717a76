// The createEvent and editEvent modals: one form, empty (the signed-in user hosting) or filled with
// the event being edited.
import { session } from '@community/api-client';
import { EVENT_CANCELLED_NO_EDIT } from '@community/domain';
import { closeModal, Dialog, EmptyState, icons, Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type ReactNode, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { useCreateEvent } from '../api/create-event.ts';
import { useCommunityTimeZone } from '../api/get-community-zone.ts';
import { useEvent } from '../api/get-event.ts';
import { useUpdateEvent } from '../api/update-event.ts';
import { eventToForm, newEventForm } from '../lib/event-form-values.ts';
import { EventForm } from './event-form.tsx';

function FormDialog({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Dialog.Root
      open
      size="lg"
      closeOnInteractOutside={false}
      confirmDiscard
      onOpenChange={(details) => (details.open ? undefined : closeModal())}
    >
      <Dialog.Popup>
        <Dialog.CloseButton />
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>{children}</Dialog.Body>
      </Dialog.Popup>
    </Dialog.Root>
  );
}

function FormSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading event"
      className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
    >
      <Skeleton className={css({ h: '10' })} />
      <Skeleton className={css({ h: '24' })} />
      <Skeleton className={css({ h: '10' })} />
    </div>
  );
}

export function CreateEventDialog() {
  const { user } = useSnapshot(session);
  const save = useCreateEvent();
  const timeZone = useCommunityTimeZone();
  // Fixed when the dialog opens; a re-render must not move the default start time.
  const initialValues = useMemo(
    () => (timeZone ? newEventForm(user, new Date(), timeZone) : null),
    [user, timeZone],
  );
  return (
    <FormDialog title="Create Event">
      {initialValues ? (
        <EventForm mode="create" initialValues={initialValues} onSave={save} onCancel={closeModal} />
      ) : (
        <FormSkeleton />
      )}
    </FormDialog>
  );
}

function EditForm({ eventId }: { eventId: string }) {
  const { state } = useEvent(eventId);
  const save = useUpdateEvent(eventId);
  const initialValues = useMemo(() => (state.status === 'ready' ? eventToForm(state.event) : null), [state]);
  if (state.status === 'error')
    return (
      <EmptyState icon={<icons.AlertTriangle />} title="Unable to load event" reference={state.reference} />
    );
  // Cancelled before or while the dialog was open (the page is live): nothing here may be saved.
  if (state.status === 'ready' && state.event.cancelledAt)
    return <EmptyState icon={<icons.CalendarDays />} title={EVENT_CANCELLED_NO_EDIT} />;
  if (!initialValues) return <FormSkeleton />;
  return <EventForm mode="edit" initialValues={initialValues} onSave={save} onCancel={closeModal} />;
}

export function EditEventDialog({ eventId }: { eventId: string }) {
  return (
    <FormDialog title="Edit Event">
      <EditForm eventId={eventId} />
    </FormDialog>
  );
}
