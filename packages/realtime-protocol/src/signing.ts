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
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
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
