// "The spaces changed" (created, edited, deleted, left, joined), told across this micro-frontend's
// exposed modules (the sidebar list, the space page, the dialogs) through one window event, so each
// reloads what it shows without sharing state between separately loaded modules. A request to join
// answered elsewhere (JOIN_APPROVED / JOIN_DECLINED on the user room), or a new one for its deciders
// (JOIN_REQUEST), counts as a change of that space too: the asker's page opens without a reload.
import { onUserRoomEvent } from '@community/api-client';
import { useEffect, useRef } from 'react';

const JOIN_NOTICES = new Set(['JOIN_REQUEST', 'JOIN_APPROVED', 'JOIN_DECLINED']);

/** The space a join-request notification is about, if the event is one. */
export function joinNoticeSpace(event: { type: string; [field: string]: unknown }): string | null {
  if (event.type !== 'notification') return null;
  const notice = event.notification as { type?: string; payload?: Record<string, string> } | undefined;
  return notice?.type && JOIN_NOTICES.has(notice.type) ? (notice.payload?.spaceId ?? null) : null;
}

const SPACES_CHANGED = 'community:spaces-changed';

export type SpacesChange = { spaceId?: string | undefined };

export function notifySpacesChanged(change: SpacesChange = {}): void {
  window.dispatchEvent(new CustomEvent<SpacesChange>(SPACES_CHANGED, { detail: change }));
}

/** Calls `listener` whenever the spaces change, for as long as the component is mounted. */
export function useSpacesChanged(listener: (change: SpacesChange) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const handle = (event: Event) => latest.current((event as CustomEvent<SpacesChange>).detail ?? {});
    window.addEventListener(SPACES_CHANGED, handle);
    const stopListening = onUserRoomEvent((event) => {
      const spaceId = joinNoticeSpace(event);
      if (spaceId) latest.current({ spaceId });
    });
    return () => {
      window.removeEventListener(SPACES_CHANGED, handle);
      stopListening();
    };
  }, []);
}
