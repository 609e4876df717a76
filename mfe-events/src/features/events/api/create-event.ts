// POST /api/events → 201 { event, announced } (docs/api.md), and the hook the create and live stream
// dialogs save with: toasts, lists refreshed, then the new event's page.
import { api } from '@community/api-client';
import type { CommunityEvent } from '@community/domain';
import { closeModal } from '@community/ui';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { type EventBody, type EventFormValues, formToBody } from '../lib/event-form-values.ts';
import { announceSaved, reportSaveFailure } from '../lib/save-feedback.ts';

export type SavedEvent = { event: CommunityEvent; announced: boolean };

export const createEvent = (body: EventBody) => api.post<SavedEvent>('/api/events', body);

export function useCreateEvent() {
  const [, navigate] = useLocation();
  return useCallback(
    async (values: EventFormValues) => {
      try {
        const saved = await createEvent(formToBody(values));
        announceSaved(saved);
        closeModal();
        navigate(`/events/${saved.event.id}`);
        return null;
      } catch (error) {
        return reportSaveFailure('create', error);
      }
    },
    [navigate],
  );
}
