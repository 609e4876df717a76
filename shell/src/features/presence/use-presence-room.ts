import { resetPresence } from '@community/api-client';
import { useEffect } from 'react';
import { connectPresenceRoom } from './presence-room.ts';

/** Listens to the presence room while signed in and online; forgets who was online on sign-out. */
export function usePresenceRoom(browserOnline: boolean) {
  useEffect(() => (browserOnline ? connectPresenceRoom() : undefined), [browserOnline]);
  useEffect(() => resetPresence, []);
}
