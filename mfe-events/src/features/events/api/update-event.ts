// PUT /api/events/{id} with the whole event → { event, announced }; author only (403). The hook saves
// from the edit dialog, then closes it; the open detail and lists reload.
import { api } from '@community/api-client';
import { closeModal } from '@community/ui';
import { useCallback } from 'react';
import { type EventBody, type EventFormValues, formToBody } from '../lib/event-form-values.ts';
import { announceSaved, reportSaveFailure } from '../lib/save-feedback.ts';
import type { SavedEvent } from './create-event.ts';

export const updateEvent = (id: string, body: EventBody) =>
  api.put<SavedEvent>(`/api/events/${encodeURIComponent(id)}`, body);

export function useUpdateEvent(id: string) {
  return useCallback(
    async (values: EventFormValues) => {
      try {
        announceSaved(await updateEvent(id, formToBody(values)));
        closeModal();
        return null;
      } catch (error) {
        return reportSaveFailure('update', error);
      }
    },
    [id],
  );
}
