// Access tokens are short-lived signed JWTs naming the session; refresh tokens are random, stored
// only as a SHA-256 hash, and rotated on every refresh.
import { sign, verify } from 'hono/jwt';
import { z } from 'zod';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

const AccessClaims = z.object({ sub: z.string(), sid: z.string(), exp: z.number() });
export type AccessClaims = z.infer<typeof AccessClaims>;

export function signAccessToken(secret: string, userId: string, sessionId: string): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS;
  return sign({ sub: userId, sid: sessionId, exp }, secret, 'HS256');
}

/**
 * The HMAC key for a secret, imported once per isolate: handed a string, `verify` imports it again
 * for every request (about a millisecond of CPU each, measured under load).
 */
const verifyKeys = new Map<string, Promise<CryptoKey>>();
function verifyKeyOf(secret: string): Promise<CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) {
    const raw = new TextEncoder().encode(secret);
    key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    verifyKeys.set(secret, key);
  }
  return key;
}

export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const parsed = AccessClaims.safeParse(await verify(token, await verifyKeyOf(secret), 'HS256'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
