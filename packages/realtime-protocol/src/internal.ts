// Signs and checks the edge-api → room command calls. The realtime worker is reachable from the
// public /parties/* path too, so a command must prove it comes from edge-api.
import { INTERNAL_SIGNATURE_HEADER, INTERNAL_SIGNATURE_MAX_AGE_MS } from './messages.ts';
import { hmacSign, hmacVerify } from './signing.ts';

export async function signInternalBody(secret: string, body: string, now = Date.now()): Promise<string> {
  return `${now}.${await hmacSign(secret, `${now}.${body}`)}`;
}

export async function verifyInternalBody(
  secret: string,
  header: string | null,
  body: string,
  now = Date.now(),
): Promise<boolean> {
  if (!header) return false;
  const [timestamp, signature] = header.split('.');
  const sentAt = Number(timestamp);
  if (!signature || !Number.isFinite(sentAt) || Math.abs(now - sentAt) > INTERNAL_SIGNATURE_MAX_AGE_MS) {
    return false;
  }
  return hmacVerify(secret, `${timestamp}.${body}`, signature);
}

export { INTERNAL_SIGNATURE_HEADER };
