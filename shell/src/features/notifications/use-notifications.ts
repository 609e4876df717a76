import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { spaceIdOfPath } from '../realtime/user-room.ts';
import { notifications } from './notifications-store.ts';

/**
 * Loads the member's notifications when they sign in (the badge shows at once) and forgets them on
 * sign-out. Opening a space page marks its space-message notification read: the shell watches the
 * route, so the space page itself does not need to know about notifications.
 */
export function useNotifications(userId: string) {
  const [location] = useLocation();
  const spaceId = spaceIdOfPath(location);

  useEffect(() => {
    void notifications.load();
    return () => notifications.reset();
  }, [userId]);

  useEffect(() => {
    if (spaceId) void notifications.markSpaceRead(spaceId);
  }, [spaceId]);
}
