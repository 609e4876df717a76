// The part every realtime socket shares (ticketed-socket.ts): a ticket per connect, none once closed,
// and a refused ticket that stops the socket for good only when the caller says it should. Port 9
// (discard) on 127.0.0.1: a connect with a ticket fails at once, and partysocket tries again later.
import { afterEach, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { openTicketedSocket } from './ticketed-socket.ts';

// vi.waitFor gives up after 1 s by default; under `npm test` this file shares 2 busy cores.
const WAIT = { timeout: 15_000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

it('spends no ticket on a socket closed before it connects; onClosed is told once', async () => {
  vi.stubGlobal('location', { host: '127.0.0.1:9', protocol: 'http:' });
  const requestTicket = vi.fn(async () => 'ticket');
  const onClosed = vi.fn();
  const { close } = openTicketedSocket({ party: 'user-room', room: 'u1', requestTicket, onClosed });
  close();
  close();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(requestTicket).not.toHaveBeenCalled();
  expect(onClosed).toHaveBeenCalledTimes(1);
});

it('asks for a ticket for its room before it connects', async () => {
  vi.stubGlobal('location', { host: '127.0.0.1:9', protocol: 'http:' });
  const requestTicket = vi.fn(async () => 'ticket');
  const { close } = openTicketedSocket({ party: 'user-room', room: 'u1', requestTicket });
  await vi.waitFor(() => expect(requestTicket).toHaveBeenCalledTimes(1), WAIT);
  close();
});

it('stops for good on a ticket the caller says means "no longer here", and keeps trying on others', async () => {
  vi.stubGlobal('location', { host: '127.0.0.1:9', protocol: 'http:' });
  const refused = vi.fn(async (): Promise<string> => {
    throw new ApiError(403, 'You are not a member of this space.');
  });
  const onClosed = vi.fn();
  openTicketedSocket({
    party: 'space-room',
    room: 's1',
    requestTicket: refused,
    stopsOn: (error) => error instanceof ApiError && error.status === 403,
    onClosed,
  });
  await vi.waitFor(() => expect(onClosed).toHaveBeenCalledTimes(1), WAIT);

  const away = vi.fn(async (): Promise<string> => {
    throw new ApiError(503, 'Service unavailable');
  });
  const stillTrying = vi.fn();
  const { close } = openTicketedSocket({
    party: 'space-room',
    room: 's2',
    requestTicket: away,
    stopsOn: (error) => error instanceof ApiError && error.status === 403,
    onClosed: stillTrying,
  });
  await vi.waitFor(() => expect(away).toHaveBeenCalled(), WAIT);
  expect(stillTrying).not.toHaveBeenCalled();
  close();
});
