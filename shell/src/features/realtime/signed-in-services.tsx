import { useNotifications } from '../notifications/use-notifications.ts';
import { useBrowserOnline, usePresenceReporting } from '../presence/use-presence-reporting.ts';
import { usePresenceRoom } from '../presence/use-presence-room.ts';
import { useUserRoom } from './use-user-room.ts';

/**
 * What runs for as long as someone is signed in, whatever page they are on: the user room
 * (notifications, direct-message events, presence), the presence room (online dots) and the
 * notifications menu's data. While the browser is offline both sockets stay closed.
 */
export function SignedInServices({ userId }: { userId: string }) {
  const browserOnline = useBrowserOnline();
  useUserRoom(userId, browserOnline);
  usePresenceRoom(browserOnline);
  usePresenceReporting(userId, browserOnline);
  useNotifications(userId);
  return null;
}
