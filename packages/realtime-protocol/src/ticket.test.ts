import { describe, expect, it } from 'vitest';
import { signInternalBody, verifyInternalBody } from './internal.ts';
import { RoomCommand } from './messages.ts';
import { base64UrlEncode, hmacSign } from './signing.ts';
import { newTicketId, signTicket, verifyTicket } from './ticket.ts';

const secret = 'test-secret-that-is-long-enough';
const claims = {
  sub: 'u1',
  sid: 's1',
  party: 'user-room',
  room: 'u1',
  exp: Date.now() + 60_000,
  jti: newTicketId(),
  iat: Date.now(),
};

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

describe('ticket claims for single use and revocation', () => {
  /** Signs a payload the way signTicket does, without its type check: an old or hand-made ticket. */
  async function signRaw(payload: object) {
    const encoded = base64UrlEncode(new TextEncoder().encode(JSON.stringify(payload)));
    return `${encoded}.${await hmacSign(secret, encoded)}`;
  }

  it('gives every ticket its own 128-bit id', () => {
    const ids = new Set(Array.from({ length: 1000 }, newTicketId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('carries the id, the issue time and the membership claim through signing', async () => {
    const ticket = await signTicket(secret, { ...claims, party: 'space-room', room: 's1', member: false });
    const check = await verifyTicket(secret, ticket, { party: 'space-room', room: 's1' });
    expect(check).toEqual({
      ok: true,
      claims: { ...claims, party: 'space-room', room: 's1', member: false },
    });
  });

  it('refuses a correctly signed ticket without an id or an issue time (it could not be used once)', async () => {
    const { jti: _jti, ...withoutId } = claims;
    const { iat: _iat, ...withoutIssueTime } = claims;
    for (const payload of [withoutId, withoutIssueTime, { ...claims, jti: 'short' }]) {
      expect(await verifyTicket(secret, await signRaw(payload), { party: 'user-room', room: 'u1' })).toEqual({
        ok: false,
        reason: 'Malformed ticket',
      });
    }
  });
});

describe('room commands', () => {
  it('accepts one revoke command by user, by session or by member set', () => {
    for (const by of [{ user: 'u1' }, { session: 's1' }, { notIn: ['u1', 'u2'] }, { notIn: [] }]) {
      expect(RoomCommand.safeParse({ action: 'revoke', by, at: 1 }).success).toBe(true);
    }
  });

  it('refuses a revoke command that is ambiguous or has no time', () => {
    expect(
      RoomCommand.safeParse({ action: 'revoke', by: { user: 'u1', session: 's1' }, at: 1 }).success,
    ).toBe(false);
    expect(RoomCommand.safeParse({ action: 'revoke', by: {}, at: 1 }).success).toBe(false);
    expect(RoomCommand.safeParse({ action: 'revoke', by: { user: 'u1' } }).success).toBe(false);
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
