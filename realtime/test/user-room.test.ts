import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { baseUrl, call, signIn } from '../../scripts/lib/api-test-client.ts';
import { open } from './socket-client.ts';

const ticketFor = (token: string, room: string) =>
  call('/api/realtime/ticket', { method: 'POST', token, body: { party: 'user-room', room } });

describe('user room', () => {
  it('issues tickets only for the caller’s own room', async () => {
    const member = await signIn('member@example.com');
    const host = await signIn('host@example.com');
    expect((await ticketFor(member.token, member.user.id)).status).toBe(200);
    expect((await ticketFor(member.token, host.user.id)).status).toBe(403);
    expect(
      (await call('/api/realtime/ticket', { method: 'POST', body: { party: 'user-room', room: 'x' } }))
        .status,
    ).toBe(401);
  });

  it('refuses a socket without a ticket, with a forged ticket, or with another room’s ticket, before any frame', async () => {
    const member = await signIn('member@example.com');
    const host = await signIn('host@example.com');
    await expect(open(`/parties/user-room/${member.user.id}`)).rejects.toThrow('refused 401');
    await expect(open(`/parties/user-room/${member.user.id}?ticket=abc.def`)).rejects.toThrow('refused 401');
    const hostTicket = (await ticketFor(host.token, host.user.id)).body.ticket;
    await expect(open(`/parties/user-room/${member.user.id}?ticket=${hostTicket}`)).rejects.toThrow(
      'refused 401',
    );
  });

  it('refuses a socket from a page on another origin', async () => {
    const member = await signIn('member@example.com');
    const { ticket } = (await ticketFor(member.token, member.user.id)).body;
    await expect(
      open(`/parties/user-room/${member.user.id}?ticket=${ticket}`, { Origin: 'https://evil.example' }),
    ).rejects.toThrow('refused 403');
  });

  it('admits the ticket holder, then tells the socket its session ended and closes it on sign-out', async () => {
    const member = await signIn('member@example.com');
    const { ticket } = (await ticketFor(member.token, member.user.id)).body;
    const opened = await open(`/parties/user-room/${member.user.id}?ticket=${ticket}`, { Origin: baseUrl() });
    const signOut = await call('/api/auth/sign-out', { method: 'POST', token: member.token });
    // From the answer: the route closes the sockets before it answers (docs/api.md, Revocation).
    const signedOutAt = Date.now();
    expect(signOut.status).toBe(204);
    const closingAt = await opened.closing;
    expect(closingAt - signedOutAt).toBeLessThan(1000);
    expect(opened.frames).toContainEqual({ type: 'session.ended', reason: 'signed-out' });
  });

  it('closes only the signed-out session’s sockets, not the same user’s other sessions', async () => {
    const phone = await signIn('host@example.com');
    const laptop = await signIn('host@example.com');
    const phoneSocket = await open(
      `/parties/user-room/${phone.user.id}?ticket=${(await ticketFor(phone.token, phone.user.id)).body.ticket}`,
    );
    const laptopSocket = await open(
      `/parties/user-room/${laptop.user.id}?ticket=${(await ticketFor(laptop.token, laptop.user.id)).body.ticket}`,
    );
    await call('/api/auth/sign-out', { method: 'POST', token: phone.token });
    await phoneSocket.closing;
    expect(laptopSocket.socket.readyState).toBe(WebSocket.OPEN);
    laptopSocket.socket.close();
  });
});
