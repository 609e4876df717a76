// Presence (spec section 4, ADR 13): a member is online while any of their tabs holds the user-room
// socket and the browser is online. The socket itself drives it (no request per page load, so 50 tabs
// reconnecting after a deploy send none); these reports only ask the server to count the member's
// sockets again when this tab knows it is leaving: the browser went offline (its sockets are closed
// first) or the page is going away (`pagehide`, a keepalive request that outlives the page).
import { api } from '@community/api-client';
import type { OnlineStatusInput } from '@community/domain';
import { useEffect, useSyncExternalStore } from 'react';

type Status = OnlineStatusInput['status'];

export function reportPresence(userId: string, status: Status, keepalive = false): Promise<void> {
  return api
    .patch<void>(
      `/api/socket/users/online-status/${encodeURIComponent(userId)}`,
      { status } satisfies OnlineStatusInput,
      { keepalive, reportSessionLost: false },
    )
    .catch((error: unknown) => {
      // Best effort: an offline browser cannot report that it went offline (the closed socket does).
      console.debug('[shell] presence', status, error);
    });
}

function subscribeToConnectivity(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it is online; the sockets close while it is not and reopen after. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribeToConnectivity,
    () => navigator.onLine,
    () => true,
  );
}

/** Reports `offline` when the browser goes offline (after the sockets closed) or the page goes away. */
export function usePresenceReporting(userId: string, browserOnline: boolean) {
  useEffect(() => {
    if (!browserOnline) void reportPresence(userId, 'offline');
  }, [userId, browserOnline]);

  useEffect(() => {
    const pageHidden = () => void reportPresence(userId, 'offline', true);
    window.addEventListener('pagehide', pageHidden);
    return () => window.removeEventListener('pagehide', pageHidden);
  }, [userId]);
}
