// The signed-in user's room has one socket per page, opened by the shell; the micro-frontends hear its
// events here (the Messages list's unread counts, the notifications menu). Frames arrive already
// parsed and checked against the realtime protocol by the shell; listeners narrow on `type`.

/** A checked user-room event (`ServerEvent` of @community/realtime-protocol). */
export type UserRoomEvent = { type: string; [field: string]: unknown };
type Listener = (event: UserRoomEvent) => void;

const listeners = new Set<Listener>();

/** Calls `listener` with every event of the user room from now on; returns the unsubscribe. */
export function onUserRoomEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For the shell's user-room socket: hands one checked event to every listener. */
export function emitUserRoomEvent(event: UserRoomEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      // One broken listener must not keep the event from the others.
      console.error('[user room] listener', error);
    }
  }
}
