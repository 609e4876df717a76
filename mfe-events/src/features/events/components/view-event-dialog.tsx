// The viewEvent modal: the same detail card as the /events/{id} page, in a dialog.
import { closeModal, Dialog } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { EventDetail } from './event-detail.tsx';

export function ViewEventDialog({ eventId }: { eventId: string }) {
  return (
    <Dialog.Root open size="lg" onOpenChange={(details) => (details.open ? undefined : closeModal())}>
      <Dialog.Popup aria-label="Event details">
        <Dialog.CloseButton />
        <Dialog.Body className={css({ pt: '14' })}>
          <EventDetail id={eventId} headingLevel="h2" />
        </Dialog.Body>
      </Dialog.Popup>
    </Dialog.Root>
  );
}
