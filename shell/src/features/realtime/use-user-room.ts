import { markSignedOut, setFeatures } from '@community/api-client';
import { toast } from '@community/ui';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { LOGIN_PATH } from '../../routing/redirect-rules.ts';
import { notifications } from '../notifications/notifications-store.ts';
import { connectUserRoom } from './user-room.ts';

/**
 * Keeps the user's room connected while they are signed in and the browser is online (a closed socket
 * is what takes the member offline). Notifications go to the top bar's menu and become toasts; changed
 * feature switches go to the session.
 */
export function useUserRoom(userId: string, browserOnline: boolean) {
  const [location, navigate] = useLocation();
  // Read when a frame arrives, so moving between pages does not reconnect the socket.
  const path = useRef(location);
  path.current = location;

  useEffect(() => {
    if (!browserOnline) return;
    return connectUserRoom(
      userId,
      {
        onToast: (title) => toast.info(title),
        onNotification: (event, seen) => {
          notifications.received(event, seen);
          if (seen && event.notification.payload.spaceId) {
            void notifications.markSpaceRead(event.notification.payload.spaceId, true);
          }
        },
        // Notifications pushed while the socket was down are in the list: reload its first page.
        onReconnected: () => void notifications.load(),
        // The session's switches change; the redirect rules then take the member home if the page
        // they stand on belongs to a feature that went off (routing/redirect-rules.ts).
        onFeaturesChanged: (features) => setFeatures(features),
        onSessionEnded: () => {
          markSignedOut();
          navigate(LOGIN_PATH, { replace: true });
        },
      },
      () => path.current,
    );
  }, [userId, browserOnline, navigate]);
}
