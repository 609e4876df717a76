// Reading a room's frames on the client side, the one way every socket of the app does it.
import { ServerEvent } from './messages.ts';

/**
 * One frame from a room as the known events it carries, in order: an `updates` frame (changes a chat
 * room sent together) is each of its events; anything not JSON or not ours is none.
 */
export function parseRoomFrame(data: unknown): ServerEvent[] {
  if (typeof data !== 'string') return [];
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return [];
  }
  const event = ServerEvent.safeParse(json);
  if (!event.success) return [];
  return event.data.type === 'updates' ? event.data.events : [event.data];
}
