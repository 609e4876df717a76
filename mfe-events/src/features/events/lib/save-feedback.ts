// What the event dialogs say after a save (spec section 8, Event): "Success!", the announcement note
// when the API could not announce the event, or "Error!" with the create or update text. The server's
// field errors go back to the form.
import { isApiError, referenceOf } from '@community/api-client';
import {
  EVENT_ANNOUNCEMENT_FAILED,
  EVENT_CREATE_FAILED,
  EVENT_ERROR_TITLE,
  EVENT_SAVED_TITLE,
  EVENT_UPDATE_FAILED,
} from '@community/domain';
import { toast } from '@community/ui';
import { type EventFormErrors, fieldErrorsOf } from './event-form-values.ts';
import { bumpEventsRevision } from './events-revision.ts';

export function announceSaved({ announced }: { announced: boolean }): void {
  toast.success(EVENT_SAVED_TITLE);
  if (!announced) toast.info(EVENT_ANNOUNCEMENT_FAILED);
  bumpEventsRevision();
}

export function reportSaveFailure(mode: 'create' | 'update', error: unknown): EventFormErrors | null {
  console.error(`[events] ${mode}`, error);
  toast.error(EVENT_ERROR_TITLE, mode === 'create' ? EVENT_CREATE_FAILED : EVENT_UPDATE_FAILED, {
    reference: referenceOf(error),
  });
  if (!isApiError(error)) return null;
  const errors = fieldErrorsOf(error.issues);
  return Object.keys(errors).length > 0 ? errors : null;
}
