import { describe, expect, it } from 'vitest';
import { signInternalBody, verifyInternalBody } from './internal.ts';
import { signTicket, verifyTicket } from './ticket.ts';

const secret = 'test-secret-that-is-long-enough';
const claims = { sub: 'u1', sid: 's1', party: 'user-room', room: 'u1', exp: Date.now() + 60_000 };

describe('room tickets', () => {
  it('admits a fresh ticket for its own room', async () => {
    const ticket = await signTicket(secret, claims);
    const check = await verifyTicket(secret, ticket, { party: 'user-room', room: 'u1' });
    expect(check).toEqual({ ok: true, claims });
  });

  it('refuses a ticket for another room', async () => {
    const ticket = await signTicket(secret, claims);
    expect(await verifyTicket(secret, ticket, { party: 'user-room', room: 'u2' })).toMatchObject({
      ok: false,
    });
  });

  it('refuses an expired ticket', async () => {
    const ticket = await signTicket(secret, { ...claims, exp: 1000 });
    expect(await verifyTicket(secret, ticket, { party: 'user-room', room: 'u1' })).toEqual({
      ok: false,
      reason: 'Expired ticket',
    });
  });

  it('refuses a ticket signed with another secret or tampered with', async () => {
    const forged = await signTicket('another-secret', claims);
    expect(await verifyTicket(secret, forged, { party: 'user-room', room: 'u1' })).toMatchObject({
      ok: false,
    });
    const [, signature] = (await signTicket(secret, claims)).split('.');
    const tamperedPayload = btoa(JSON.stringify({ ...claims, sub: 'admin' })).replace(/=+$/, '');
    expect(
      await verifyTicket(secret, `${tamperedPayload}.${signature}`, { party: 'user-room', room: 'u1' }),
    ).toMatchObject({ ok: false, reason: 'Invalid ticket' });
  });

  it('refuses missing and malformed tickets', async () => {
    expect(await verifyTicket(secret, null, { party: 'user-room', room: 'u1' })).toMatchObject({ ok: false });
    expect(await verifyTicket(secret, 'a.b.c', { party: 'user-room', room: 'u1' })).toMatchObject({
      ok: false,
    });
  });
});

describe('internal command signatures', () => {
  it('accepts a fresh signature over the exact body only', async () => {
    const header = await signInternalBody(secret, '{"a":1}');
    expect(await verifyInternalBody(secret, header, '{"a":1}')).toBe(true);
    expect(await verifyInternalBody(secret, header, '{"a":2}')).toBe(false);
  });

  it('refuses an old signature', async () => {
    const header = await signInternalBody(secret, 'x', Date.now() - 60_000);
    expect(await verifyInternalBody(secret, header, 'x')).toBe(false);
  });
});
