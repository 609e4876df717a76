// Presence (spec section 4): online while the browser is online, offline when it goes offline or the
// page is hidden for good. The pagehide report uses a keepalive request so it survives the unload.
import { api } from '@community/api-client';
import type { OnlineStatusInput } from '@community/domain';
import { useEffect } from 'react';

type Status = OnlineStatusInput['status'];

export function reportPresence(userId: string, status: Status, keepalive = false): Promise<void> {
  return api
    .patch<void>(
      `/api/socket/users/online-status/${encodeURIComponent(userId)}`,
      { status } satisfies OnlineStatusInput,
      {
        keepalive,
        reportSessionLost: false,
      },
    )
    .catch((error: unknown) => {
      // Presence is best effort: an offline browser cannot report that it went offline.
      console.debug('[shell] presence', status, error);
    });
}

export function usePresenceReporting(userId: string) {
  useEffect(() => {
    const online = () => void reportPresence(userId, 'online');
    const offline = () => void reportPresence(userId, 'offline');
    const pageHidden = () => void reportPresence(userId, 'offline', true);
    // A page restored from the back/forward cache is open again.
    const pageShown = (event: PageTransitionEvent) => {
      if (event.persisted) online();
    };

    if (navigator.onLine) online();
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    window.addEventListener('pagehide', pageHidden);
    window.addEventListener('pageshow', pageShown);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('pagehide', pageHidden);
      window.removeEventListener('pageshow', pageShown);
    };
  }, [userId]);
}
