// GET /api/events/{id}: one event (a draft only for its author). The hook reloads when an event was
// saved elsewhere on the page or when anyone changed its places (the space's posts room says so),
// and lets the RSVP toggle swap in the API's answer.
import { api, isApiError, listenToPostsRoom, onUserRoomEvent, referenceOf } from '@community/api-client';
import type { CommunityEvent } from '@community/domain';
import { useCallback, useEffect, useState } from 'react';
import { useEventsRevision } from '../lib/events-revision.ts';

export const getEvent = (id: string, signal?: AbortSignal) =>
  api.get<CommunityEvent>(`/api/events/${encodeURIComponent(id)}`, { signal });

export type EventState =
  | { status: 'loading' }
  | {
      status: 'error';
      notFound: boolean;
      /** A refusal (403) in the API's words, such as "The events feature is not enabled…". */
      refused: string | null;
      /** The failed request's id (`referenceOf`), for the failure's "Reference". */
      reference: string | null;
    }
  | { status: 'ready'; event: CommunityEvent };

const LIVE_NOTIFICATIONS = new Set(['WAITLIST_PROMOTED', 'EVENT_CANCELLED']);

/**
 * How long an `event.changed` waits for others before the page reads the event again: a burst of
 * RSVPs (a popular event opening) is one read per open page, not one per RSVP.
 */
export const EVENT_CHANGES_COALESCE_MS = 400;

export function useEvent(id: string) {
  const [state, setState] = useState<EventState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const revision = useEventsRevision();

  useEffect(() => {
    const controller = new AbortController();
    // A reload after a save keeps the current event on screen instead of flashing the skeleton.
    setState((current) =>
      current.status === 'ready' && current.event.id === id ? current : { status: 'loading' },
    );
    getEvent(id, controller.signal).then(
      (event) => setState({ status: 'ready', event }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[events] detail', error);
        const status = (error as { status?: number }).status;
        const refused = isApiError(error) && error.status === 403 ? error.message : null;
        setState({
          status: 'error',
          notFound: status === 404 || status === 400,
          refused,
          reference: referenceOf(error),
        });
      },
    );
    return () => controller.abort();
  }, [id, attempt, revision]);

  const replace = useCallback((event: CommunityEvent) => setState({ status: 'ready', event }), []);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  // A notification about this event (promoted from its waitlist, cancelled) changes what the
  // member sees on it: read it again at once, so the page is live.
  useEffect(
    () =>
      onUserRoomEvent((event) => {
        if (event.type !== 'notification') return;
        const notification = event.notification as { type?: string; payload?: Record<string, string> };
        if (notification.payload?.eventId === id && LIVE_NOTIFICATIONS.has(notification.type ?? '')) reload();
      }),
    [id, reload],
  );
  // Someone else RSVPed, left, was promoted, or the capacity or state changed: the event's space's
  // posts room tells every open page of it (docs/api.md, realtime), which reads it again, once per
  // burst; and after a reconnect, since changes may have been missed meanwhile.
  const spaceId = state.status === 'ready' ? state.event.spaceId : null;
  useEffect(() => {
    if (!spaceId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reloadSoon = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        reload();
      }, EVENT_CHANGES_COALESCE_MS);
    };
    const stop = listenToPostsRoom(spaceId, {
      onEvent: (event) => {
        if (event.type === 'event.changed' && event.eventId === id) reloadSoon();
      },
      onReconnect: reloadSoon,
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [id, spaceId, reload]);

  return { state, replace, reload };
}
