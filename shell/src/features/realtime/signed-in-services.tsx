import { usePresenceReporting } from '../presence/use-presence-reporting.ts';
import { useUserRoom } from './use-user-room.ts';

/** What runs for as long as someone is signed in, whatever page they are on: realtime and presence. */
export function SignedInServices({ userId }: { userId: string }) {
  useUserRoom(userId);
  usePresenceReporting(userId);
  return null;
}
