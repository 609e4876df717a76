// HMAC-SHA256 signing shared by edge-api (which issues) and realtime (which verifies).
// WebCrypto only, so it runs unchanged in workerd, browsers' test runners and Node 22.

const encoder = new TextEncoder();

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function base64UrlDecode(text: string): Uint8Array {
  const padded = text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  // A plain loop: Uint8Array.from with a map function goes through the string's iterator.
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * One imported key per secret for the isolate's life: every ticket and room command is signed or
 * checked with the same secret, and importing it again cost about 1 ms of a room command's CPU
 * (a V8 profile of the chat bench's reactions). Not extractable, so the cache holds no raw secret
 * beyond the string the caller already has.
 */
const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    // A failed import is not kept: the next call tries again.
    key.catch(() => keys.delete(secret));
    keys.set(secret, key);
  }
  return key;
}

export async function hmacSign(secret: string, data: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(data));
  return base64UrlEncode(new Uint8Array(signature));
}

/** Constant-time verification (crypto.subtle.verify compares in constant time). */
export async function hmacVerify(secret: string, data: string, signature: string): Promise<boolean> {
  let signatureBytes: Uint8Array;
  try {
    signatureBytes = base64UrlDecode(signature);
  } catch {
    return false;
  }
  return crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    signatureBytes as Uint8Array<ArrayBuffer>,
    encoder.encode(data),
  );
}
