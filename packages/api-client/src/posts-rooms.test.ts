// A posts room closed before its socket connected (a wall opened and left at once) spends no ticket:
// partysocket still asks for its URL after close() when that came during its wait (posts-rooms.ts).
import { afterEach, expect, it, vi } from 'vitest';
import { createPostsRooms } from './posts-rooms.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('asks for no ticket for a room closed before its socket connects', async () => {
  vi.stubGlobal('location', { host: 'localhost:3000', protocol: 'http:' });
  const requestTicket = vi.fn(async () => 'ticket');
  const { listenToPostsRoom } = createPostsRooms(requestTicket);
  const stopListening = listenToPostsRoom('space-1', { onEvent: () => {} });
  stopListening();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(requestTicket).not.toHaveBeenCalled();
});
