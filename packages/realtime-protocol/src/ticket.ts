// Short-lived tickets that admit one user into one realtime room. edge-api issues them over the
// authenticated HTTP session; the realtime worker checks them before upgrading a socket, so it
// never needs the database.
import { z } from 'zod';
import { base64UrlDecode, base64UrlEncode, hmacSign, hmacVerify } from './signing.ts';

export const TICKET_TTL_MS = 60_000;

export const TicketClaims = z.strictObject({
  sub: z.string().min(1),
  sid: z.string().min(1),
  party: z.string().min(1),
  room: z.string().min(1),
  exp: z.number().int(),
  /**
   * The ticket's own id: a room admits one socket per ticket (it records the ids it has seen until
   * they expire), so a ticket copied from a URL or a log cannot open a second socket.
   */
  jti: z.string().min(16),
  /**
   * When edge-api issued it (ms, edge-api's clock, taken before it checked the caller's rights): a
   * room refuses a ticket issued at or before a revocation that matches its holder.
   */
  iat: z.number().int(),
  /** Display name, so a room can say who is typing without a database. */
  name: z.string().optional(),
  /** Whether the holder was a member of the space when it was issued (readers may not send typing). */
  member: z.boolean().optional(),
});
export type TicketClaims = z.infer<typeof TicketClaims>;

/** A fresh ticket id: 128 random bits, base64url. */
export function newTicketId(): string {
  return base64UrlEncode(crypto.getRandomValues(new Uint8Array(16)));
}

export async function signTicket(secret: string, claims: TicketClaims): Promise<string> {
  const payload = base64UrlEncode(new TextEncoder().encode(JSON.stringify(claims)));
  return `${payload}.${await hmacSign(secret, payload)}`;
}

export type TicketCheck = { ok: true; claims: TicketClaims } | { ok: false; reason: string };

/** Accepts a ticket only if it is well-formed, correctly signed, unexpired and for this exact room. */
export async function verifyTicket(
  secret: string,
  ticket: string | null | undefined,
  expected: { party: string; room: string; now?: number },
): Promise<TicketCheck> {
  if (!ticket) return { ok: false, reason: 'Missing ticket' };
  const [payload, signature, extra] = ticket.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'Malformed ticket' };
  if (!(await hmacVerify(secret, payload, signature))) return { ok: false, reason: 'Invalid ticket' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(base64UrlDecode(payload)));
  } catch {
    return { ok: false, reason: 'Malformed ticket' };
  }
  const claims = TicketClaims.safeParse(parsed);
  if (!claims.success) return { ok: false, reason: 'Malformed ticket' };
  if (claims.data.exp < (expected.now ?? Date.now())) return { ok: false, reason: 'Expired ticket' };
  if (claims.data.party !== expected.party || claims.data.room !== expected.room) {
    return { ok: false, reason: 'Ticket is for another room' };
  }
  return { ok: true, claims: claims.data };
}
