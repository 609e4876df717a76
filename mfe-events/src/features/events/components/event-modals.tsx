// Picks the events dialog for a modal type. Unknown types and missing ids render nothing.
import { CreateEventDialog, EditEventDialog } from './event-form-dialog.tsx';
import { LivestreamDialog } from './livestream-dialog.tsx';
import { ViewEventDialog } from './view-event-dialog.tsx';

export type EventModalsProps = { type: string; eventId?: unknown };

export function EventModals({ type, eventId }: EventModalsProps) {
  const id = typeof eventId === 'string' ? eventId : null;
  switch (type) {
    case 'viewEvent':
      return id ? <ViewEventDialog key={id} eventId={id} /> : null;
    case 'editEvent':
      return id ? <EditEventDialog key={id} eventId={id} /> : null;
    case 'createEvent':
      return <CreateEventDialog />;
    case 'createLivestream':
      return <LivestreamDialog />;
    default:
      return null;
  }
}
