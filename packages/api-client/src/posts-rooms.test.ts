// A posts room closed before its socket connected (a wall opened and left at once) spends no ticket:
// partysocket still asks for its URL after close() when that came during its wait (posts-rooms.ts).

import { PARTIES } from '@community/realtime-protocol';
import { afterEach, expect, it, vi } from 'vitest';
import { createPostsRooms } from './posts-rooms.ts';

// vi.waitFor gives up after 1 s by default; under `npm test` this file shares 2 busy cores.
const WAIT = { timeout: 15_000 };

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

it('loads the socket with the first room, asks for a ticket to that space’s posts room, and closes it', async () => {
  vi.stubGlobal('location', { host: '127.0.0.1:9', protocol: 'http:' });
  const requestTicket = vi.fn(async () => 'ticket');
  const { listenToPostsRoom } = createPostsRooms(requestTicket);
  const stopListening = listenToPostsRoom('space-2', { onEvent: () => {} });
  await vi.waitFor(() => expect(requestTicket).toHaveBeenCalledWith(PARTIES.postsRoom, 'space-2'), WAIT);
  stopListening();
});

it('closes, once its socket is there, a room left while its ticket was asked for: no second ticket', async () => {
  vi.stubGlobal('location', { host: '127.0.0.1:9', protocol: 'http:' });
  await import('./posts-room-socket.ts');
  let answer: (ticket: string) => void = () => {};
  const requestTicket = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
  const { listenToPostsRoom } = createPostsRooms(requestTicket);
  const onConnectedChange = vi.fn();
  const stopListening = listenToPostsRoom('space-3', { onEvent: () => {}, onConnectedChange });
  await vi.waitFor(() => expect(requestTicket).toHaveBeenCalledTimes(1), WAIT);
  stopListening();
  answer('ticket');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(requestTicket).toHaveBeenCalledTimes(1);
  expect(onConnectedChange).not.toHaveBeenCalledWith(true);
});
